import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "../../http/error-codes";
import { findingSchema } from "../../http/findings";
import { PROBLEM_CONTENT_TYPE } from "../../http/problem";
import { transparencyReceiptSchema } from "../../tlog/api-schemas";
import { toJsonSchema } from "./to-json-schema";

const CODES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** RFC 9457 problem details as lib/http/problem.ts writes them; codes come from the one table. */
export const problemSchema = z
  .looseObject({
    type: z.string().describe("urn:sociedades-ia:problem:<code>"),
    title: z.string(),
    status: z.int(),
    detail: z.string().describe("For people; may change. Program against `code`."),
    code: z.enum(CODES).describe("Stable error code (docs/errors.md)."),
    instance: z.string().optional().describe("Path of the request."),
  })
  .describe(
    "Some codes add members: `errors` ({path, message}[]) for invalid_request, `allowed` for invalid_query; an operation's problem responses describe the members its codes add (e.g. `findings` for validation_failed).",
  );

/** The 422 body of SPEC 2.6, shared by every operation that answers "fix these fields and retry". */
// Loose: the reused-key refusal carries problem+json members beside the SPEC 2.6 ones.
export const validationFailureSchema = z.looseObject({
  ok: z.literal(false),
  validation: z.object({ valid: z.literal(false).optional(), findings: z.array(findingSchema) }),
  rfc001: z.unknown().describe("RFC-001 assessment of the request; its shape is defined by the operation."),
  audit: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      "When the refusal was recorded: its session, entry and links, and the session token if it created the session.",
    ),
  generatedAt: z.iso.datetime().optional().describe("When the answer was made."),
  transparency: transparencyReceiptSchema.optional().describe("When the refusal was recorded; a replay omits it."),
});

/**
 * A status that has both a shared body (the SPEC 2.6 refusal) and problem codes: either the body alone,
 * or the same body with the problem+json members beside it, told apart by `code`.
 */
export function refusalOrProblem(name: "ValidationFailure", problem: Json) {
  const shared = { $ref: `#/components/schemas/${name}` };
  const problemSchema = (problem.content[PROBLEM_CONTENT_TYPE] as { schema: Json }).schema;
  const schema = {
    oneOf: [
      { allOf: [shared, { not: { type: "object", properties: { code: true }, required: ["code"] } }] },
      { allOf: [shared, problemSchema] },
    ],
  };
  return {
    description: `Either the request is not acceptable: fix the fields the findings name and retry (SPEC 2.6, application/json); or the same body with problem+json members beside it (application/problem+json). ${problem.description}`,
    content: { "application/json": { schema }, [PROBLEM_CONTENT_TYPE]: { schema } },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: JSON documents are untyped here.
type Json = any;

const integerHeader = (description: string) => ({ description, schema: { type: "integer", minimum: 0 } });

/** Response headers of rate-limited operations (IETF RateLimit fields, as lib/http/rate-limit.ts sends). */
export const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": integerHeader("Requests allowed in the window."),
  "RateLimit-Remaining": integerHeader("Requests left in the current window."),
  "RateLimit-Reset": integerHeader("Seconds until a request slot frees up."),
  "RateLimit-Policy": {
    description: "The policy as `<limit>;w=<window seconds>`.",
    schema: { type: "string", pattern: "^\\d+;w=\\d+$" },
  },
} as const;

export const HEADERS = {
  ...RATE_LIMIT_HEADERS,
  "Retry-After": integerHeader("Seconds to wait before retrying."),
  ETag: { description: "Strong validator of the body; send it back in If-None-Match.", schema: { type: "string" } },
  "Cache-Control": { description: "How long the answer may be reused.", schema: { type: "string" } },
} as const;

export type HeaderName = keyof typeof HEADERS;

export const headerRef = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });

/**
 * Bearer tokens that operations require of their own (OperationSpec.security), apart from the API
 * key of apiAuth(). Only the schemes some operation of the document uses are emitted.
 */
export const SECURITY_SCHEMES = {
  registryOwnerToken: {
    type: "http",
    scheme: "bearer",
    description:
      "A record's owner token (sia_own_...), returned once by POST /api/registry or by the claim; only its hash is stored.",
  },
  registryAdminToken: {
    type: "http",
    scheme: "bearer",
    description:
      "The operator's REGISTRY_ADMIN_TOKEN: any record, every listing member. When the deployment does not set it, no admin access exists.",
  },
  registryClaimToken: {
    type: "http",
    scheme: "bearer",
    description:
      "A forming record's claim token (sia_claim_...), returned once by POST /api/auto-incorporate; it stops working after the claim.",
  },
} as const;

export type SecuritySchemeName = keyof typeof SECURITY_SCHEMES;

/** components of the document: every shared schema, response and header. */
export function buildComponents() {
  return {
    schemas: {
      Problem: toJsonSchema(problemSchema, "output"),
      Finding: toJsonSchema(findingSchema, "output"),
      ValidationFailure: toJsonSchema(validationFailureSchema, "output"),
    },
    responses: {
      ValidationFailure: {
        description:
          "The request is well-formed but not acceptable: fix the fields the findings name and retry (SPEC 2.6).",
        content: { "application/json": { schema: { $ref: "#/components/schemas/ValidationFailure" } } },
      },
      NotModified: {
        description: "The If-None-Match validator still matches: reuse the cached body.",
        headers: { ETag: headerRef("ETag"), "Cache-Control": headerRef("Cache-Control") },
      },
    },
    headers: HEADERS,
  };
}

/**
 * A problem+json response for the given codes (all of one status), restricting `code` to them.
 * `members` are the JSON Schemas of the members some of those codes add; each applies only when
 * `code` is its code (if/then), so codes that share a status keep their own shapes.
 */
export function problemResponse(
  codes: ErrorCode[],
  extraHeaders: Record<string, unknown> = {},
  members: Partial<Record<ErrorCode, Record<string, unknown>>> = {},
) {
  const list = codes
    .map((c) => {
      const added = Object.keys((members[c]?.properties as Record<string, unknown> | undefined) ?? {});
      const note = added.length > 0 ? `; adds ${added.map((m) => `\`${m}\``).join(", ")}` : "";
      return `\`${c}\` (${ERROR_CODES[c].title}${note})`;
    })
    .join(", ");
  const conditional = codes.flatMap((c) => {
    const schema = members[c];
    if (!schema) return [];
    const when = { type: "object", properties: { code: { const: c } }, required: ["code"] };
    // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, never awaited.
    return [{ if: when, then: schema }];
  });
  return {
    description: `Problem details: ${list}.`,
    ...(Object.keys(extraHeaders).length > 0 ? { headers: extraHeaders } : {}),
    content: {
      [PROBLEM_CONTENT_TYPE]: {
        schema: {
          allOf: [
            { $ref: "#/components/schemas/Problem" },
            { type: "object", properties: { code: { type: "string", enum: codes } } },
            ...conditional,
          ],
        },
      },
    },
  };
}
