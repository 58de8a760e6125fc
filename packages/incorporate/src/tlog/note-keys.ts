import { concatBytes, fromBase64, toBase64 } from "./bytes.ts";
import { cosignatureVerifier } from "./cosignature.ts";
import { ed25519FromSeed, ed25519Verify } from "./ed25519.ts";
import { TlogError } from "./errors.ts";
import { computeKeyId, KEY_TYPE_COSIGNATURE_V1, KEY_TYPE_ED25519, type VerifierKey } from "./key-id.ts";
import { isValidKeyName, type NoteSigner, type NoteVerifier, type VerifiedNote, verifyNote } from "./note.ts";

const encoder = new TextEncoder();

function malformed(what: string, why: string): TlogError {
  return new TlogError("malformed", `malformed ${what}: ${why}`);
}

const hex8 = (n: number) => n.toString(16).padStart(8, "0");

/** Splits `text` at its first `count` plus signs: the base64 at the end may hold more of them. */
function splitPlus(text: string, count: number): string[] | null {
  const parts: string[] = [];
  let rest = text;
  for (let i = 0; i < count; i++) {
    const at = rest.indexOf("+");
    if (at < 0) return null;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  parts.push(rest);
  return parts;
}

/** Checks the parts shared by vkeys and signer keys and returns the key material after the type byte. */
function parseKeyParts(
  what: string,
  name: string,
  idHex: string,
  b64: string,
): { keyId: number; type: number; key: Uint8Array } {
  if (!isValidKeyName(name)) throw malformed(what, "the key name is empty or has a space or a plus");
  if (!/^[0-9a-f]{8}$/.test(idHex)) throw malformed(what, "the key ID is not 8 lowercase hex digits");
  const bytes = fromBase64(b64);
  if (bytes === null || bytes.length < 2) throw malformed(what, "the key is not base64 of a type byte and a key");
  const type = bytes[0] as number;
  const key = bytes.slice(1);
  if (type !== KEY_TYPE_ED25519 && type !== KEY_TYPE_COSIGNATURE_V1) {
    throw malformed(what, `unsupported signature type 0x${type.toString(16).padStart(2, "0")}`);
  }
  if (key.length !== 32) throw malformed(what, `an Ed25519 key is 32 bytes, got ${key.length}`);
  return { keyId: Number.parseInt(idHex, 16), type, key };
}

/** Parses a vkey, checking that its key ID is the one its name and key give. */
export function parseVerifierKey(vkey: string): VerifierKey {
  const parts = splitPlus(vkey, 2);
  if (parts === null) throw malformed("verifier key", "expected <name>+<hex key ID>+<base64 key>");
  const [name, idHex, b64] = parts as [string, string, string];
  const { keyId, type, key } = parseKeyParts("verifier key", name, idHex, b64);
  if (computeKeyId(name, type, key) !== keyId) throw malformed("verifier key", "the key ID does not match the key");
  return { name, keyId, type, publicKey: key };
}

/** Formats a vkey; the key ID is computed from the name, type and key. */
export function formatVerifierKey(key: { name: string; type: number; publicKey: Uint8Array }): string {
  if (!isValidKeyName(key.name)) throw malformed("verifier key", "the key name is empty or has a space or a plus");
  const id = computeKeyId(key.name, key.type, key.publicKey);
  return `${key.name}+${hex8(id)}+${toBase64(concatBytes(new Uint8Array([key.type]), key.publicKey))}`;
}

/**
 * A verifier for a vkey: Ed25519 note signatures (type 0x01) or timestamped cosignatures
 * (type 0x04, c2sp.org/tlog-cosignature).
 */
export function verifierFromKey(vkey: string | VerifierKey): NoteVerifier {
  const key = typeof vkey === "string" ? parseVerifierKey(vkey) : vkey;
  if (key.type === KEY_TYPE_COSIGNATURE_V1) return cosignatureVerifier(key);
  return {
    name: key.name,
    keyId: key.keyId,
    verify: (text, signature) => ed25519Verify(key.publicKey, encoder.encode(text), signature),
  };
}

/** A note signer with its vkey, from a signer key `PRIVATE+KEY+<name>+<hex key ID>+base64(0x01 || seed)`. */
export async function signerFromKey(skey: string): Promise<NoteSigner & { verifierKey: string }> {
  const parts = splitPlus(skey, 4);
  if (parts === null || parts[0] !== "PRIVATE" || parts[1] !== "KEY") {
    throw malformed("signer key", "expected PRIVATE+KEY+<name>+<hex key ID>+<base64 key>");
  }
  const [, , name, idHex, b64] = parts as [string, string, string, string, string];
  const { keyId, type, key } = parseKeyParts("signer key", name, idHex, b64);
  if (type !== KEY_TYPE_ED25519) throw malformed("signer key", "only Ed25519 note keys (type 0x01) can sign notes");
  const pair = await ed25519FromSeed(key);
  if (computeKeyId(name, type, pair.publicKey) !== keyId)
    throw malformed("signer key", "the key ID does not match the key");
  return {
    name,
    keyId,
    verifierKey: formatVerifierKey({ name, type, publicKey: pair.publicKey }),
    sign: (text) => pair.sign(encoder.encode(text)),
  };
}

/** Formats a signer key from a name and a 32-byte Ed25519 seed. */
export async function formatSignerKey(name: string, seed: Uint8Array): Promise<string> {
  if (!isValidKeyName(name)) throw malformed("signer key", "the key name is empty or has a space or a plus");
  const { publicKey } = await ed25519FromSeed(seed);
  const id = computeKeyId(name, KEY_TYPE_ED25519, publicKey);
  return `PRIVATE+KEY+${name}+${hex8(id)}+${toBase64(concatBytes(new Uint8Array([KEY_TYPE_ED25519]), seed))}`;
}

/** A fresh Ed25519 note key: the signer key (keep it secret) and the vkey to publish. */
export async function generateNoteKey(name: string): Promise<{ signerKey: string; verifierKey: string }> {
  const seed = crypto.getRandomValues(new Uint8Array(32));
  const { publicKey } = await ed25519FromSeed(seed);
  return {
    signerKey: await formatSignerKey(name, seed),
    verifierKey: formatVerifierKey({ name, type: KEY_TYPE_ED25519, publicKey }),
  };
}

/** Verifies a signed note under any of `keys` (vkey strings or verifiers): see verifyNote. */
export function verifyNoteUnder(
  note: string | Uint8Array,
  keys: string | NoteVerifier | readonly (string | NoteVerifier)[],
): Promise<VerifiedNote> {
  const list = (Array.isArray(keys) ? keys : [keys]) as (string | NoteVerifier)[];
  return verifyNote(
    note,
    list.map((k) => (typeof k === "string" ? verifierFromKey(k) : k)),
  );
}
