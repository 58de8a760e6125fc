import { getStore } from "../store";
import { headReceipt } from "../tlog/head-receipt";
import type { TransparencyReceipt } from "../tlog/receipt";
import { parseAuditItem } from "./log";
import { type PageRequest, type PublishedPage, readPublishedPage } from "./published-log";
import type { VerificationReport } from "./verify";
import { witnessQuorum } from "./verify-witnesses";

/** Entries one read hands out at most, and by default: a read's cost is bounded by the page, not the log. */
export const AUDIT_PAGE_MAX = 1000;

/** The whole log unless it is longer than a page: the first page. */
export const FIRST_PAGE: PageRequest = { after: -1, limit: AUDIT_PAGE_MAX };

export interface AuditLogPage {
  /** The `after` asked for (-1: from the first entry). */
  after: number;
  limit: number;
  /** Entries in the whole published log: the checkpoint's size. */
  total: number;
  /** `after` for the next page; null on the last page. */
  next: number | null;
}

export interface AuditLogResult {
  sessionId: string;
  backend: "embedded" | "upstash";
  /** Entries in this document (a page); `page.total` counts the whole log. */
  count: number;
  entries: unknown[];
  page: AuditLogPage;
  /**
   * Compact JWS over `{sessionId, size, head, ts}`, signed when that head was appended; null for a
   * session that has none (an unknown session). It covers the whole log, every page of it.
   */
  checkpoint: string | null;
  /** The head entry's leaf in the transparency log and its inclusion proof; null for an empty log. */
  transparency: TransparencyReceipt | null;
  /** The report of the whole log, whichever page this is. */
  verification?: VerificationReport;
}

export interface AuditReadOptions {
  verify?: boolean;
  page?: PageRequest;
}

function pageOf(log: PublishedPage, request: PageRequest): AuditLogPage {
  return { after: request.after, limit: request.limit, total: log.total, next: log.next };
}

/** Reads one page of a session's log with its stored checkpoint and, on request, the verification report. */
export async function getAuditLog(sessionId: string, options: AuditReadOptions = {}): Promise<AuditLogResult> {
  const store = getStore();
  const request = options.page ?? FIRST_PAGE;
  const log = await readPublishedPage(sessionId, request, store);
  const transparency = await headReceipt(log.signed, store);
  return {
    sessionId,
    backend: store.backend,
    count: log.items.length,
    entries: log.items.map(parseAuditItem),
    page: pageOf(log, request),
    checkpoint: log.checkpoint,
    transparency,
    ...(options.verify ? { verification: { ...log.report, witnesses: await witnessQuorum(transparency, store) } } : {}),
  };
}

/**
 * The same document as JSON text for GET /api/play/audit/{sessionId}, with the number of entries in
 * it (what the read is charged: lib/http/read-cost.ts). Each entry is copied in as stored (its
 * canonical form, already JSON) instead of being parsed and serialised again; an item that is not
 * JSON goes in as a string, as getAuditLog gives it.
 */
export async function getAuditLogJson(
  sessionId: string,
  options: AuditReadOptions = {},
): Promise<{ json: string; count: number }> {
  const store = getStore();
  const request = options.page ?? FIRST_PAGE;
  const log = await readPublishedPage(sessionId, request, store);
  const entries = log.items.map((raw, i) => (log.unparseable.has(i) ? JSON.stringify(raw) : raw)).join(",");
  const head = `{"sessionId":${JSON.stringify(sessionId)},"backend":${JSON.stringify(store.backend)},"count":${log.items.length}`;
  const receipt = await headReceipt(log.signed, store);
  const report = options.verify ? { ...log.report, witnesses: await witnessQuorum(receipt, store) } : null;
  const verification = report ? `,"verification":${JSON.stringify(report)}` : "";
  const transparency = JSON.stringify(receipt);
  const page = JSON.stringify(pageOf(log, request));
  return {
    json: `${head},"entries":[${entries}],"page":${page},"checkpoint":${JSON.stringify(log.checkpoint)},"transparency":${transparency}${verification}}`,
    count: log.items.length,
  };
}
