import { hmacKeys } from "../signing/keys";
import { getStore } from "../store";
import type { Store } from "../store/types";
import { type CheckpointPayload, openCheckpoint } from "./checkpoint";
import { sessionInLog } from "./index-status";
import { type HeadReport, headReport, type LogHead, logKey, readLogHead, readSettledHead } from "./log-head";
import { headerStatus } from "./session-header";
import { readCheckpoint } from "./store-checkpoint";
import { KEEP_ALL, KEEP_NONE, type KeptRange, verifyStoredEntries } from "./stored-verification";
import { sameSummary, sealSummary, summaryKey, summaryOfReport } from "./summary";
import {
  type CheckpointStatus,
  type StoredLogReport,
  startVerification,
  type VerificationReport,
  verifyStoredItem,
} from "./verify";

export interface PublishedLog {
  /** The stored items handed out, in order: each entry's full canonical form as stored. */
  items: string[];
  /** Positions in `items` that are not JSON (verification counts them as malformed). */
  unparseable: ReadonlySet<number>;
  /** The newest stored checkpoint, as signed when its head was appended; null when there is none. */
  checkpoint: string | null;
  /** Its payload, when the service signed it for this session. */
  signed: CheckpointPayload | null;
  report: StoredLogReport;
}

/**
 * A session's log as every read hands it out (JSON, CSV, stream, badge, pages): the newest stored
 * checkpoint and the entries it covers, with the verification report of both. Nothing is signed
 * here. Entries past the checkpoint are appends whose own checkpoint is not stored yet (it follows
 * the entry, once the entry's log index is known); they are published with it, on a later read.
 * Every entry is read and verified (incrementally, per process): this is the full read.
 */
export async function readPublishedLog(sessionId: string, store: Store = getStore()): Promise<PublishedLog> {
  const log = await publishedFrom(await readLogHead(sessionId, store), store);
  return { ...log, report: await withIndex(sessionId, log.report, store) };
}

/** A report with where its head stands in the log's index: a session cut back in the store reads as cut. */
async function withIndex<R extends VerificationReport>(sessionId: string, report: R, store: Store): Promise<R> {
  return { ...report, index: await sessionInLog(sessionId, report.head, store) };
}

/**
 * readPublishedLog from a head just read, keeping the entries of `keep`. The head comes first: the
 * summary read there is the condition of any rewrite below, so an append that lands while the
 * entries are read makes that rewrite fail instead of storing an older state.
 */
async function publishedFrom(head: LogHead, store: Store, keep: KeptRange = KEEP_ALL): Promise<PublishedPage> {
  const { sessionId, checkpoint, signed } = head;
  const verified = await verifyStoredEntries(sessionId, publishedCount(head.stored, signed), store, { keep });
  const report: StoredLogReport = {
    ...verified.report,
    checkpoint: statusOf(checkpoint, signed, verified.report),
    header: headerStatus(head.headerRaw, sessionId),
  };
  // While the checkpoint lags, the summary still vouches for the stored head: a problem found in the
  // published part is recorded too, so that the badge and appends stop taking the summary's word.
  const total = report.total;
  if (total === head.stored || report.firstBadSeq !== null) await recordVerdict(head, report, store);
  const end = verified.first + verified.items.length;
  return {
    items: verified.items,
    unparseable: verified.unparseable,
    report,
    checkpoint,
    signed,
    total,
    first: verified.first,
    next: end < total ? end - 1 : null,
  };
}

/**
 * Keeps the summary in step with a full verification of every stored entry: a session stored before
 * summaries gets one, and an edit the summary did not know of (an entry changed in place behind the
 * head) is recorded, so that the badge shows it and appends stop, on every server. Compare-and-set on
 * the summary read before the entries; a failure (an append landed meanwhile) is left to the next read.
 */
async function recordVerdict(head: LogHead, report: VerificationReport, store: Store): Promise<void> {
  if (!head.exists) return; // no summary for a session without a header: it would retire the id
  const summary = summaryOfReport(head.sessionId, report);
  if (sameSummary(head.summary, summary)) return;
  try {
    await store.batch([
      { type: "set", key: summaryKey(head.sessionId), value: sealSummary(summary), expect: [head.summaryRaw] },
    ]);
  } catch {
    // A read still answers when the store refuses this write: the next full read records it.
  }
}

/**
 * How many of `stored` entries reads publish with a checkpoint: those it covers. Entries past it are
 * appends whose own checkpoint is not stored yet. Without a checkpoint the service signed (none, or
 * an invalid one), or with one past the stored entries, every stored entry goes out, and the
 * verification report says why they do not match it.
 */
export function publishedCount(stored: number, signed: CheckpointPayload | null): number {
  return signed && stored > signed.size ? signed.size : stored;
}

/** The newest stored checkpoint and the number of entries published with it. */
export interface PublishedExtent {
  checkpoint: string | null;
  signed: CheckpointPayload | null;
  size: number;
}

/**
 * What a read that hands out the log in steps (the CSV export) publishes, fixed before its first
 * step, in two reads whatever the session's size. The checkpoint is read first and the length after:
 * an entry is stored before its checkpoint, so the length read second counts every entry the
 * checkpoint covers. The log only grows (until it expires), so entries 0..size-1 are these entries
 * for as long as the read lasts.
 */
