import { hashOf } from "../signing/canonical";
import type { Store, StoreRead, StoreReadResult } from "../store/types";
import { type CheckpointPayload, openCheckpoint } from "./checkpoint";
import { headerStatus } from "./session-header";
import { checkpointReads, newestCheckpointOf } from "./store-checkpoint";
import { openSummary, type SessionSummary, summaryKey } from "./summary";
import type { CheckpointStatus, StoredLogReport } from "./verify";

/**
 * A session's log is one store list: item 0 is a header holding the hash of the session write
 * token, items 1.. are the entries, each stored as its full canonical form (so the next `prev` is a
 * hash of the stored bytes). One key means the claim of a new session, every append and the
 * retention all happen atomically on that key, and the token lives exactly as long as the log.
 */
export const logKey = (sessionId: string) => `audit:${sessionId}:log`;

/** What a few reads tell of a session, whatever its size: its head, summary and newest checkpoint. */
export interface LogHead {
  sessionId: string;
  /** False when the log has no header: an unknown session, or one whose log expired. */
  exists: boolean;
  /** Item 0 as stored (session-header.ts says what it must be); null when the log has none. */
  headerRaw: string | null;
  /** Entries stored. */
  stored: number;
  /** The last stored entry as stored; null when there is none. */
  last: string | null;
  /** The summary as stored (the compare-and-set condition of whoever rewrites it). */
  summaryRaw: string | null;
  /** The stored summary when the service sealed it and it describes exactly the stored head; else null. */
  summary: SessionSummary | null;
  /** The newest stored checkpoint, and its payload when the service signed it for this session. */
  checkpoint: string | null;
  signed: CheckpointPayload | null;
  /** The checkpoint key's own value (null for a session from before it): the condition of its next write. */
  checkpointStored: string | null;
}

/**
 * Reads a session's head in one request whatever the session's size, with `extra` reads answered
 * from the same state (the caller's).
 */
export async function readLogHead(
  sessionId: string,
  store: Store,
  extra: StoreRead[] = [],
): Promise<LogHead & { extra: StoreReadResult[] }> {
  const key = logKey(sessionId);
  const results = await store.readMany([
    { type: "get", key: summaryKey(sessionId) },
    { type: "length", key },
    { type: "range", key, start: 0, stop: 0 },
    { type: "range", key, start: -1, stop: -1 },
    ...checkpointReads(sessionId),
    ...extra,
  ]);
  const [summaryRaw, length, [headerRaw = null], [lastItem]] = results as [string | null, number, string[], string[]];
  const { checkpoint, stored: checkpointStored } = newestCheckpointOf(results.slice(4, 6));
  const stored = Math.max(0, length - 1);
  const last = stored > 0 && lastItem !== undefined ? lastItem : null;
  const opened = openSummary(summaryRaw, sessionId);
  const consistent =
    opened !== null && length > 0 && opened.total === stored && opened.head === (last === null ? null : hashOf(last));
  return {
    sessionId,
    exists: length > 0,
    headerRaw,
    stored,
    last,
    summaryRaw,
    summary: consistent ? opened : null,
    checkpoint,
    signed: checkpoint === null ? null : await openCheckpoint(checkpoint, sessionId),
    checkpointStored,
    extra: results.slice(6),
  };
}

/**
 * readLogHead, read once more when the stored summary does not describe the head: the reads are
 * separate requests, and an append landing among them looks just like that. Only a mismatch read
 * twice sends the caller to verifying every entry.
 */
export async function readSettledHead(sessionId: string, store: Store): Promise<LogHead> {
  const head = await readLogHead(sessionId, store);
  return unsettled(head) ? readLogHead(sessionId, store) : head;
}

/** A summary is stored but does not name the stored head: maybe an append landed among the reads. */
export function unsettled(head: LogHead): boolean {
  return head.exists && head.summary === null && head.summaryRaw !== null;
}

/** A whole-log report and how many entries it covers (the published ones: those a checkpoint covers). */
export interface HeadReport {
  published: number;
  report: StoredLogReport;
}

/**
 * The verification report of the published log from the summary and the newest checkpoint, in at
 * most one more read: what a badge or a paged read hands out. Null when the summary cannot say (none,
 * or not of this head, or a checkpoint behind a summary that found problems): the caller verifies
 * every entry instead. The summary vouches for entries the service appended and for the verdict of
 * the last full verification; the checkpoint check is made here, against the signed head.
 */
export async function headReport(head: LogHead, store: Store): Promise<HeadReport | null> {
  const { summary, signed, stored } = head;
  if (summary === null) return null;
  const { total, verified, tampered, unsigned, firstBadSeq, problems } = summary;
  const header = headerStatus(head.headerRaw, head.sessionId);
  const tally = { total, verified, tampered, unsigned, firstBadSeq, problems: problems.slice(), header };
  const whole = (checkpoint: CheckpointStatus): HeadReport => ({
    published: stored,
    report: { ...tally, head: { size: stored, hash: summary.head }, checkpoint },
  });
  if (head.checkpoint === null) return whole(stored === 0 ? "none" : "missing");
  if (signed === null) return whole("invalid");
  if (signed.size > stored) return whole("mismatch");
  if (signed.size === stored) return whole(signed.head === summary.head ? "valid" : "mismatch");
  // The checkpoint lags: entries after it are appends whose own checkpoint is not stored yet, and
  // reads publish only what it covers. The summary counts those appends as verified (the service
  // signed them), so the covered part's counts follow, unless the summary records problems.
  if (summary.tampered > 0) return null;
  const [covered] = signed.size === 0 ? [] : await store.range(logKey(head.sessionId), signed.size, signed.size);
  const coveredHead = covered === undefined ? null : hashOf(covered);
  const after = stored - signed.size;
  return {
    published: signed.size,
    report: {
      ...tally,
      total: signed.size,
      verified: verified - after,
      problems: problems.filter((p) => p.seq < signed.size),
      head: { size: signed.size, hash: coveredHead },
      checkpoint: coveredHead === signed.head ? "valid" : "mismatch",
    },
  };
}
