import { z } from "zod";
import { auditLogSchema, sessionIdPath } from "../audit/api-schemas";
import { openCsvExport } from "../audit/csv-export";
import { AUDIT_PAGE_MAX, getAuditLogJson } from "../audit/get-audit-log";
import { INVALID_SESSION_ID } from "../audit/session-id";
import { auditEventStream } from "../audit/stream";
import { resumeAfter, STREAM_LIFETIME_MAX_S } from "../audit/stream-request";
import { badgeQuery } from "../badge/badge-query";
import { badgeResponse } from "../badge/badge-response";
import { defineEndpoint } from "../endpoint/endpoint";
import { jsonText } from "../http/handler";
import { absentIf, wireFlag, wireInteger } from "../http/query";
import { rawSchema } from "../http/raw-schema";
import { entryUnits } from "../http/read-cost";
import { acquireStreamSlot } from "../http/stream-slots";

/*
 * The audit log's read endpoints and the badge (docs/audit-log.md): each declaration with its
 * handler. The schemas are in lib/audit/api-schemas.ts. serve() parses the session id and the query
 * before anything is counted; the handlers count the read limit themselves (rateLimitedByHandler),
 * since what a read costs depends on what it returns.
 */

const READ = { name: "read", write: false } as const;

const BAD_LAST_EVENT_ID = {
  code: "bad_request",
  detail: "Last-Event-ID must be the seq of an entry, or -1 for the start.",
} as const;

const text = (description: string) => rawSchema({ type: "string", description });

export const getAuditLog = defineEndpoint({
  method: "GET",
  path: "/api/play/audit/{sessionId}",
  operationId: "getAuditLog",
  summary: "Read a session's audit log",
  description:
    "A page of the session's entries in order (the whole log when it holds at most `limit`), with the checkpoint signed when its head was appended, which covers the whole log. Follow `page.next` as `after` to read the rest: offline verification needs every entry. With verify=1 the report covers the whole log: the server checks the page's HMACs and links and the stored checkpoint against the head, and takes the rest from the verification state it keeps at append time (a read of the whole log re-verifies every entry). Against RATE_LIMIT_READ a read costs 1 unit, plus 1 per full 100 entries it returns.",
  tags: ["audit"],
  pathParams: sessionIdPath,
  query: z.object({
    verify: wireFlag(["1", "0", "true", "false"]).optional().describe("1 adds the verification report."),
    after: wireInteger(z.int().min(-1)).optional().describe("Entries with a greater seq; default -1 (from the first)."),
    limit: wireInteger(z.int().min(1).max(AUDIT_PAGE_MAX))
      .optional()
      .describe("Entries in the page; default and most 1000."),
  }),
  responses: {
    200: { description: "The log (empty for an unknown session).", content: { "application/json": auditLogSchema } },
  },
  errors: ["invalid_session_id", "invalid_query", "store_unavailable"],
  rateLimit: READ,
  rateLimitedByHandler: true,
  parameterRefusals: { sessionId: INVALID_SESSION_ID },
  listing: [
    {
      id: "auditRead",
      description: "A session's audit entries with a signed checkpoint of its head.",
      manifest: "auditEndpoints",
      inventory: true,
    },
    {
      id: "auditVerify",
      path: "/api/play/audit/{sessionId}?verify=1",
      description: "The same, with the server's re-verification report (HMACs and chain).",
      manifest: "auditEndpoints",
    },
  ],
  async handle(_request, { params: { sessionId }, query, rateLimit }) {
    const page = { after: query.after ?? -1, limit: query.limit ?? AUDIT_PAGE_MAX };
    const limits = await rateLimit.count();
    const { json, count } = await getAuditLogJson(sessionId, { verify: query.verify ?? false, page });
    const charged = await rateLimit.charge(entryUnits(count), limits);
    return jsonText(json, { headers: { ...charged, "cache-control": "no-store" } });
  },
});

export const getAuditCsv = defineEndpoint({
  method: "GET",
  path: "/api/play/audit/{sessionId}/csv",
  operationId: "getAuditCsv",
  summary: "Export a session's audit log as CSV",
  description:
    "RFC 4180 CSV with a header row, one entry per row with every member needed to re-verify it; the x-audit-checkpoint header carries the checkpoint of exactly these rows. Against RATE_LIMIT_READ an export costs 1 unit, plus 1 per full 100 rows.",
  tags: ["audit"],
  pathParams: sessionIdPath,
  responses: {
    200: {
      description: "The CSV file.",
      content: { "text/csv": text("RFC 4180 CSV.") },
      headers: {
        "x-audit-checkpoint": {
          description: "The stored checkpoint (compact JWS) of the rows; absent for a session that has none.",
          schema: { type: "string" },
        },
      },
    },
  },
  errors: ["invalid_session_id", "store_unavailable"],
  rateLimit: READ,
  rateLimitedByHandler: true,
  parameterRefusals: { sessionId: INVALID_SESSION_ID },
  listing: {
    id: "auditCsv",
    description: "A session's audit log as CSV, one re-verifiable entry per row.",
    manifest: "auditEndpoints",
  },
  async handle(_request, { params: { sessionId }, rateLimit }) {
    const limits = await rateLimit.count();
    const csv = await openCsvExport(sessionId);
    // Charged for every row before the first is sent: the export's size is fixed by now.
    const charged = await rateLimit.charge(entryUnits(csv.rows), limits);
    return new Response(csv.body, {
      headers: {
        ...charged,
        // The signed head of exactly these rows, for offline verification of the export.
        ...(csv.checkpoint ? { "x-audit-checkpoint": csv.checkpoint } : {}),
        "content-type": "text/csv; charset=utf-8; header=present",
        "content-disposition": `attachment; filename="audit-${sessionId}.csv"`,
        "cache-control": "no-store",
      },
    });
  },
});

