import { concatBytes } from "./bytes.ts";
import { sha256 } from "./sha256.ts";

/** Signature type bytes of C2SP signed-note that this package implements. */
export const KEY_TYPE_ED25519 = 0x01;
export const KEY_TYPE_COSIGNATURE_V1 = 0x04;

/** A parsed verifier key (vkey): `<name>+<hex key ID>+base64(type || public key)`. */
export interface VerifierKey {
  name: string;
  keyId: number;
  type: number;
  publicKey: Uint8Array;
}

const encoder = new TextEncoder();

/** The key ID: the first four bytes of SHA-256(name || 0x0A || type || public key), big-endian. */
export function computeKeyId(name: string, type: number, publicKey: Uint8Array): number {
  const digest = sha256(concatBytes(encoder.encode(`${name}\n`), new Uint8Array([type]), publicKey));
  return new DataView(digest.buffer, digest.byteOffset, 4).getUint32(0);
}
