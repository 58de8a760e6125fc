import {
  convertToModelMessages,
  createUIMessageStream,
  createUIMessageStreamResponse,
  type InferUIMessageChunk,
  isStepCount,
  streamText,
  type TextStreamPart,
  type ToolSet,
  toUIMessageStream,
} from "ai";
import { getConfig } from "../config/config";
import type { ErrorCode } from "../http/error-codes";
import { isApiError } from "../http/problem";
import { isStoreUnavailable } from "../store/types";
import { clipText } from "../text/well-formed";
import { type PlayAuditContext, recordToolCall, withAudit } from "./audit-tool-calls";
import { playModel } from "./model";
import { onCancel } from "./on-cancel";
import type { PlaySession } from "./open-play-session";
import { outputBudget } from "./output-budget";
import { stripProviderOptions } from "./strip-provider-options";
import { PLAY_INSTRUCTIONS } from "./system-prompt";
import { playTools } from "./tools";
import type { PlayUIMessage } from "./ui-message";

type PlayUIChunk = InferUIMessageChunk<PlayUIMessage>;

export interface PlayRun {
  messages: PlayUIMessage[];
  session: PlaySession;
  /** `ip:<keyed hash>` of the caller. */
  actor: string;
  /** Extra response headers (rate limit). */
  headers: Record<string, string>;
}

/**
 * A tool call that never reached its tool (input that fails the schema, an unknown tool name) still
 * gets its one audit entry, with outcome `rejected`: this tap sees the SDK's tool-error for it.
 */
function auditUnexecutedCalls(ctx: PlayAuditContext) {
  return new TransformStream<TextStreamPart<ToolSet>, TextStreamPart<ToolSet>>({
    async transform(part, controller) {
      if (part.type === "tool-error" && !ctx.recorded.has(part.toolCallId)) {
        const message = part.error instanceof Error ? part.error.message : String(part.error);
        await recordToolCall(ctx, {
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          input: part.input ?? null,
          output: { error: clipText(message, 500) },
          outcome: "rejected",
        });
      }
      controller.enqueue(part);
    },
  });
}

/**
 * A failure of the run after the stream started, as its `error` chunk states it: the problem code
 * (what clients choose their own wording by) and the detail in English, never internals.
 */
export function streamFailure(err: unknown): { code: ErrorCode; detail: string; extensions?: Record<string, unknown> } {
  if (isApiError(err)) {
    const extensions = Object.keys(err.extensions).length > 0 ? { extensions: err.extensions } : {};
    return { code: err.code, detail: err.detail, ...extensions };
  }
  if (isStoreUnavailable(err))
    return {
      code: "store_unavailable",
      detail: "Storage is unreachable right now, so the tool call was not recorded. Try again shortly.",
    };
  console.error("[play]", err);
  return { code: "internal_error", detail: "The agent failed unexpectedly; the failure was logged. Try again." };
}

interface StreamProblem {
  code: ErrorCode;
  /** Members the chunk carries beside `code` (e.g. `retryAfterSeconds` of a provider's 429). */
  extensions?: Record<string, unknown>;
}

/**
 * Adds its problem code (and the problem's extension members) to each `error` chunk. The SDK's
 * onError can only give the chunk's text, so the problem of each text it gave is looked up here; an
 * unknown text is an internal error.
 */
function withErrorCodes(codes: Map<string, StreamProblem>) {
  return new TransformStream<PlayUIChunk, PlayUIChunk>({
    transform(chunk, controller) {
      if (chunk.type !== "error") {
        controller.enqueue(chunk);
        return;
      }
      const problem = codes.get(chunk.errorText);
      const coded: typeof chunk & { code: ErrorCode } = {
        ...problem?.extensions,
        ...chunk,
        code: problem?.code ?? "internal_error",
      };
      controller.enqueue(coded);
    },
  });
}

/**
 * Runs the demo agent over the conversation and answers with the AI SDK UI message stream (SSE):
 * `streamText` with the 12 audited sandbox tools, one tool call at a time, within the request's
 * step and output-token budget (PLAY_MAX_STEPS, PLAY_MAX_OUTPUT_TOKENS), merged with a
 * `data-audit` part per tool call. The session is already open (see
 * open-play-session.ts), so the response headers carry x-session-id and, for a new session,
 * x-session-token.
 */
export function streamPlay(run: PlayRun): Response {
  const codes = new Map<string, StreamProblem>();
  const streamError = (err: unknown): string => {
    const { code, detail, extensions } = streamFailure(err);
    codes.set(detail, { code, extensions });
    return detail;
  };
  const { maxSteps, maxOutputTokens } = getConfig().play;
  // Aborted when the client goes away: the provider call is cut and the step's tools do not run.
  const clientGone = new AbortController();
  const stream = createUIMessageStream<PlayUIMessage>({
    execute: async ({ writer }) => {
      const ctx: PlayAuditContext = {
        sessionId: run.session.sessionId,
        sessionToken: run.session.writeToken,
        actor: run.actor,
        writer,
        recorded: new Set(),
      };
      const tools = withAudit(playTools, ctx);
      const budget = outputBudget(maxOutputTokens);
      const result = streamText({
        model: playModel(),
        instructions: PLAY_INSTRUCTIONS,
        messages: await convertToModelMessages(stripProviderOptions(run.messages), {
          tools,
          ignoreIncompleteToolCalls: true,
        }),
        tools,
        toolCallConcurrency: 1,
        stopWhen: [isStepCount(maxSteps), budget.exhausted],
        prepareStep: budget.prepareStep,
        // A provider's 429 or 5xx goes to the client with its Retry-After instead of holding the
        // request through back-offs; a retry is the client's (or the person's) to make.
        maxRetries: 0,
        abortSignal: clientGone.signal,
      });
      writer.merge(
        toUIMessageStream<ToolSet, PlayUIMessage>({
          stream: result.stream.pipeThrough(auditUnexecutedCalls(ctx)),
          tools,
          onError: streamError,
          // Tool errors are already safe to show: rejections explain themselves, other failures were replaced by a generic message.
          redactToolErrors: false,
        }),
      );
    },
    onError: streamError,
  });
  return createUIMessageStreamResponse({
    stream: onCancel(stream.pipeThrough(withErrorCodes(codes)), () => clientGone.abort()),
    headers: {
      ...run.headers,
      "cache-control": "no-store",
      "x-session-id": run.session.sessionId,
      ...(run.session.newToken ? { "x-session-token": run.session.newToken } : {}),
    },
  });
}
