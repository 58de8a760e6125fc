import { getStore } from "../store";
import type { Store } from "../store/types";
import { type CheckpointPayload, openCheckpoint } from "./checkpoint";
import { checkpointsKey, readAuditItems } from "./log";
import { type VerifiedLog, verifyItems } from "./verified-log";
import type { CheckpointStatus, VerificationReport } from "./verify";

export interface PublishedLog extends VerifiedLog {
  /** The newest stored checkpoint, as signed when its head was appended; null when there is none. */
  checkpoint: string | null;
  report: VerificationReport & { checkpoint: CheckpointStatus };
}

/**
 * A session's log as every read hands it out (JSON, CSV, stream, badge, pages): the newest stored
 * checkpoint and the entries, with the verification report of both. Nothing is signed here.
 * The checkpoint is read first: an append stores its entry and its checkpoint in one batch, so the
 * entries read next hold at least what it covers. More entries than it covers are either appends
 * that landed between the two reads (the checkpoint has moved on: read again) or items written into
 * the store by hand (it has not): those are served with the verdict that no checkpoint covers them.
 */
export async function readPublishedLog(sessionId: string, store: Store = getStore()): Promise<PublishedLog> {
  for (let attempt = 0; ; attempt++) {
    const { checkpoint, signed } = await readNewestCheckpoint(sessionId, store);
    const stored = await readAuditItems(sessionId, store);
    if (signed === null || stored.length <= signed.size) return published(sessionId, stored, checkpoint, signed);
    const again = await readNewestCheckpoint(sessionId, store);
    if (again.checkpoint === checkpoint) return published(sessionId, stored, checkpoint, signed);
    // A busy log: after a few rounds, serve what the newest checkpoint read covers.
    if (attempt === 2) return published(sessionId, stored.slice(0, signed.size), checkpoint, signed);
  }
}

function published(
  sessionId: string,
  items: string[],
  checkpoint: string | null,
  signed: CheckpointPayload | null,
): PublishedLog {
  const log = verifyItems(sessionId, items);
  return { ...log, checkpoint, report: { ...log.report, checkpoint: statusOf(checkpoint, signed, log) } };
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
