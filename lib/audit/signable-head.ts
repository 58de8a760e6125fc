import { ApiError } from "../http/problem";
import { hashOf } from "../signing/canonical";
import type { Store } from "../store/types";
import { openCheckpoint } from "./checkpoint";
import { type LogHead, logKey } from "./log-head";
import type { VerificationReport } from "./verify";

/** What an append read of a session before it signs a new head. */
export interface StoredLog {
  sessionId: string;
  /** The verification of every stored entry. */
  report: VerificationReport;
  /** A stored entry by seq, as stored. */
  itemAt(seq: number): Promise<string | undefined>;
  /** The newest stored checkpoint, null when there is none. */
  checkpoint: string | null;
}

/**
 * Why the service must not sign a new head over a stored log, or null when it may. It never signs
 * over a log that fails its own verification: every entry must pass (HMAC, link, canonical form),
 * and the newest stored checkpoint must be one it signed for exactly these entries. Entries without
 * any checkpoint (written before checkpoints were stored, or whose checkpoints were deleted) are
 * signed over only when their HMACs all verify.
 * The caller reads the log and its checkpoint in separate requests, so it reads again before it
 * calls a mismatch tampering: an append by another process can land between them.
 */
export async function unsignableBecause(log: StoredLog): Promise<string | null> {
  const { report } = log;
  const bad = firstProblem(report);
  if (bad !== null) return bad;
  if (log.checkpoint === null) return null;
  const signed = await openCheckpoint(log.checkpoint, log.sessionId);
  if (signed === null) return "its stored checkpoint is not one this service signed for it";
  // Entries after the checkpoint are appends whose own checkpoint is not stored yet (in flight, or
  // cut off by a crash): they passed verification above, and the new checkpoint will cover them.
  const signedHead = signed.size === 0 ? null : await log.itemAt(signed.size - 1);
  if (
    signed.size > report.total ||
    signed.head !== (signedHead === undefined || signedHead === null ? null : hashOf(signedHead))
  ) {
    return `its newest checkpoint signed ${signed.size} entries and another head than the ${report.total} stored`;
  }
  return null;
}

function firstProblem(report: Pick<VerificationReport, "firstBadSeq" | "problems">): string | null {
  if (report.firstBadSeq === null) return null;
  const reasons = report.problems.find((p) => p.seq === report.firstBadSeq)?.reasons ?? [];
  return `entry ${report.firstBadSeq}: ${reasons.join(", ")}`;
}

/**
 * unsignableBecause from the stored head alone, when the session's summary describes it: the
 * summary's verdict, and the newest checkpoint against the head it names. `undefined` when the head
 * cannot tell (no summary of this head, or entries without any checkpoint): verify every entry.
 * Checking the head is enough to never sign over a rewritten log: a chain that is whole up to the
 * signed head holds exactly the signed entries, and an entry edited in place without re-linking the
 * chain leaves a broken link that every verifier sees, whatever the service signs after it (and any
 * full read that sees it records it in the summary, which stops further appends).
 */
export async function headRefusal(head: LogHead, store: Store): Promise<string | null | undefined> {
  const { summary, signed, stored, checkpoint, sessionId } = head;
  if (summary === null || (checkpoint === null && stored > 0)) return undefined;
  const bad = firstProblem(summary);
  if (bad !== null) return bad;
  if (checkpoint === null) return null;
  if (signed === null) return "its stored checkpoint is not one this service signed for it";
  let signedHead: string | null = summary.head;
  if (signed.size < stored) {
    const [covered] = signed.size === 0 ? [] : await store.range(logKey(sessionId), signed.size, signed.size);
    signedHead = covered === undefined ? null : hashOf(covered);
  }
  if (signed.size > stored || signed.head !== signedHead) {
    return `its newest checkpoint signed ${signed.size} entries and another head than the ${stored} stored`;
  }
  return null;
}

/** 409 audit_log_corrupt, for unsignableBecause's reason. */
export function auditLogCorrupt(why: string): ApiError {
  return new ApiError(
    "audit_log_corrupt",
    `The stored log of this session fails verification (${why}), so the service signs nothing more over it. Nothing was written.`,
  );
}
