import { hash, timingSafeEqual } from "node:crypto";
import { Generations } from "../cache/generations";
import { ApiError } from "../http/problem";
import { randomToken } from "../identity/random-token";
import { hmacKeys } from "../signing/keys";
import { sealHolds, sealOf } from "../signing/seal";
import { storeAlarm } from "../store/store-alarm";

/**
 * Item 0 of a session's log: the hash of its write token, which decides who may append, sealed to
 * the session (an HMAC under the audit keys over the session id, the hash and the creation time).
 * Without the seal, whoever can write the store could put the hash of their own token there, append
 * through the API, and put the original back. A header written before headers were sealed (v1) has
 * no seal and is refused like a forged one: an unsealed header is exactly what a forger writes.
 */
export interface SessionHeader {
  v: 2;
  tokenHash: string;
  createdAt: string;
  kid: string;
  mac: string;
}

const PURPOSE = "sia.audit.session-header.v2";

/** What reads report of a session's header: `none` when the session has no log. */
import type { HeaderStatus } from "@sociedades-ia/incorporate";

export type { HeaderStatus } from "@sociedades-ia/incorporate";

export function hashToken(token: string): string {
  return hash("sha256", token, "hex");
}

/** A fresh write token and the sealed header item that stores only its hash. */
export function newSessionHeader(
  sessionId: string,
  now = new Date(),
  token: string = randomToken(),
): { token: string; raw: string } {
  return { token, raw: sealedHeader(sessionId, hashToken(token), now.toISOString()) };
}

/** The header item of a session whose token has this hash, sealed to it. */
export function sealedHeader(sessionId: string, tokenHash: string, createdAt: string): string {
  const header: SessionHeader = { v: 2, tokenHash, createdAt, ...sealOf(PURPOSE, [sessionId, tokenHash, createdAt]) };
  return JSON.stringify(header);
}

// Every read of a session opens its header again (a badge on every view): a text that opened for a
// session is kept, by the two exactly, so it is not parsed and MACed again. Kept per set of HMAC
// keys: a text that opened under them opens under them for good, and other keys start afresh.
const openedUnder = new WeakMap<object, Generations<string, SessionHeader>>();

function openedHeaders(): Generations<string, SessionHeader> {
  const keys = hmacKeys();
  let opened = openedUnder.get(keys);
  if (!opened) {
    opened = new Generations(4096);
    openedUnder.set(keys, opened);
  }
  return opened;
}

/** The stored header when the service sealed it for this session; null for anything else. */
export function openSessionHeader(raw: string, sessionId: string): SessionHeader | null {
  const opened = openedHeaders();
  const key = `${sessionId}\n${raw}`;
  const known = opened.get(key);
  if (known !== undefined) return known;
  const header = openUncached(raw, sessionId);
  if (header !== null) opened.set(key, header);
  return header;
}

function openUncached(raw: string, sessionId: string): SessionHeader | null {
  let h: Partial<SessionHeader>;
  try {
    h = JSON.parse(raw) as Partial<SessionHeader>;
  } catch {
    return null;
  }
  if (h === null || typeof h !== "object" || h.v !== 2) return null;
  const { tokenHash, createdAt } = h;
  if (typeof tokenHash !== "string" || typeof createdAt !== "string") return null;
  return sealHolds(PURPOSE, [sessionId, tokenHash, createdAt], h) ? (h as SessionHeader) : null;
}

/** The header's status for reads: `raw` null means the session has no log. */
export function headerStatus(raw: string | null, sessionId: string): HeaderStatus {
  if (raw === null) return "none";
  if (openSessionHeader(raw, sessionId) !== null) return "sealed";
  storeAlarm("audit", "session header fails its seal; reads report it", sessionId);
  return "invalid";
}

/**
 * The sealed header of a session about to take a write, or 409 audit_session_corrupt (and an alarm):
 * nothing is appended to a session whose header the service cannot vouch for.
 */
export function sealedHeaderOrThrow(raw: string, sessionId: string): SessionHeader {
  const header = openSessionHeader(raw, sessionId);
  if (header !== null) return header;
  storeAlarm("audit", "session header fails its seal; write refused", sessionId);
  throw new ApiError(
    "audit_session_corrupt",
    "The stored header of this session (which says who may write to it) is not one this service sealed for it: the store was edited, or the session predates sealed headers. Nothing was written. Use a new session id.",
  );
}

/** 403 unless `presented` is the session's write token. */
export function authorize(header: SessionHeader, presented: string | null): void {
  if (!presented) {
    throw new ApiError(
      "session_token_required",
      "This session already exists: send its write token (returned on its first write) in the x-session-token header, or use a new session id.",
    );
  }
  const a = Buffer.from(hashToken(presented), "hex");
  const b = Buffer.from(header.tokenHash, "hex");
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new ApiError("session_token_invalid", "The x-session-token does not belong to this session.");
  }
}
