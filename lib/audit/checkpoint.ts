import { createPublicKey, type KeyObject, sign, verify } from "node:crypto";
import { CompactSign } from "jose";
import { boundedMemo } from "../cache/bounded-memo";
import { type PublicJwk, type SigningKeys, signingKeys } from "../signing/keys";

export interface CheckpointPayload {
  sessionId: string;
  size: number;
  /** Hash of the last entry (the next `prev`), null for an empty log. */
  head: string | null;
  ts: string;
  /** The transparency log index of the head entry's leaf; absent for an empty log. */
  logIndex?: number;
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
 * Signs a session head with the service's key (kid = RFC 7638 thumbprint): the same compact JWS as
 * signCheckpointWith (Ed25519 signatures are deterministic, so the same bytes), built with
 * node:crypto because every append signs one. Only the append calls it: reads serve what it stored.
 */
export async function signCheckpoint(payload: Omit<CheckpointPayload, "ts">, now = new Date()): Promise<string> {
  return signCheckpointNow(await signingKeys(), payload, now);
}

/** signCheckpoint with the keys at hand: for a store batch that signs between its writes (log.ts). */
export function signCheckpointNow(
  { signer, publicJwk }: Pick<SigningKeys, "signer" | "publicJwk">,
  payload: Omit<CheckpointPayload, "ts">,
  now: Date,
): string {
  const header = base64url(JSON.stringify({ alg: "EdDSA", kid: publicJwk.kid, typ: CHECKPOINT_TYPE }));
  const payloadJson = JSON.stringify({ ...payload, ts: now.toISOString() });
  const signingInput = `${header}.${base64url(payloadJson)}`;
  const jws = `${signingInput}.${sign(null, Buffer.from(signingInput, "ascii"), signer).toString("base64url")}`;
  // The session's next append opens this checkpoint: it needs no verification, having just been made.
  rememberOpened(payload.sessionId, jws, JSON.parse(payloadJson) as CheckpointPayload);
  return jws;
}

const publicKeyOf = boundedMemo(
  64,
  (jwk: PublicJwk): KeyObject => createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: jwk.x }, format: "jwk" }),
  (jwk) => jwk.kid,
);

function isPayload(value: unknown): value is CheckpointPayload {
  const p = value as CheckpointPayload;
  return (
    typeof p === "object" &&
    p !== null &&
    typeof p.sessionId === "string" &&
    Number.isSafeInteger(p.size) &&
    p.size >= 0 &&
    (p.head === null || typeof p.head === "string") &&
    typeof p.ts === "string" &&
    (p.logIndex === undefined || (Number.isSafeInteger(p.logIndex) && p.logIndex >= 0))
  );
}

/**
 * The payload of a checkpoint that this service signed (with its current or a retired key) for
 * `sessionId`; null for anything else. The store is not trusted: a stored checkpoint is checked like
 * one from outside before the service builds on it or reports it valid.
 */
export async function openCheckpoint(jws: string, sessionId: string): Promise<CheckpointPayload | null> {
  const { publicJwk, retired } = await signingKeys();
  return openWith(jws, sessionId, [publicJwk, ...retired]);
}

// Ed25519 verification costs about as much as signing; reads of an unchanged head share one.
const opened = new Map<string, CheckpointPayload | null>();
const OPENED_MAX = 2048;

function openWith(jws: string, sessionId: string, keys: PublicJwk[]): CheckpointPayload | null {
  const cacheKey = `${sessionId}\n${jws}`;
  if (opened.has(cacheKey)) return opened.get(cacheKey) ?? null;
  return rememberOpened(sessionId, jws, decode(jws, sessionId, keys));
}

function rememberOpened(sessionId: string, jws: string, result: CheckpointPayload | null): CheckpointPayload | null {
  if (opened.size >= OPENED_MAX) opened.clear();
  opened.set(`${sessionId}\n${jws}`, result);
  return result;
}

function decode(jws: string, sessionId: string, keys: PublicJwk[]): CheckpointPayload | null {
  const parts = jws.split(".");
  if (parts.length !== 3) return null;
  const [h, p, s] = parts as [string, string, string];
  try {
    const header = JSON.parse(Buffer.from(h, "base64url").toString("utf8")) as { alg?: unknown; kid?: unknown };
    const key = keys.find((k) => k.kid === header.kid);
    if (header.alg !== "EdDSA" || !key) return null;
    if (!verify(null, Buffer.from(`${h}.${p}`, "ascii"), publicKeyOf(key), Buffer.from(s, "base64url"))) return null;
    const payload = JSON.parse(Buffer.from(p, "base64url").toString("utf8")) as unknown;
    return isPayload(payload) && payload.sessionId === sessionId ? payload : null;
  } catch {
    return null;
  }
}
