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

/** Signs the session head with the service's key (kid = RFC 7638 thumbprint). */
export async function signCheckpoint(payload: Omit<CheckpointPayload, "ts">, now = new Date()): Promise<string> {
  const { key, publicJwk } = await signingKeys();
  return signCheckpointWith(key, publicJwk.kid, { ...payload, ts: now.toISOString() });
}
