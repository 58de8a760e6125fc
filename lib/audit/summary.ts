import type { Tally } from "@sociedades-ia/incorporate";
import type { EntryProblem } from "@sociedades-ia/incorporate/verify";
import { hmacOf } from "../signing/canonical";
import { currentHmacKey, hmacKeys } from "../signing/keys";

/**
 * A session's summary: the verification state of its stored log, kept beside it so that an append
 * and a badge check the stored head in a few reads instead of re-verifying every entry. Each append
 * writes it in the same atomic batch as its entry; a full read that verified every entry rewrites it
 * when it found something else. It is HMAC-sealed with the entries' key, so the store cannot forge
 * one: it can only delete it or put back an older one, and an older one names another head (both
 * send the reader back to verifying everything). It never expires, so that it also marks the
 * session id as used once a demo session's log has expired: that id is never handed out again.
 */
export const summaryKey = (sessionId: string) => `audit:${sessionId}:summary`;

/** Problems kept in a summary: the report of a log that has more lists the first ones. */
export const SUMMARY_MAX_PROBLEMS = 20;

export interface SessionSummary extends Tally {
  v: 1;
  sessionId: string;
  /** Hash of the last stored entry's full canonical form; null while there is none. */
  head: string | null;
}

interface Sealed extends SessionSummary {
  kid: string;
  mac: string;
}

function macInput(summary: SessionSummary): string {
  const { v, sessionId, head, total, verified, tampered, unsigned, firstBadSeq, problems } = summary;
  return JSON.stringify([v, sessionId, head, total, verified, tampered, unsigned, firstBadSeq, problems]);
}

/** The summary as stored: its members and an HMAC over them. */
export function sealSummary(summary: SessionSummary): string {
  const { kid, secret } = currentHmacKey();
  const sealed: Sealed = { ...summary, kid, mac: hmacOf(macInput(summary), secret) };
  return JSON.stringify(sealed);
}

// Reads of an unchanged head share one check of its seal, as long as the keys are the same.
const opened = new Map<string, { keys: Record<string, string>; summary: SessionSummary | null }>();
const OPENED_MAX = 2048;

/** A stored summary the service sealed for this session, or null for anything else. */
export function openSummary(raw: string | null, sessionId: string): SessionSummary | null {
  if (raw === null) return null;
  const keys = hmacKeys();
  const cacheKey = `${sessionId}\n${raw}`;
  const known = opened.get(cacheKey);
  if (known?.keys === keys) return known.summary;
  const summary = unseal(raw, sessionId, keys);
  if (opened.size >= OPENED_MAX) opened.clear();
  opened.set(cacheKey, { keys, summary });
  return summary;
}

function unseal(raw: string, sessionId: string, keys: Record<string, string>): SessionSummary | null {
  try {
    const s = JSON.parse(raw) as Sealed;
    if (s.v !== 1 || s.sessionId !== sessionId || typeof s.kid !== "string") return null;
    const secret = Object.hasOwn(keys, s.kid) ? keys[s.kid] : undefined;
    if (secret === undefined || !Number.isSafeInteger(s.total) || !Array.isArray(s.problems)) return null;
    const summary: SessionSummary = {
      v: 1,
      sessionId,
      head: s.head,
      total: s.total,
      verified: s.verified,
      tampered: s.tampered,
      unsigned: s.unsigned,
      firstBadSeq: s.firstBadSeq,
      problems: s.problems,
    };
    return s.mac === hmacOf(macInput(summary), secret) ? summary : null;
  } catch {
    return null;
  }
}

/** The summary of a session with no entries yet. */
export function emptySummary(sessionId: string): SessionSummary {
  return {
    v: 1,
    sessionId,
    head: null,
    total: 0,
    verified: 0,
    tampered: 0,
    unsigned: 0,
    firstBadSeq: null,
    problems: [],
  };
}

/** The summary after the service appended one more entry (verified: it signed it) with head `head`. */
export function summaryAfterAppend(summary: SessionSummary, head: string): SessionSummary {
  return { ...summary, head, total: summary.total + 1, verified: summary.verified + 1 };
}

/** The summary of a full verification's result over the stored entries. */
export function summaryOfReport(sessionId: string, report: Tally & { head: { hash: string | null } }): SessionSummary {
  const problems: EntryProblem[] = report.problems.slice(0, SUMMARY_MAX_PROBLEMS);
  const { total, verified, tampered, unsigned, firstBadSeq } = report;
  return { v: 1, sessionId, head: report.head.hash, total, verified, tampered, unsigned, firstBadSeq, problems };
}

/** True when both summaries say the same of the log (the seal aside). */
export function sameSummary(a: SessionSummary | null, b: SessionSummary): boolean {
  return a !== null && macInput(a) === macInput(b);
}
