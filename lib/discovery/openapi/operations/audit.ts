import { z } from "zod";
import { SESSION_ID_PATTERN } from "../../../audit/entry";
import { transparencyReceiptSchema } from "../components";
import { defineOperation, rawSchema } from "../operation";

/** The path parameter of every audit route: requireSessionId() checks this same pattern. */
export const sessionIdPath = z.object({
  sessionId: z
    .string()
    .regex(SESSION_ID_PATTERN)
    .describe("Caller-chosen session id, 8-64 of A-Z a-z 0-9 _ - (a UUID fits)."),
});

/** An audit entry as stored (DESIGN 3, docs/audit-log.md). A tampered log may hold anything. */
export const auditEntrySchema = z.looseObject({
  id: z.string().describe("<sessionId>:<seq>"),
  sessionId: z.string(),
  seq: z.int().min(0),
  ts: z.string().describe("ISO 8601 UTC with milliseconds."),
  kind: z.enum(["incorporation", "tool-call", "registry"]),
  action: z.string(),
  actor: z.string().describe("ip:<keyed hash>, key:<key id> or system; never a raw IP."),
  input: z.unknown(),
  output: z.unknown(),
  outcome: z.enum(["ok", "rejected", "error"]),
  prev: z.string().nullable().describe("sha256:<hex> of the previous entry's canonical form; null for seq 0."),
  kid: z.string(),
  hmac: z.string().describe("sha256:<hex> HMAC-SHA256 over the canonical form without hmac and signature."),
  signature: z.string().optional(),
});

const problemReason = z.enum([
  "malformed",
  "wrong_session",
  "wrong_seq",
  "wrong_id",
  "unknown_kid",
  "hmac_mismatch",
  "chain_broken",
  "unsigned",
]);

/** The verification report of `?verify=1` (lib/audit/verify.ts). */
export const verificationReportSchema = z.object({
  total: z.int().min(0),
  verified: z.int().min(0),
  tampered: z.int().min(0).describe("Entries whose HMAC fails or whose chain link is broken; 0 for a clean log."),
  unsigned: z.int().min(0),
  firstBadSeq: z.int().min(0).nullable(),
  head: z.object({ size: z.int().min(0), hash: z.string().nullable() }),
  problems: z.array(z.object({ seq: z.int().min(0), reasons: z.array(problemReason) })),
  checkpoint: z
    .enum(["valid", "mismatch", "invalid", "missing", "none"])
    .optional()
    .describe(
      "On every read of a stored log (absent in the tamper demonstration, which has no checkpoint): the stored checkpoint against the entries served with it: valid; mismatch (entries edited, cut or spliced since it was signed); invalid (not signed by the service for this session); missing (entries without any checkpoint); none (an empty log that never had one). Anything but valid or none makes the log tampered.",
    ),
});

export const auditLogSchema = z.object({
  sessionId: z.string(),
  backend: z.enum(["embedded", "upstash"]).describe("Which store answered."),
  count: z.int().min(0).describe("Entries in this document: one page of the log."),
  entries: z.array(auditEntrySchema),
  page: z
    .object({
      after: z.int().min(-1).describe("The after asked for; -1 starts at the first entry."),
      limit: z.int().min(1).max(1000),
      total: z.int().min(0).describe("Entries in the whole log: the size its checkpoint signed."),
      next: z.int().min(0).nullable().describe("The after of the next page; null on the last page."),
    })
    .describe("Where this page sits in the log. The checkpoint and the verification report cover the whole log."),
  checkpoint: z
    .string()
    .nullable()
    .describe(
      "Compact JWS (EdDSA) over {sessionId, size, head, ts}, signed when that head was appended and stored with it (reads never sign); keys at /.well-known/jwks.json. Null for a session that never had one (an unknown session).",
    ),
  transparency: transparencyReceiptSchema
    .nullable()
    .describe(
      "The head entry's leaf in the transparency log (the index its checkpoint names) and its inclusion proof in the latest log checkpoint; null for an empty log.",
    ),
  verification: verificationReportSchema.optional().describe("Present with verify=1."),
});

const text = (description: string) => rawSchema({ type: "string", description });

export const getAuditLog = defineOperation({
  method: "GET",
  path: "/api/play/audit/{sessionId}",
  operationId: "getAuditLog",
  summary: "Read a session's audit log",
  description:
    "A page of the session's entries in order (the whole log when it holds at most `limit`), with the checkpoint signed when its head was appended, which covers the whole log. Follow `page.next` as `after` to read the rest: offline verification needs every entry. With verify=1 the report covers the whole log: the server checks the page's HMACs and links and the stored checkpoint against the head, and takes the rest from the verification state it keeps at append time (a read of the whole log re-verifies every entry).",
  tags: ["audit"],
  pathParams: sessionIdPath,
  query: z.object({
    verify: z.enum(["1", "0", "true", "false"]).optional().describe("1 adds the verification report."),
    after: z.int().min(-1).optional().describe("Entries with a greater seq; default -1 (from the first)."),
    limit: z.int().min(1).max(1000).optional().describe("Entries in the page; default and most 1000."),
  }),
  responses: {
    200: { description: "The log (empty for an unknown session).", content: { "application/json": auditLogSchema } },
  },
  errors: ["invalid_session_id", "invalid_query", "store_unavailable"],
  rateLimit: { name: "read", write: false },
});

export const getAuditCsv = defineOperation({
  method: "GET",
  path: "/api/play/audit/{sessionId}/csv",
  operationId: "getAuditCsv",
  summary: "Export a session's audit log as CSV",
  description:
    "RFC 4180 CSV with a header row, one entry per row with every member needed to re-verify it; the x-audit-checkpoint header carries the checkpoint of exactly these rows.",
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
  rateLimit: { name: "read", write: false },
});

export const streamAuditLog = defineOperation({
  method: "GET",
  path: "/api/play/audit/{sessionId}/stream",
  operationId: "streamAuditLog",
  summary: "Follow a session's audit log live (server-sent events)",
  description:
    "Sends existing entries, then new ones as they are appended, as `entry` events whose id is the entry's seq; each new stored checkpoint follows the entries it covers as a `checkpoint` event ({size, checkpoint}). After maxSeconds a `reconnect` event ends the stream; EventSource resumes with Last-Event-ID. Open streams are capped per address (STREAM_MAX_PER_IP) and per server (STREAM_MAX): the next one is a 429 stream_limit.",
  tags: ["audit"],
  pathParams: sessionIdPath,
  query: z.object({
    maxSeconds: z.int().min(1).max(300).optional().describe("Lifetime of this connection in seconds (default 300)."),
    lastEventId: z
      .string()
      .regex(/^\d{1,9}$/)
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
  rateLimit: { name: "read", write: false },
});
