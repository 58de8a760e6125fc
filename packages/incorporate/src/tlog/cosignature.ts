import { ed25519FromSeed, ed25519Verify } from "./ed25519.ts";
import { TlogError } from "./errors.ts";
import { computeKeyId, KEY_TYPE_COSIGNATURE_V1, type VerifierKey } from "./key-id.ts";
import type { NoteSigner, NoteVerifier } from "./note.ts";

/**
 * Ed25519 checkpoint cosignatures (c2sp.org/tlog-cosignature, type 0x04): a witness signs
 * `cosignature/v1\ntime <t>\n` followed by the checkpoint's note text, and the signature line
 * carries the timestamp: key ID || u64 timestamp || 64-byte signature.
 */

const encoder = new TextEncoder();
const SIGNATURE_SIZE = 8 + 64;

/** The message a v1 cosignature signs for a note text at a POSIX time in seconds. */
export function cosignatureMessage(text: string, timestamp: number): string {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new TlogError(
      "invalid_argument",
      `a cosignature timestamp is a non-negative integer, got ${String(timestamp)}`,
    );
  }
  return `cosignature/v1\ntime ${timestamp}\n${text}`;
}

/**
 * The timestamp (POSIX seconds) of a cosignature, from the signature bytes of its note signature
 * line (after the key ID). Throws on a signature of the wrong size.
 */
export function cosignatureTimestamp(signature: Uint8Array): number {
  if (signature.length !== SIGNATURE_SIZE) {
    throw new TlogError(
      "malformed",
      `a v1 cosignature is ${SIGNATURE_SIZE} bytes after the key ID, got ${signature.length}`,
    );
  }
  const view = new DataView(signature.buffer, signature.byteOffset, 8);
  const high = view.getUint32(0);
  // Beyond 2^53 seconds is far past any real clock; the spec's own bound is 2^63 - 1.
  if (high >= 0x200000) throw new TlogError("malformed", "the cosignature timestamp is out of range");
  return high * 0x1_0000_0000 + view.getUint32(4);
}

/** A verifier of v1 cosignatures by the witness key `key` (type 0x04). */
export function cosignatureVerifier(key: VerifierKey): NoteVerifier {
  return {
    name: key.name,
    keyId: key.keyId,
    async verify(text, signature) {
      let timestamp: number;
      try {
        timestamp = cosignatureTimestamp(signature);
      } catch {
        return false;
      }
      return ed25519Verify(key.publicKey, encoder.encode(cosignatureMessage(text, timestamp)), signature.slice(8));
    },
  };
}

/**
 * A cosigner from a witness name and 32-byte Ed25519 seed; `now` gives the POSIX time in seconds
 * to stamp (default: the clock). Its signatures go on checkpoints with `signNote`.
 */
export async function cosignerFromSeed(
  name: string,
  seed: Uint8Array,
  now: () => number = () => Math.floor(Date.now() / 1000),
): Promise<NoteSigner & { publicKey: Uint8Array }> {
  const pair = await ed25519FromSeed(seed);
  return {
    name,
    keyId: computeKeyId(name, KEY_TYPE_COSIGNATURE_V1, pair.publicKey),
    publicKey: pair.publicKey,
    async sign(text) {
      const timestamp = now();
      const signature = await pair.sign(encoder.encode(cosignatureMessage(text, timestamp)));
      const out = new Uint8Array(SIGNATURE_SIZE);
      const view = new DataView(out.buffer);
      view.setUint32(0, Math.floor(timestamp / 0x1_0000_0000));
      view.setUint32(4, timestamp >>> 0);
      out.set(signature, 8);
      return out;
    },
  };
}