export async function readPublishedExtent(sessionId: string, store: Store = getStore()): Promise<PublishedExtent> {
  const { checkpoint, signed } = await readNewestCheckpoint(sessionId, store);
  const stored = Math.max(0, (await store.length(logKey(sessionId))) - 1);
  return { checkpoint, signed, size: publishedCount(stored, signed) };
}

/** The session's newest stored checkpoint and, when the service signed it for this session, its payload. */
export async function readNewestCheckpoint(
  sessionId: string,
  store: Store = getStore(),
): Promise<{ checkpoint: string | null; signed: CheckpointPayload | null }> {
  const { checkpoint } = await readCheckpoint(sessionId, store);
  return { checkpoint, signed: checkpoint === null ? null : await openCheckpoint(checkpoint, sessionId) };
}

function statusOf(
  checkpoint: string | null,
  signed: CheckpointPayload | null,
  report: VerificationReport,
): CheckpointStatus {
  if (checkpoint === null) return report.total === 0 ? "none" : "missing";
  if (signed === null) return "invalid";
  return signed.size === report.head.size && signed.head === report.head.hash ? "valid" : "mismatch";
}

/**
 * The whole published log's report in a few reads, whatever its size: from the summary kept at
 * append time and the newest checkpoint, or, when they cannot say (a session stored before
 * summaries, an edited store), from a full read, which records its verdict for the next one. What
 * the badge shows.
 */
export async function readLogReport(sessionId: string, store: Store = getStore()): Promise<StoredLogReport> {
  const head = await readSettledHead(sessionId, store);
  const fromHead = await headReport(head, store);
  const report = fromHead !== null ? fromHead.report : (await publishedFrom(head, store, KEEP_NONE)).report;
  return withIndex(sessionId, report, store);
}

/** Where a page starts and how many entries it may hold. */
export interface PageRequest {
  /** The page holds entries with a greater seq; -1 starts at the first. */
  after: number;
  limit: number;
}

export interface PublishedPage extends PublishedLog {
  /** Entries in the whole published log (the checkpoint's size). */
  total: number;
  /** Seq of the page's first entry (its items are entries first..first+items.length-1). */
  first: number;
  /** `after` for the next page; null on the last. */
  next: number | null;
}

/**
 * One page of the published log, with the checkpoint and the report of the whole log: what a read
 * costs grows with the page, never with the log. A page that holds the whole log is the full read.
 * Otherwise the page's own entries are verified (HMAC, canonical form, links, the first against the
 * entry before it) and the rest of the report comes from the summary; a page that finds a problem
 * the summary does not list sends the read to the full verification, which records it.
 */
export async function readPublishedPage(
  sessionId: string,
  page: PageRequest,
  store: Store = getStore(),
): Promise<PublishedPage> {
  const read = await readPage(sessionId, page, store);
  return { ...read, report: await withIndex(sessionId, read.report, store) };
}

async function readPage(sessionId: string, page: PageRequest, store: Store): Promise<PublishedPage> {
  const head = await readSettledHead(sessionId, store);
  const fromHead = await headReport(head, store);
  const total = fromHead?.published ?? publishedCount(head.stored, head.signed);
  const first = Math.min(page.after + 1, total);
  const end = Math.min(total, first + page.limit);
  const next = end < total ? end - 1 : null;
  if (fromHead === null || (first === 0 && end === total)) {
    return publishedFrom(head, store, page);
  }
  // List positions: the header is item 0, entry n is item n + 1; the entry before the page is read too.
  const items = end > first ? await store.range(logKey(sessionId), Math.max(1, first), end) : [];
  const before = first > 0 ? (items.shift() ?? null) : null;
  const pageItems = items.slice(0, end - first);
  const { problems: found, unparseable } = verifyPage(sessionId, first, before, pageItems);
  if (found.some((p) => !fromHead.report.problems.some((known) => known.seq === p.seq))) {
    return publishedFrom(await readLogHead(sessionId, store), store, page);
  }
  return {
    items: pageItems,
    unparseable,
    report: fromHead.report,
    checkpoint: head.checkpoint,
    signed: head.signed,
    total,
    first,
    next,
  };
}

/**
 * The problems of a page's entries, judged as a verifier of the whole log would judge them, and
 * which of them are not JSON: each entry is parsed once, here (a page of 1,000 is half a megabyte).
 */
function verifyPage(sessionId: string, first: number, before: string | null, items: string[]) {
  const keys = hmacKeys();
  const state = startVerification();
  if (before !== null) {
    // The entry before only gives the link the page's first entry must carry, hashed as a full
    // verification hashes it; whatever it holds is judged on its own page.
    state.tally.total = first - 1;
    verifyStoredItem(state, sessionId, before, keys);
    state.tally.problems = [];
  }
  const unparseable = new Set<number>();
  // Not JSON means unparseable; an item that is JSON but no entry (a string) is handed out as stored.
  for (const [i, raw] of items.entries()) if (!verifyStoredItem(state, sessionId, raw, keys)) unparseable.add(i);
  return { problems: state.tally.problems, unparseable };
}

export type { HeadReport };