export const streamAuditLog = defineEndpoint({
  method: "GET",
  path: "/api/play/audit/{sessionId}/stream",
  operationId: "streamAuditLog",
  summary: "Follow a session's audit log live (server-sent events)",
  description:
    "Sends existing entries, then new ones as they are appended, as `entry` events whose id is the entry's seq; each new stored checkpoint follows the entries it covers as a `checkpoint` event ({size, checkpoint}). After maxSeconds a `reconnect` event ends the stream; EventSource resumes with Last-Event-ID. Open streams are capped per address (STREAM_MAX_PER_IP) and per server (STREAM_MAX): the next one is a 429 stream_limit.",
  tags: ["audit"],
  pathParams: sessionIdPath,
  query: z.object({
    maxSeconds: wireInteger(z.int().min(1).max(STREAM_LIFETIME_MAX_S))
      .optional()
      .describe("Lifetime of this connection in seconds (default 300)."),
    // Empty or -1 is the start, as a `reconnect` event names it for a session without entries.
    lastEventId: absentIf((v) => v === "" || v === "-1", z.string().regex(/^\d{1,9}$/))
      .optional()
      .describe("Resume after this seq (as Last-Event-ID)."),
  }),
  headers: z.object({
    "last-event-id": z
      .string()
      .regex(/^\d{1,9}$/)
      .optional()
      .describe("Resume after this seq."),
  }),
  responses: {
    200: { description: "An event stream.", content: { "text/event-stream": text("Server-sent events.") } },
  },
  errors: ["invalid_session_id", "invalid_query", "bad_request", "stream_limit"],
  rateLimit: READ,
  rateLimitedByHandler: true,
  parameterRefusals: { sessionId: INVALID_SESSION_ID, lastEventId: BAD_LAST_EVENT_ID },
  listing: {
    id: "auditStream",
    description: "Server-sent events of a session's audit log: existing entries, then new ones live.",
    manifest: "auditEndpoints",
  },
  async handle(request, { params: { sessionId }, query, rateLimit }) {
    const afterSeq = resumeAfter(request.headers.get("last-event-id"), query.lastEventId);
    const lifetimeMs = (query.maxSeconds ?? STREAM_LIFETIME_MAX_S) * 1000;
    // The slot first: a stream_limit refusal then spends no read budget, which lets the server
    // replay it without Next (acquireStreamSlot). An accepted stream still counts as a read, and
    // gives its slot back when the read limit refuses it.
    const release = acquireStreamSlot(request);
    request.signal.addEventListener("abort", release);
    let limits: Record<string, string>;
    try {
      limits = await rateLimit.count();
    } catch (err) {
      release();
      throw err;
    }
    // The slot is given back once the stream stops reading the store (its end, its lifetime, or the
    // client going away), even if its client has not read what it queued: a client that never reads
    // cannot hold a slot past the stream's lifetime.
    // What it sends is charged as a JSON read of as many entries is, as it goes: a stream that
    // catches up on a long session spends the address's read budget, and ends once that is spent.
    let sent = 0;
    let charged = 0;
    const charge = async (entries: number) => {
      sent += entries;
      const due = entryUnits(sent) - charged;
      if (due <= 0) return true;
      charged += due;
      const before = Number(limits["ratelimit-remaining"]);
      limits = await rateLimit.charge(due, limits);
      return before >= due && Number(limits["ratelimit-remaining"]) > 0;
    };
    const stream = auditEventStream(sessionId, {
      afterSeq,
      lifetimeMs,
      signal: request.signal,
      onEnd: release,
      charge,
    });
    return new Response(stream, {
      headers: {
        ...limits,
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        "x-accel-buffering": "no",
      },
    });
  },
});

const svg = rawSchema({ type: "string", description: "SVG image, 24 px high." });

/**
 * The production server (scripts/server.mjs) hands a well-formed id to the static route
 * app/(protocol)/api/badge/route.ts instead, which answers with the same badgeResponse(); this declaration
 * serves everything else and describes both.
 */
export const getBadge = defineEndpoint({
  method: "GET",
  path: "/api/badge/{sessionId}",
  operationId: "getBadge",
  summary: "Live verification badge of a session",
  description:
    "An SVG badge that follows the log's verification state: verified (n/m), tampered, no hmac, or no entries. Served with no-cache and an ETag so README image proxies revalidate on every view.",
  tags: ["audit"],
  pathParams: sessionIdPath,
  query: badgeQuery,
  responses: {
    200: { description: "The badge.", content: { "image/svg+xml": svg } },
    304: "NotModified",
    400: {
      description:
        "An invalid session id, drawn as a badge that says so; an unknown lang is a problem document (invalid_query).",
      content: { "image/svg+xml": svg },
    },
  },
  errors: ["invalid_query", "store_unavailable"],
  // Counted by badgeResponse() for well-formed ids only: a malformed one never reaches the store.
  rateLimit: READ,
  rateLimitedByHandler: true,
  listing: {
    id: "verifyBadge",
    description: "A live 24 px SVG badge of a session's verification state, for READMEs.",
    manifest: "auditEndpoints",
    inventory: true,
  },
  // An id that cannot be one is drawn as a badge that says so, without the store or the limit.
  async badPath(request, { params, query }) {
    return badgeResponse(request, String(params.sessionId), query.lang ?? "en", async () => ({}));
  },
  async handle(request, { params, query, rateLimit }) {
    return badgeResponse(request, params.sessionId, query.lang ?? "en", rateLimit.count);
  },
});
