import { sign } from "node:crypto";
import { CompactSign } from "jose";
import { signingKeys } from "./keys";

export interface CheckpointPayload {
  sessionId: string;
  size: number;
  /** Hash of the last entry (the next `prev`), null for an empty log. */
  head: string | null;
  ts: string;
}

export const CHECKPOINT_TYPE = "sia-audit-checkpoint+jws";

/** Signs a checkpoint payload with the given Ed25519 key as a compact JWS. */
export function signCheckpointWith(key: CryptoKey, kid: string, payload: CheckpointPayload): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: "EdDSA", kid, typ: CHECKPOINT_TYPE })
    .sign(key);
}

const base64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");

/**
 * Signs the session head with the service's key (kid = RFC 7638 thumbprint): the same compact JWS
 * as signCheckpointWith (Ed25519 signatures are deterministic, so the same bytes), built here with
 * node:crypto because every audit read signs one.
 */
export async function signCheckpoint(payload: Omit<CheckpointPayload, "ts">, now = new Date()): Promise<string> {
  const { signer, publicJwk } = await signingKeys();
  const header = base64url(JSON.stringify({ alg: "EdDSA", kid: publicJwk.kid, typ: CHECKPOINT_TYPE }));
  const signingInput = `${header}.${base64url(JSON.stringify({ ...payload, ts: now.toISOString() }))}`;
  return `${signingInput}.${sign(null, Buffer.from(signingInput, "ascii"), signer).toString("base64url")}`;
}
