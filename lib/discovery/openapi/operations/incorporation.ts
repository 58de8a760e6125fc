import { z } from "zod";
import { auditEntrySchema } from "../../../audit/api-schemas";
import { findingSchema } from "../../../http/findings";
import { incorporationRequestSchema } from "../../../incorporation/request-schema";
import { transparencyReceiptSchema } from "../components";
import { defineOperation } from "../operation";

const bilingual = z.object({ es: z.string(), en: z.string() });

export const rfc001Schema = z.object({
  version: z.literal("rfc-001-v1"),
  url: z.url().describe("Where these checks are described: GET /api/auto-incorporate, member rfc001."),
  conformant: z.boolean().describe("No check failed (a missing required field or a body that is not an object fails)."),
  checks: z.array(
    z.object({
      id: z.string(),
      description: bilingual,
      result: z.enum(["pass", "warn", "fail"]),
      findings: z.array(z.string()).describe("Finding codes behind a warn or fail."),
    }),
  ),
});

const checklistSchema = z
  .array(
    z.object({
      id: z.string(),
      order: z.int(),
      title: bilingual,
      description: bilingual,
      authority: z.string(),
      link: z.url(),
      envVars: z.array(z.string()),
      state: z.enum(["pending", "done"]),
    }),
  )
  .length(8);

/** The 200 answer (SPEC 2.5 and the fields this service adds). */
export const incorporationSuccessSchema = z.object({
  ok: z.literal(true),
  sociedad: z.object({ denominacion: z.string(), tipo: z.string(), capitalSocial: z.number(), slug: z.string() }),
  config: z
    .object({
      "package.json": z.string(),
      "lib/agent.ts": z.string(),
      ".env.example": z.string(),
      "README.md": z.string(),
    })
    .describe("The four generated files: path -> contents."),
  envVars: z.array(z.object({ name: z.string(), description: z.string() })),
  checklist: checklistSchema,
  deploy: z.object({
    target: z.literal("vercel").describe("The platform the one-click link deploys to."),
    oneClickUrl: z.url(),
    sourceUrl: z.url().describe("The starter repository the link clones."),
    manualSteps: checklistSchema.describe("What stays to be done by hand: the same steps as `checklist`."),
  }),
  audit: z.object({
    sessionId: z.string(),
    backend: z.enum(["embedded", "upstash"]),
    entry: auditEntrySchema,
    url: z.url(),
    verifyUrl: z.url(),
    dashboardUrl: z.url(),
    badgeUrl: z.url(),
    sessionToken: z.string().optional().describe("The session write token: only on the call that created the session."),
  }),
  registry: z.object({
    record: z
      .record(z.string(), z.unknown())
      .describe("The forming registry record (schemas/registry-record.v1.json)."),
    url: z.url(),
    claimUrl: z.url(),
    claimToken: z.string().nullable().describe("Shown once, to the call that created the forming record."),
  }),
  validation: z
    .object({ valid: z.literal(true), findings: z.array(findingSchema) })
    .describe("Warnings and infos: they never block."),
  rfc001: rfc001Schema,
  generatedAt: z.iso.datetime().describe("When the answer was made (its audit entry's ts); a replay keeps it."),
  transparency: transparencyReceiptSchema
    .optional()
    .describe("The audit entry's leaf in the transparency log, with its inclusion proof; a replay omits it."),
});

const requestHeaders = z.object({
  "x-session-token": z.string().optional().describe("Write token of the session named by sessionId, when it exists."),
  "idempotency-key": z.string().max(255).optional().describe("Retries with the same key return the first answer."),
  "accept-language": z.string().optional().describe("`en` for English finding messages; Spanish by default."),
});

export const autoIncorporate = defineOperation({
  method: "POST",
  path: "/api/auto-incorporate",
  operationId: "autoIncorporate",
  summary: "Incorporate a sociedad-IA in one call",
  description:
    "Validates the request, then generates four starter files, env vars, an 8-step checklist and a one-click deploy URL, creates a forming registry record and appends one signed audit entry. Idempotent on the body (or Idempotency-Key). A request with error findings is a 422 with findings and the RFC-001 report, also audited (its `audit` member names the entry, and carries the session token when the refusal created the session). A reused Idempotency-Key is a 422 of the same shape, with problem+json members beside it and the finding `idempotency_key_reused`.",
  tags: ["incorporation"],
  headers: requestHeaders,
  body: { schema: incorporationRequestSchema },
  responses: {
    200: {
      description: "The company's files, checklist, deploy link, registry stub and audit reference.",
      content: { "application/json": incorporationSuccessSchema },
      headers: {
        "x-session-id": { description: "The audit session of this call.", schema: { type: "string" } },
        "x-session-token": {
          description: "The session's write token, only when this call created the session.",
          schema: { type: "string" },
        },
      },
    },
    422: "ValidationFailure",
  },
  errors: [
    "bad_request",
    "malformed_json",
    "json_too_deep",
    "json_number_out_of_range",
    "incomplete_body",
    "invalid_idempotency_key",
    "unauthorized",
    "session_token_required",
    "session_token_invalid",
    "idempotency_in_progress",
    "audit_log_corrupt",
    "audit_session_full",
    "audit_session_retired",
    "payload_too_large",
    "unsupported_media_type",
    "idempotency_key_reused",
    "store_unavailable",
  ],
  rateLimit: { name: "incorporate", write: true },
  auth: "apiKey",
});

export const describeIncorporation = defineOperation({
  method: "GET",
  path: "/api/auto-incorporate",
  operationId: "describeIncorporation",
  summary: "What the incorporation endpoint accepts",
  description:
    "The request schema, tipo values with suffixes and capital minimums, finding codes, limits and auth mode.",
  tags: ["incorporation"],
  responses: {
    200: { description: "The self-description.", content: { "application/json": z.record(z.string(), z.unknown()) } },
  },
  errors: ["bad_request"],
});
