import { safeValidateUIMessages } from "ai";
import { z } from "zod";
import { isSessionId, SESSION_ID_PATTERN } from "../audit/entry";
import { ApiError } from "../http/problem";
import { invalidShape, parseWith } from "../http/read-json";
import { hasHiddenCharacters } from "../text/hidden-characters";
import { PLAY_LIMITS } from "./limits";
import { playTools } from "./tools";
import type { PlayUIMessage } from "./ui-message";

/** What a body must be before its messages are counted: the first refusal of one that fails playRequest. */
const envelope = z.object({
  messages: z.array(z.unknown(), "messages must be an array of UI messages").min(1, "send at least one message"),
});

const part = z.looseObject({ type: z.string().min(1).max(100) });

/** Body of POST /api/play: the conversation as AI SDK UI messages (what useChat sends; other members are ignored). */
export const playRequest = z.object({
  messages: z.array(
    z.object({
      // useChat always sends ids; hand-written requests may leave them out.
      id: z.string().min(1).max(200).optional(),
      role: z.enum(["user", "assistant"], "role must be user or assistant"),
      parts: z.array(part).max(PLAY_LIMITS.maxParts),
      metadata: z.unknown().optional(),
    }),
  ),
  sessionId: z
    .string()
    .regex(SESSION_ID_PATTERN)
    .optional()
    .describe("The audit session to write to, as x-session-id names it; when both are sent they must be equal."),
});

const textOf = (parts: { type: string; text?: unknown }[]) =>
  parts.map((p) => (p.type === "text" && typeof p.text === "string" ? p.text : "")).join("");

export type PlayRequest = z.output<typeof playRequest>;

function refuseLongConversation(count: number): void {
  if (count > PLAY_LIMITS.maxMessages) {
    throw new ApiError(
      "too_many_messages",
      `This conversation has ${count} messages; at most ${PLAY_LIMITS.maxMessages} are accepted. Start a new conversation.`,
      { maxMessages: PLAY_LIMITS.maxMessages },
    );
  }
}

/**
 * The refusal of a POST /api/play body that fails playRequest, in the order its checks are
 * promised: the session it names (invalid_session_id, session_id_mismatch against `header`), then
 * a messages array (invalid_request), too many messages (too_many_messages), and only then the
 * shape of each message (invalid_request).
 */
export function refusePlayRequest(body: unknown, header: string | null): never {
  requestedPlaySession(body, header);
  const { messages } = parseWith(envelope, body);
  refuseLongConversation(messages.length);
  throw invalidShape(playRequest.safeParse(body).error?.issues ?? []);
}

/**
 * Checks a POST /api/play body that parsed with playRequest: at least one message, at most
 * maxMessages (too_many_messages), each user message at most maxUserChars characters
 * (message_too_long), the last one from the user and not empty, and the whole shape valid for the
 * AI SDK and the tools' input schemas (invalid_request).
 */
export async function checkPlayRequest(body: PlayRequest): Promise<PlayUIMessage[]> {
  const { messages } = parseWith(envelope, body);
  refuseLongConversation(messages.length);
  body.messages.forEach((m, i) => {
    const length = [...textOf(m.parts as { type: string; text?: unknown }[])].length;
    if (m.role === "user" && length > PLAY_LIMITS.maxUserChars) {
      throw new ApiError(
        "message_too_long",
        `Message ${i} has ${length} characters; a message may have at most ${PLAY_LIMITS.maxUserChars}. Shorten it.`,
        { maxChars: PLAY_LIMITS.maxUserChars, path: `messages.${i}` },
      );
    }
    // What a user types reaches the public log, its CSV and the dashboard: the text rule applies.
    if (
      m.role === "user" &&
      hasHiddenCharacters(textOf(m.parts as { type: string; text?: unknown }[]), { multiline: true })
    ) {
      throw new ApiError(
        "invalid_request",
        `Message ${i} holds a control character (such as ESC or NUL), a zero-width character or a bidirectional override, which would hide or reorder what readers of the log see. Remove it and send again.`,
        { errors: [{ path: `messages.${i}`, message: "control, zero-width or bidirectional character" }] },
      );
    }
  });
  const last = body.messages.at(-1);
  if (last?.role !== "user" || textOf(last.parts as { type: string; text?: unknown }[]).trim() === "") {
    throw new ApiError("invalid_request", "The last message must be the user's, with some text.", {
      errors: [{ path: `messages.${body.messages.length - 1}`, message: "expected a user message with a text part" }],
    });
  }
  const withIds = body.messages.map((m, i) => ({ ...m, id: m.id ?? `message-${i}` }));
  const checked = await safeValidateUIMessages<PlayUIMessage>({ messages: withIds, tools: playTools });
  if (!checked.success) {
    throw new ApiError("invalid_request", "The messages are not valid AI SDK UI messages; see errors.", {
      errors: issuesOf(checked.error),
    });
  }
  return checked.data;
}

/**
 * The session a POST /api/play body names in `sessionId` (as the incorporation body does), checked
 * against the `x-session-id` header: either may name it, both must then agree (session_id_mismatch).
 * Null when neither does (a new session).
 */
export function requestedPlaySession(body: unknown, header: string | null): string | null {
  const named = body !== null && typeof body === "object" ? (body as { sessionId?: unknown }).sessionId : undefined;
  if (named === undefined || named === null) return header;
  if (typeof named !== "string" || !isSessionId(named)) {
    throw new ApiError(
      "invalid_session_id",
      "The body's sessionId must be 8 to 64 characters of A-Z, a-z, 0-9, '_' or '-' (a UUID fits), or be left out to start a new session.",
    );
  }
  if (header !== null && header !== named) {
    throw new ApiError(
      "session_id_mismatch",
      "The body's sessionId and the x-session-id header name different sessions; send one of them, or the same id in both.",
    );
  }
  return named;
}

/** The SDK's validation failure as `{path, message}` items, without echoing the request back. */
function issuesOf(error: Error): { path: string; message: string }[] {
  const issues = (error.cause as { issues?: { path: PropertyKey[]; message: string }[] } | undefined)?.issues;
  if (!Array.isArray(issues)) return [{ path: "messages", message: "not valid UI messages" }];
  return issues.slice(0, 20).map((issue) => ({
    path: typeof issue.path[0] === "number" ? `messages.${issue.path.join(".")}` : `tool input ${issue.path.join(".")}`,
    message: issue.message,
  }));
}
