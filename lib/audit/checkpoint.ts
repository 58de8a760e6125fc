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

/** How long a checkpoint of an unchanged head is handed out again instead of signed anew. */
const REUSE_MS = 1000;
const RECENT_MAX = 1024;
const recent = new Map<string, { checkpoint: string; signedAt: number }>();

/**
 * A checkpoint of the session's head as it is now, for an audit read. One signed less than a second
 * ago for the same session, size, head and key is handed out again: its `ts` says when it was signed,
 * and that is all a checkpoint claims (the log had this head then), so readers of a busy log share
 * one Ed25519 signature a second instead of one each. Any append changes size and head, and a
 * changed stored item changes the head the reader verified, so neither is ever answered from here.
 */
export async function currentCheckpoint(payload: Omit<CheckpointPayload, "ts">): Promise<string> {
  const { publicJwk } = await signingKeys();
  const key = `${publicJwk.kid}\n${payload.sessionId}\n${payload.size}\n${payload.head}`;
  const now = Date.now();
  const hit = recent.get(key);
  if (hit && now - hit.signedAt < REUSE_MS) return hit.checkpoint;
  const checkpoint = await signCheckpoint(payload, new Date(now));
  if (recent.size >= RECENT_MAX) recent.clear();
  recent.set(key, { checkpoint, signedAt: now });
  return checkpoint;
}
