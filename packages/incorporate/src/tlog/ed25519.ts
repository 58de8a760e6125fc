/**
 * Ed25519 through WebCrypto, from raw key bytes as signed notes carry them. WebCrypto has no raw
 * import for private keys, so a 32-byte seed goes in wrapped as PKCS #8.
 */

// DER of PrivateKeyInfo { version 0, algorithm id-Ed25519 (1.3.101.112), OCTET STRING { seed } }.
const PKCS8_PREFIX = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20];

const ALGORITHM = { name: "Ed25519" } as const;

/** WebCrypto wants bytes backed by a plain ArrayBuffer: copy into one. */
const own = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

/** Verifies an Ed25519 signature; false (never a throw) for a bad key, signature or message. */
export async function ed25519Verify(
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
): Promise<boolean> {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  try {
    const key = await crypto.subtle.importKey("raw", own(publicKey), ALGORITHM, false, ["verify"]);
    return await crypto.subtle.verify(ALGORITHM, key, own(signature), own(message));
  } catch {
    return false;
  }
}

export interface Ed25519KeyPair {
  publicKey: Uint8Array;
  sign(message: Uint8Array): Promise<Uint8Array>;
}

/** The key pair of a 32-byte seed (RFC 8032's private key). */
export async function ed25519FromSeed(seed: Uint8Array): Promise<Ed25519KeyPair> {
  if (seed.length !== 32) throw new RangeError(`an Ed25519 seed is 32 bytes, got ${seed.length}`);
  const pkcs8 = new Uint8Array(PKCS8_PREFIX.length + 32);
  pkcs8.set(PKCS8_PREFIX);
  pkcs8.set(seed, PKCS8_PREFIX.length);
  const key = await crypto.subtle.importKey("pkcs8", pkcs8, ALGORITHM, true, ["sign"]);
  // The JWK export of a private key carries its public half, which WebCrypto cannot derive otherwise.
  const { x } = await crypto.subtle.exportKey("jwk", key);
  if (typeof x !== "string") throw new Error("WebCrypto did not export the Ed25519 public key");
  const publicKey = Uint8Array.from(atob(x.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  return {
    publicKey,
    sign: async (message) => new Uint8Array(await crypto.subtle.sign(ALGORITHM, key, own(message))),
  };
}
