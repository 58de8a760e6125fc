import { createPrivateKey, type JsonWebKeyInput, type KeyObject } from "node:crypto";
import { calculateJwkThumbprint, type JWK } from "jose";
import { getConfig } from "../config/config";

export interface PublicJwk extends JWK {
  kid: string;
  alg: "EdDSA";
  use: "sig";
}

/** The HMAC key new entries are signed with. */
export function currentHmacKey(): { kid: string; secret: string } {
  const { hmac } = getConfig().secrets;
  return { kid: hmac.currentKid, secret: hmac.keys[hmac.currentKid] as string };
}

/** Every configured HMAC key by id (current and retired): verification accepts any of them. */
export function hmacKeys(): Record<string, string> {
  return getConfig().secrets.hmac.keys;
}

function publicPart(jwk: JsonWebKey): JWK {
  return { kty: "OKP", crv: "Ed25519", x: jwk.x as string };
}

async function toPublicJwk(jwk: JsonWebKey): Promise<PublicJwk> {
  const pub = publicPart(jwk);
  return { ...pub, kid: await calculateJwkThumbprint(pub, "sha256"), alg: "EdDSA", use: "sig" };
}

const CACHE = Symbol.for("sia.signing");
export type SigningKeys = { signer: KeyObject; publicJwk: PublicJwk; retired: PublicJwk[] };
type SigningGlobal = typeof globalThis & { [CACHE]?: Promise<SigningKeys> };

/** The checkpoint signing key and the public keys (current first), computed once per process. */
export function signingKeys(): Promise<SigningKeys> {
  const g = globalThis as SigningGlobal;
  g[CACHE] ??= (async () => {
    const { signingKey, retiredSigningKeys } = getConfig().secrets;
    return {
      // A node:crypto key: signing with it directly costs a third of WebCrypto's round trip.
      signer: createPrivateKey({ key: signingKey as JsonWebKeyInput["key"], format: "jwk" }),
      publicJwk: await toPublicJwk(signingKey),
      retired: await Promise.all(retiredSigningKeys.map(toPublicJwk)),
    };
  })();
  return g[CACHE];
}

/** The JWKS published for offline verifiers: the current checkpoint key, then retired ones. */
export async function publicJwks(): Promise<{ keys: PublicJwk[] }> {
  const { publicJwk, retired } = await signingKeys();
  return { keys: [publicJwk, ...retired] };
}
