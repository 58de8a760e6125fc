import { z } from "zod";
import { SESSION_ID_PATTERN } from "../../../audit/entry";
import { PLAY_LIMITS } from "../../../play/limits";
import { playRequest } from "../../../play/parse-play-request";
import { defineOperation, rawSchema } from "../operation";

export const runPlay = defineOperation({
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
  body: { schema: playRequest },
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
    "audit_session_retired",
    "payload_too_large",
    "unsupported_media_type",
    "store_unavailable",
  ],
  rateLimit: { name: "play", write: true },
});
