import { z } from "zod";
import { tamperDemoResultSchema } from "../audit/api-schemas";
import { SESSION_ID_PATTERN } from "../audit/entry";
import { runTamperDemo as alterAndVerify, tamperDemoRequest } from "../audit/tamper-demo";
import { defineEndpoint } from "../endpoint/endpoint";
import { json } from "../http/handler";
import { rawSchema } from "../http/raw-schema";
import { JSON_BODY_ERRORS } from "../http/read-json";
import { clientActor } from "../play/client-actor";
import { PLAY_LIMITS } from "../play/limits";
import { openPlaySession } from "../play/open-play-session";
import { checkPlayRequest, playRequest, refusePlayRequest, requestedPlaySession } from "../play/parse-play-request";
import { streamPlay } from "../play/stream-play";

/*
 * The demo agent and the tamper demonstration (docs/play.md, docs/audit-log.md): each declaration
 * with its handler. Both count against the demo's limit before serve() reads the body.
 */

const BODY_ERRORS = JSON_BODY_ERRORS;

export const runPlay = defineEndpoint({
  method: "POST",
  path: "/api/play",
  operationId: "runPlay",
  summary: "Run the demo agent over 12 sandbox tools (streamed)",
  description: `Runs the agent loop on the conversation (AI SDK UI messages, as useChat sends them) and streams it as the AI SDK UI message stream (server-sent events, header x-vercel-ai-ui-message-stream: v1). Every tool call appends one audit entry to the session and is followed by a data-audit part {toolCallId, sessionId, seq, hmac, outcome, logIndex} (logIndex: the entry's leaf in the transparency log). At most ${PLAY_LIMITS.maxMessages} messages, ${PLAY_LIMITS.maxUserChars} characters per user message, ${PLAY_LIMITS.maxBodyBytes} bytes of body. All tools are mocks with made-up data. See docs/play.md.`,
  tags: ["play"],
  headers: z.object({
    "x-session-id": z
      .string()
      .regex(SESSION_ID_PATTERN)
      .optional()
      .describe("The audit session to write to (or the body's sessionId); a new UUID session when both are absent."),
    "x-session-token": z
      .string()
      .optional()
      .describe("The session's write token (returned on its first write), required when the session exists."),
  }),
  body: { schema: playRequest, maxBytes: PLAY_LIMITS.maxBodyBytes },
  responses: {
    200: {
      description:
        "The UI message stream. The session is settled before it starts, so 403s are plain problems. A failure after it starts ends it with an error chunk {errorText, code} whose code is a problem code: internal_error, store_unavailable, or for a real model's provider model_auth_failed, model_rate_limited (with retryAfterSeconds when the provider sent Retry-After), model_unavailable, model_stream_interrupted or model_timeout (docs/play.md).",
      content: {
        "text/event-stream": rawSchema({ type: "string", description: "data: <UI message chunk JSON> events." }),
      },
      headers: {
        "x-session-id": { description: "The session the tool calls were recorded in.", schema: { type: "string" } },
        "x-session-token": {
          description: "The new session's write token; only when this request created the session.",
          schema: { type: "string" },
        },
      },
    },
  },
  errors: [
    "malformed_json",
    "json_too_deep",
    "json_number_out_of_range",
    "incomplete_body",
    "invalid_request",
    "too_many_messages",
    "message_too_long",
    "invalid_session_id",
    "session_id_mismatch",
    "bad_request",
    "session_token_required",
    "session_token_invalid",
    "audit_session_corrupt",
    "audit_session_retired",
    "payload_too_large",
    "unsupported_media_type",
    "store_unavailable",
  ],
  rateLimit: { name: "play", write: true },
  listing: {
    id: "play",
    description: "The live demo agent loop with 12 mocked tools, streamed and rate-limited per IP.",
    inventory: true,
  },
  // The answer streams the whole agent loop, within PLAY_REQUEST_TIMEOUT (default 3m): the most
  // every platform plan allows, rather than a plan's shorter default cutting it off.
  maxDuration: 300,
  async badBody(request, { sentBody }) {
    return refusePlayRequest(sentBody, request.headers.get("x-session-id"));
  },
  async handle(request, { limits, body }) {
    const startedAt = Date.now();
    const sessionId = requestedPlaySession(body, request.headers.get("x-session-id"));
    const messages = await checkPlayRequest(body);
    const session = await openPlaySession(request.headers, sessionId);
    return streamPlay({ messages, session, actor: clientActor(request), headers: limits, startedAt });
  },
});

/** The tamper demonstration's body is a mutation name and at most a session id: small. */
const TAMPER_DEMO_MAX_BODY_BYTES = 4096;

export const runTamperDemo = defineEndpoint({
  method: "POST",
  path: "/api/play/tamper-demo",
  operationId: "runTamperDemo",
  summary: "Show where verification catches an altered log",
  description:
    "Alters a copy of a session's log (or of a built-in sample) in memory and verifies both: the original passes, the copy fails at the altered entry, with the reason. Never writes anything.",
  tags: ["audit"],
  body: { schema: tamperDemoRequest, maxBytes: TAMPER_DEMO_MAX_BODY_BYTES },
  responses: {
    200: { description: "Both verification reports.", content: { "application/json": tamperDemoResultSchema } },
  },
  errors: [...BODY_ERRORS, "validation_failed", "store_unavailable"],
  // It writes nothing, so it shares the demo's limit and stays available if the limiter is down.
  rateLimit: { name: "play", write: false },
  listing: {
    id: "tamperDemo",
    description: "Alters a copy of a log in memory and shows where verification fails; never writes.",
    inventory: true,
  },
  cors: false,
  async handle(_request, { body }) {
    return json(await alterAndVerify(body), { headers: { "cache-control": "no-store" } });
  },
});
