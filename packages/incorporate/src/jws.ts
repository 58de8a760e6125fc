import { parseStrictJson } from "./strict-json.ts";

/** An Ed25519 public key as a JWK, as published in the service's JWKS and agents.json. */
export interface PublicJwk {
  kty: string;
  crv?: string;
  x?: string;
  kid?: string;
  alg?: string;
}

/** What checking a compact JWS (EdDSA, Ed25519) against a key set found. */
export interface JwsCheck {
  header: { alg?: string; kid?: string; typ?: string } | null;
  kid: string | null;
  /** `kid` names an Ed25519 key of the set given. */
  keyFound: boolean;
  signatureValid: boolean;
  /** The payload's bytes: only when the signature verifies. */
  payload: Uint8Array | null;
  error: string | null;
}

export function base64UrlDecode(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url");
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Verifies a compact JWS with the key its header's `kid` names, with WebCrypto only. */
export async function checkJws(jws: string, jwks: { keys: PublicJwk[] }): Promise<JwsCheck> {
  const result: JwsCheck = {
    header: null,
    kid: null,
    keyFound: false,
    signatureValid: false,
    payload: null,
    error: null,
  };
  try {
    const parts = jws.split(".");
    if (parts.length !== 3) throw new Error("a compact JWS has three parts");
    const [h, p, s] = parts as [string, string, string];
    result.header = parseStrictJson(new TextDecoder().decode(base64UrlDecode(h))) as typeof result.header;
    if (result.header?.alg !== "EdDSA") throw new Error(`unexpected alg ${String(result.header?.alg)}`);
    result.kid = typeof result.header.kid === "string" ? result.header.kid : null;
    const jwk = jwks.keys.find((k) => k.kid === result.kid && k.kty === "OKP" && k.crv === "Ed25519");
    result.keyFound = jwk !== undefined;
    if (!jwk) throw new Error("no published key has this kid");
    const key = await crypto.subtle.importKey(
      "jwk",
      { kty: "OKP", crv: "Ed25519", x: jwk.x },
      { name: "Ed25519" },
      false,
      ["verify"],
    );
    const signed = new TextEncoder().encode(`${h}.${p}`);
    result.signatureValid = await crypto.subtle.verify({ name: "Ed25519" }, key, base64UrlDecode(s), signed);
    if (!result.signatureValid) throw new Error("the signature does not verify");
    result.payload = base64UrlDecode(p);
  } catch (err) {
    result.error = err instanceof Error ? err.message : String(err);
  }
  return result;
}
