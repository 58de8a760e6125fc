import { getStore } from "../store";
import { currentCheckpoint } from "./checkpoint";
import { parseAuditItem } from "./log";
import { readVerifiedLog, type VerifiedLog } from "./verified-log";
import type { VerificationReport } from "./verify";

export interface AuditLogResult {
  sessionId: string;
  backend: "embedded" | "upstash";
  count: number;
  entries: unknown[];
  /** Compact JWS over `{sessionId, size, head, ts}`. */
  checkpoint: string;
  verification?: VerificationReport;
}

/** The log with a checkpoint of its size and head (signed at most a second ago). */
async function readSigned(sessionId: string) {
  const store = getStore();
  const log: VerifiedLog = await readVerifiedLog(sessionId, store);
  const checkpoint = await currentCheckpoint({ sessionId, size: log.items.length, head: log.report.head.hash });
  return { backend: store.backend, log, checkpoint };
}

/** Reads a session's log with a checkpoint of its head and, on request, the verification report. */
export async function getAuditLog(sessionId: string, options: { verify?: boolean } = {}): Promise<AuditLogResult> {
  const { backend, log, checkpoint } = await readSigned(sessionId);
  return {
    sessionId,
    backend,
    count: log.items.length,
    entries: log.items.map(parseAuditItem),
    checkpoint,
    ...(options.verify ? { verification: log.report } : {}),
  };
}

/**
 * The same document as JSON text for GET /api/play/audit/{sessionId}. Each entry is copied in as
 * stored (its canonical form, already JSON) instead of being parsed and serialised again; an item
 * that is not JSON goes in as a string, as getAuditLog gives it.
 */
export async function getAuditLogJson(sessionId: string, options: { verify?: boolean } = {}): Promise<string> {
  const { backend, log, checkpoint } = await readSigned(sessionId);
  const entries = log.items.map((raw, i) => (log.unparseable.has(i) ? JSON.stringify(raw) : raw)).join(",");
  const head = `{"sessionId":${JSON.stringify(sessionId)},"backend":${JSON.stringify(backend)},"count":${log.items.length}`;
  const verification = options.verify ? `,"verification":${JSON.stringify(log.report)}` : "";
  return `${head},"entries":[${entries}],"checkpoint":${JSON.stringify(checkpoint)}${verification}}`;
}
