import { getStore } from "../store";
import { headReceipt } from "../tlog/head-receipt";
import type { TransparencyReceipt } from "../tlog/receipt";
import { parseAuditItem } from "./log";
import { readPublishedLog } from "./published-log";
import type { VerificationReport } from "./verify";

export interface AuditLogResult {
  sessionId: string;
  backend: "embedded" | "upstash";
  count: number;
  entries: unknown[];
  /**
   * Compact JWS over `{sessionId, size, head, ts}`, signed when that head was appended; null for a
   * session that has none (an unknown session).
   */
  checkpoint: string | null;
  /** The head entry's leaf in the transparency log and its inclusion proof; null for an empty log. */
  transparency: TransparencyReceipt | null;
  verification?: VerificationReport;
}

/** Reads a session's log with its stored checkpoint and, on request, the verification report. */
export async function getAuditLog(sessionId: string, options: { verify?: boolean } = {}): Promise<AuditLogResult> {
  const store = getStore();
  const log = await readPublishedLog(sessionId, store);
  return {
    sessionId,
    backend: store.backend,
    count: log.items.length,
    entries: log.items.map(parseAuditItem),
    checkpoint: log.checkpoint,
    transparency: await headReceipt(log.signed, store),
    ...(options.verify ? { verification: log.report } : {}),
  };
}

/**
 * The same document as JSON text for GET /api/play/audit/{sessionId}. Each entry is copied in as
 * stored (its canonical form, already JSON) instead of being parsed and serialised again; an item
 * that is not JSON goes in as a string, as getAuditLog gives it.
 */
export async function getAuditLogJson(sessionId: string, options: { verify?: boolean } = {}): Promise<string> {
  const store = getStore();
  const log = await readPublishedLog(sessionId, store);
  const entries = log.items.map((raw, i) => (log.unparseable.has(i) ? JSON.stringify(raw) : raw)).join(",");
  const head = `{"sessionId":${JSON.stringify(sessionId)},"backend":${JSON.stringify(store.backend)},"count":${log.items.length}`;
  const verification = options.verify ? `,"verification":${JSON.stringify(log.report)}` : "";
  const transparency = JSON.stringify(await headReceipt(log.signed, store));
  return `${head},"entries":[${entries}],"checkpoint":${JSON.stringify(log.checkpoint)},"transparency":${transparency}${verification}}`;
}
