import { TlogError } from "./errors.ts";
import { type BundleFetcher, readEntriesFromTiles } from "./tile-entries.ts";
import { TILE_WIDTH } from "./tile-path.ts";
import type { TileFetcher, TreeHead } from "./tile-verify.ts";

/** A leaf of the log as its entry bundle holds it, with its index; proven under a checkpoint. */
export interface LogLeaf {
  index: number;
  entry: Uint8Array;
}

/** The last `seq` the log sequenced for each audit session, as leaves were read in log order. */
export type SessionSeqs = Record<string, number>;

/** What a range of leaves says about the sessions in it: the seqs after it, and any contradiction. */
export interface SessionLeavesResult {
  sessions: SessionSeqs;
  /** One line per leaf whose `(session, seq)` repeats or skips one; empty when the range is clean. */
  problems: string[];
}

const decoder = new TextDecoder("utf-8", { fatal: true });

/** An `audit.entry` leaf's session and seq, or null for any other leaf. */
function auditEntry(entry: Uint8Array): { sessionId: string; seq: number } | null {
  let leaf: unknown;
  try {
    leaf = JSON.parse(decoder.decode(entry));
  } catch {
    return null;
  }
  const l = leaf as { kind?: unknown; sessionId?: unknown; seq?: unknown } | null;
  if (l?.kind !== "audit.entry" || typeof l.sessionId !== "string" || !Number.isSafeInteger(l.seq)) return null;
  return { sessionId: l.sessionId, seq: l.seq as number };
}

/**
 * Checks the `audit.entry` leaves of a range, in log order, against the seqs seen before it: a
 * session's leaves must be seq 0, 1, 2… with none repeated (a session cut back and continued signs a
 * second leaf for a seq) and none skipped (an entry the log never recorded). `seen` is not changed.
 * This is where a monitor reads a range's leaves: a check of the per-session index the log commits
 * to (recomputing its root from these leaves) belongs here too.
 */
export function checkSessionLeaves(leaves: readonly LogLeaf[], seen: SessionSeqs): SessionLeavesResult {
  const sessions: SessionSeqs = { ...seen };
  const problems: string[] = [];
  for (const { index, entry } of leaves) {
    const audit = auditEntry(entry);
    if (audit === null) continue;
    const expected = (sessions[audit.sessionId] ?? -1) + 1;
    if (audit.seq < expected) {
      problems.push(
        `leaf ${index} is seq ${audit.seq} of session ${audit.sessionId}, which the log already holds (a session cut back and continued)`,
      );
    } else if (audit.seq > expected) {
      problems.push(
        `leaf ${index} is seq ${audit.seq} of session ${audit.sessionId}, but the log's last was ${expected - 1} (entries skipped)`,
      );
    }
    sessions[audit.sessionId] = Math.max(sessions[audit.sessionId] ?? -1, audit.seq);
  }
  return { sessions, problems };
}

/**
 * Reads leaves `[from, to)` of the checkpoint's tree from the entry bundles, each proven under its
 * root (readEntriesFromTiles). One bundle (256 leaves) at a time, so memory stays bounded.
 */
export async function* readLeaves(
  head: TreeHead,
  from: number,
  to: number,
  fetchTile: TileFetcher,
  fetchBundle: BundleFetcher,
): AsyncGenerator<LogLeaf[]> {
  if (!(Number.isSafeInteger(from) && Number.isSafeInteger(to) && 0 <= from && from <= to && to <= head.size)) {
    throw new TlogError("invalid_argument", `cannot read leaves ${from} to ${to} of a tree of ${head.size}`);
  }
  for (let bundle = Math.floor(from / TILE_WIDTH); bundle * TILE_WIDTH < to; bundle++) {
    const entries = await readEntriesFromTiles(head, bundle, fetchTile, fetchBundle);
    yield entries.filter((e) => e.index >= from && e.index < to);
  }
}
