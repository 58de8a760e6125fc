import { hmacKeys } from "../signing/keys";
import type { Store } from "../store/types";
import { logKey } from "./log-head";
import { verifyItems } from "./verified-log";
import { reportOf, startVerification, type VerificationReport, verifyStoredItem } from "./verify";

/**
 * Entries a full verification holds at once. A session up to this size is read whole (and its
 * report kept per process, verified-log.ts); a longer one is read and verified in steps, carrying
 * only the chain's state, so that a session has no practical cap and no read holds more than a page.
 */
export const WHOLE_READ_MAX = 10_000;
const STEP = 1_000;

/** The entries a full verification keeps to hand out: `limit` of them after `after` (-1: from the first). */
export interface KeptRange {
  after: number;
  limit: number;
}

export const KEEP_ALL: KeptRange = { after: -1, limit: Number.POSITIVE_INFINITY };
export const KEEP_NONE: KeptRange = { after: -1, limit: 0 };

export interface StoredVerification {
  report: VerificationReport;
  /** The kept entries as stored: seq `first` onwards. */
  items: string[];
  first: number;
  /** Positions in `items` that are not JSON. */
  unparseable: Set<number>;
  /** The stored item of entry `seq` (read again when it was not kept); undefined past the end. */
  itemAt(seq: number): Promise<string | undefined>;
}

export interface VerifyOptions {
  keep?: KeptRange;
  /** Entries per step past WHOLE_READ_MAX: tests make both small. */
  step?: number;
  wholeMax?: number;
}

/**
 * Verifies the first `count` stored entries of a session, every one of them, as a verifier of the
 * whole log would. Past `wholeMax` entries the log is read `step` entries at a time: a step that
 * comes back short (the log expired meanwhile) ends the verification there, as a whole read of the
 * shorter log would.
 */
export async function verifyStoredEntries(
  sessionId: string,
  count: number,
  store: Store,
  options: VerifyOptions = {},
): Promise<StoredVerification> {
  const { keep = KEEP_ALL, step = STEP, wholeMax = WHOLE_READ_MAX } = options;
  const key = logKey(sessionId);
  const first = Math.max(0, keep.after + 1);
  const itemAt = async (seq: number) => (seq < 0 ? undefined : (await store.range(key, seq + 1, seq + 1))[0]);
  if (count <= wholeMax) {
    const items = (await store.range(key, 1, -1)).slice(0, count);
    const log = verifyItems(sessionId, items);
    const end = Math.min(items.length, first + keep.limit);
    const unparseable = new Set<number>();
    for (const i of log.unparseable) if (i >= first && i < end) unparseable.add(i - first);
    return {
      report: log.report,
      items: items.slice(first, end),
      first: Math.min(first, items.length),
      unparseable,
      itemAt: async (seq) => (seq >= 0 && seq < items.length ? items[seq] : undefined),
    };
  }
  const keys = hmacKeys();
  const state = startVerification();
  const kept: string[] = [];
  const unparseable = new Set<number>();
  for (let from = 0; from < count; from += step) {
    const want = Math.min(step, count - from);
    const items = await store.range(key, from + 1, from + want);
    for (const [i, raw] of items.entries()) {
      const seq = from + i;
      const json = verifyStoredItem(state, sessionId, raw, keys);
      if (seq < first || seq - first >= keep.limit) continue;
      if (!json) unparseable.add(kept.length);
      kept.push(raw);
    }
    if (items.length < want) break;
  }
  return { report: reportOf(state), items: kept, first: Math.min(first, state.tally.total), unparseable, itemAt };
}
