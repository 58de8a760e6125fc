import { z } from "zod";
import type { Caller } from "../endpoint/authorize";
import { defineEndpoint, type EndpointContext } from "../endpoint/endpoint";
import { preferredLang } from "../http/accept-language";
import { publicBaseUrl } from "../http/base-url";
import { json, jsonText } from "../http/handler";
import { PROBLEM_CONTENT_TYPE } from "../http/problem";
import { incorporationHeaders, incorporationSuccessSchema } from "../incorporation/api-schemas";
import { describeIncorporation as describeEndpoint, MAX_BODY_BYTES } from "../incorporation/describe";
import { incorporate } from "../incorporation/incorporate";
import { incorporationRequestSchema } from "../incorporation/request-schema";

/*
 * One-call incorporation (docs/incorporation.md). Bearer keys, not cookies, authenticate it, so any
 * origin may call it: the client library runs in browsers too.
 */

/**
 * The call's answer. incorporate() takes the body as sent, whether it parsed or not: a refusal is
 * every finding at once (422) and audited, the idempotency key is the body's hash and the audit
 * entry summarises it, all as the caller sent it.
 */
async function incorporated(request: Request, { caller, sentBody }: EndpointContext<unknown, unknown, unknown>) {
  const { actor, scope } = caller as Caller;
  const outcome = await incorporate({
    body: sentBody,
    lang: preferredLang(request),
    baseUrl: publicBaseUrl(request),
    actor,
    scope,
    sessionToken: request.headers.get("x-session-token"),
    idempotencyKey: request.headers.get("idempotency-key"),
  });
  const sessionToken = outcome.live?.sessionToken;
  const sessionId = outcome.meta.sessionId;
  return jsonText(outcome.json, {
    status: outcome.status,
    headers: {
      "cache-control": "no-store",
      ...(outcome.problem ? { "content-type": PROBLEM_CONTENT_TYPE } : {}),
      ...(sessionId ? { "x-session-id": sessionId } : {}),
      ...(sessionToken ? { "x-session-token": sessionToken } : {}),
      ...(outcome.replayed ? { "idempotent-replayed": "true" } : {}),
    },
  });
}

export const autoIncorporate = defineEndpoint({
  method: "POST",
  path: "/api/auto-incorporate",
  operationId: "autoIncorporate",
  summary: "Incorporate a sociedad-IA in one call",
  description:
    "Validates the request, then generates four starter files, env vars, an 8-step checklist and a one-click deploy URL, creates a forming record in the directory and appends one signed audit entry. Idempotent on the body (or Idempotency-Key). A request with error findings is a 422 with findings and the RFC-001 report, also audited (its `audit` member names the entry, and carries the session token when the refusal created the session). A reused Idempotency-Key is a 422 of the same shape, with problem+json members beside it and the finding `idempotency_key_reused`.",
  tags: ["incorporation"],
  headers: incorporationHeaders,
  body: { schema: incorporationRequestSchema, maxBytes: MAX_BODY_BYTES },
  responses: {
    200: {
      description: "The company's files, checklist, deploy link, directory stub and audit reference.",
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
    "audit_session_corrupt",
    "idempotency_in_progress",
    "idempotent_answer_corrupt",
    "audit_log_corrupt",
    "audit_session_full",
    "audit_session_cut",
    "audit_session_retired",
    "registry_record_corrupt",
    "payload_too_large",
    "unsupported_media_type",
    "idempotency_key_reused",
    "store_unavailable",
    "tlog_stalled",
  ],
  rateLimit: { name: "incorporate", write: true },
  auth: "apiKey",
  listing: {
    id: "autoIncorporate",
    description: "Incorporates a sociedad-IA in one idempotent call; invalid input is a 422 with findings.",
    inventory: true,
  },
  // incorporate() validates the body as sent and reports every finding at once.
  bodyCheckedByHandler: true,
  badBody: incorporated,
  handle: incorporated,
});

export const describeIncorporation = defineEndpoint({
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
  listing: {
    id: "describeIncorporation",
    description:
      "What the incorporation endpoint accepts: schema, tipo values, capital minimums, finding codes, limits, auth.",
  },
  async handle(request) {
    return json(describeEndpoint(publicBaseUrl(request)));
  },
});
