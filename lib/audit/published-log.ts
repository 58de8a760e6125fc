import { getStore } from "../store";
import type { Store } from "../store/types";
import { type CheckpointPayload, openCheckpoint } from "./checkpoint";
import { readAuditItems } from "./log";
import { checkpointsKey } from "./store-checkpoint";
import { type VerifiedLog, verifyItems } from "./verified-log";
import type { CheckpointStatus, VerificationReport } from "./verify";

export interface PublishedLog extends VerifiedLog {
  /** The newest stored checkpoint, as signed when its head was appended; null when there is none. */
  checkpoint: string | null;
  /** Its payload, when the service signed it for this session. */
  signed: CheckpointPayload | null;
  report: VerificationReport & { checkpoint: CheckpointStatus };
}

/**
 * A session's log as every read hands it out (JSON, CSV, stream, badge, pages): the newest stored
 * checkpoint and the entries it covers, with the verification report of both. Nothing is signed
 * here. Entries past the checkpoint are appends whose own checkpoint is not stored yet (it follows
 * the entry, once the entry's log index is known); they are published with it, on a later read.
 */
export async function readPublishedLog(sessionId: string, store: Store = getStore()): Promise<PublishedLog> {
  const { checkpoint, signed } = await readNewestCheckpoint(sessionId, store);
  const stored = await readAuditItems(sessionId, store);
  return published(
    sessionId,
    signed && stored.length > signed.size ? stored.slice(0, signed.size) : stored,
    checkpoint,
    signed,
  );
}

function published(
  sessionId: string,
  items: string[],
  checkpoint: string | null,
  signed: CheckpointPayload | null,
): PublishedLog {
  const log = verifyItems(sessionId, items);
  return { ...log, checkpoint, signed, report: { ...log.report, checkpoint: statusOf(checkpoint, signed, log) } };
}

/** The session's newest stored checkpoint and, when the service signed it for this session, its payload. */
export async function readNewestCheckpoint(
  sessionId: string,
  store: Store = getStore(),
): Promise<{ checkpoint: string | null; signed: CheckpointPayload | null }> {
  const [checkpoint = null] = await store.range(checkpointsKey(sessionId), -1, -1);
  return { checkpoint, signed: checkpoint === null ? null : await openCheckpoint(checkpoint, sessionId) };
}

function statusOf(checkpoint: string | null, signed: CheckpointPayload | null, log: VerifiedLog): CheckpointStatus {
  if (checkpoint === null) return log.items.length === 0 ? "none" : "missing";
  if (signed === null) return "invalid";
  return signed.size === log.report.head.size && signed.head === log.report.head.hash ? "valid" : "mismatch";
}
