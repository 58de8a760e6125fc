import { z } from "zod";
import { percentDecoded } from "../http/query";
import { transparencyReceiptSchema } from "../tlog/api-schemas";
import { SESSION_ID_PATTERN } from "./entry";
import { tamperDemoRequest } from "./tamper-demo";

/*
 * The audit routes' contracts (docs/audit-log.md): the session id of their paths and the documents
 * they answer. The OpenAPI description (lib/api/audit.ts, lib/api/play.ts), the MCP tools and the
 * incorporation answer's entry all use these.
 */

/** The path parameter of every audit route, percent-decoded as the id was before routes parsed it. */
export const sessionIdPath = z.object({
  sessionId: percentDecoded(
    z.string().regex(SESSION_ID_PATTERN).describe("Caller-chosen session id, 8-64 of A-Z a-z 0-9 _ - (a UUID fits)."),
  ),
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
  index: z
    .object({
      status: z.enum(["latest", "pending", "cut", "unavailable"]),
      seq: z
        .int()
        .min(0)
        .nullable()
        .describe("The session's latest seq in the log's index, at the latest log checkpoint."),
      leafIndex: z.int().min(0).nullable().describe("Its leaf's index in the transparency log."),
    })
    .optional()
    .describe(
      "On every read of a stored log: the served head against the session's latest leaf in the transparency log's index (GET /log/index/session/{id} proves it): latest (the head is that leaf's entry); pending (newer entries the log has not integrated yet); cut (the log holds a later entry, or another entry at the head: the store serves less than the log recorded, and the log reads as tampered); unavailable (no index yet, or index state that does not verify).",
    ),
  header: z
    .enum(["sealed", "invalid", "none"])
    .optional()
    .describe(
      "On every read of a stored log: the session's header (the hash of its write token, which decides who may write) against the service's seal: sealed; invalid (not sealed by the service for this session: the store was edited, and the session takes no more entries); none (no log). invalid makes the log tampered.",
    ),
  witnesses: z
    .object({
      meets: z.boolean().describe("The head's leaf is in a checkpoint with the policy's quorum of cosignatures."),
      quorum: z.int().min(0),
      cosigned: z.array(z.string()).describe("Witnesses whose cosignature verified on that checkpoint."),
      size: z.int().min(0).nullable().describe("The witnessed checkpoint's size; null when none was found."),
      error: z
        .string()
        .nullable()
        .describe("Why not: 'not witnessed yet: ...' for a delay; else a contradiction or why it was not checked."),
      contradiction: z.boolean().describe("error is a contradiction (a refusing witness, a bad signature)."),
    })
    .optional()
    .describe(
      "On a verified read of a stored log: the head against the service's witness policy (GET /log/policy), with the cosignatures the log stored for its checkpoints. Not witnessed yet is a delay, never verified.",
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

/** What POST /api/play/tamper-demo answers (lib/audit/tamper-demo.ts). */
export const tamperDemoResultSchema = z.object({
  source: z.enum(["session", "sample"]),
  sessionId: z.string(),
  mutation: tamperDemoRequest.shape.mutation.unwrap(),
  description: z.string(),
  seq: z.int().min(0),
  original: z.object({ entry: auditEntrySchema, verification: verificationReportSchema }),
  altered: z.object({ entry: auditEntrySchema.nullable(), verification: verificationReportSchema }),
  detected: z.object({ seq: z.int().min(0).nullable(), reasons: z.array(z.string()) }),
  window: z
    .object({ from: z.int().min(0), to: z.int().min(0), size: z.int().min(0) })
    .describe(
      "The entries both reports cover (seqs from..to of the log's size): those around the altered one, so the demo's cost does not grow with the session.",
    ),
});
