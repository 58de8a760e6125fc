import { z } from "zod";
import { auditEntrySchema } from "../audit/api-schemas";
import { findingSchema } from "../http/findings";
import { transparencyReceiptSchema } from "../tlog/api-schemas";
import { ANSWER_WARNING_CODES, type AnswerWarningCode } from "./answer-warnings";

/*
 * The answers of POST and GET /api/auto-incorporate and the headers POST reads (lib/api/incorporation.ts
 * declares them; the incorporate tool answers the same 200). The request's schema is request-schema.ts.
 */

const bilingual = z.object({ es: z.string(), en: z.string() });

export const rfc001Schema = z.object({
  version: z.literal("rfc-001-v1"),
  url: z.url().describe("Where these checks are described: GET /api/auto-incorporate, member rfc001."),
  conformant: z
    .boolean()
    .describe(
      "No check failed and no finding is an error (a missing required field, a body that is not an object or a reused Idempotency-Key makes it false).",
    ),
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
    sessionId: z.guid().describe("The session of the call, a UUID: the formed record's sessionId too."),
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
      .describe("The forming record in the directory (schemas/registry-record.v1.json)."),
    url: z.url(),
    claimUrl: z.url(),
    claimToken: z.string().nullable().describe("Shown once, to the call that created the forming record."),
  }),
  validation: z
    .object({ valid: z.literal(true), findings: z.array(findingSchema) })
    .describe("Warnings and infos: they never block."),
  rfc001: rfc001Schema,
  generatedAt: z.iso.datetime().describe("When the answer was made (its audit entry's ts); a replay keeps it."),
  warnings: z
    .array(
      z.object({
        code: z.enum(Object.keys(ANSWER_WARNING_CODES) as [AnswerWarningCode, ...AnswerWarningCode[]]),
        message: bilingual,
      }),
    )
    .describe(
      "About the deployment that answered, not the request: local_origin (its origin is this machine or a private network, which a hosted deployment cannot reach) and client_package_by_name (package.json names the client library instead of pinning its tarball, as the service has no public PUBLIC_BASE_URL).",
    ),
  transparency: transparencyReceiptSchema
    .optional()
    .describe("The audit entry's leaf in the transparency log, with its inclusion proof; a replay omits it."),
});

/** The request headers POST /api/auto-incorporate reads. */
export const incorporationHeaders = z.object({
  "x-session-token": z.string().optional().describe("Write token of the session named by sessionId, when it exists."),
  "idempotency-key": z.string().max(255).optional().describe("Retries with the same key return the first answer."),
  "accept-language": z.string().optional().describe("`en` for English finding messages; Spanish by default."),
});
