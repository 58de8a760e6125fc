import { ApiError } from "../http/problem";
import { hashOf } from "./canonical";
import { openCheckpoint } from "./checkpoint";
import { verifyItems } from "./verified-log";

/** What an append read of a session before it signs a new head. */
export interface StoredLog {
  sessionId: string;
  /** The stored entries, each as stored. */
  items: string[];
  /** The newest stored checkpoint, null when there is none. */
  checkpoint: string | null;
}

/**
 * Why the service must not sign a new head over a stored log, or null when it may. It never signs
 * over a log that fails its own verification: every entry must pass (HMAC, link, canonical form),
 * and the newest stored checkpoint must be one it signed for exactly these entries. Entries without
 * any checkpoint (written before checkpoints were stored, or whose checkpoints were deleted) are
 * signed over only when their HMACs all verify. The verification is the per-process incremental
 * one of the reads, so an append re-checks only what is new since the last look.
 * The caller reads the log and its checkpoint in separate requests, so it reads again before it
 * calls a mismatch tampering: an append by another process can land between them.
 */
export async function unsignableBecause(log: StoredLog): Promise<string | null> {
  const { report } = verifyItems(log.sessionId, log.items);
  if (report.firstBadSeq !== null) {
    const reasons = report.problems.find((p) => p.seq === report.firstBadSeq)?.reasons ?? [];
    return `entry ${report.firstBadSeq}: ${reasons.join(", ")}`;
  }
  if (log.checkpoint === null) return null;
  const signed = await openCheckpoint(log.checkpoint, log.sessionId);
  if (signed === null) return "its stored checkpoint is not one this service signed for it";
  // Entries after the checkpoint are appends whose own checkpoint is not stored yet (in flight, or
  // cut off by a crash): they passed verification above, and the new checkpoint will cover them.
  const signedHead = signed.size === 0 ? null : log.items[signed.size - 1];
  if (
    signed.size > report.total ||
    signed.head !== (signedHead === undefined || signedHead === null ? null : hashOf(signedHead))
  ) {
    return `its newest checkpoint signed ${signed.size} entries and another head than the ${report.total} stored`;
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
