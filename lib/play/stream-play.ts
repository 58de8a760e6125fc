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
import { type PlayAuditContext, recordToolCall, withAudit } from "./audit-tool-calls";
import { dropClientToolResults } from "./drop-client-tool-results";
import { playModel } from "./model";
import { onCancel } from "./on-cancel";
import type { PlaySession } from "./open-play-session";
import { outputBudget } from "./output-budget";
import { refusalText } from "./refuse-tool-call";
import { withServerToolCallIds } from "./server-tool-call-ids";
import { stripProviderOptions } from "./strip-provider-options";
import { PLAY_INSTRUCTIONS } from "./system-prompt";
import { ToolCallLedger } from "./tool-call-ledger";
import { ToolFailure } from "./tool-rejection";
import { modelPlayTools } from "./tools";
import type { PlayUIMessage } from "./ui-message";

type PlayUIChunk = InferUIMessageChunk<PlayUIMessage>;

export interface PlayRun {
  messages: PlayUIMessage[];
  session: PlaySession;
  /** `ip:<keyed hash>` of the caller. */
  actor: string;
  /** Extra response headers (rate limit). */
  headers: Record<string, string>;
  /** When the request came (epoch ms): PLAY_REQUEST_TIMEOUT runs from here. */
  startedAt?: number;
}

/**
 * Holds back what the page and the model would learn of a call that has no entry yet: the error of
 * a call refused before it ran (the AI SDK reports it as soon as the model wrote it, before the
 * step's earlier calls have run) waits until the ledger has appended its entry in call order, and
 * carries the server's coded reason instead of the SDK's message. At a step's end, a failure or the
 * end of the stream, every refusal still owed is recorded first.
 */
function auditRefusals(ledger: ToolCallLedger) {
  const held: TextStreamPart<ToolSet>[] = [];
  const release = (controller: TransformStreamDefaultController<TextStreamPart<ToolSet>>) => {
    while (held.length > 0 && !ledger.awaitsEntry(idOf(held[0] as TextStreamPart<ToolSet>))) {
      controller.enqueue(held.shift() as TextStreamPart<ToolSet>);
    }
  };
  return new TransformStream<TextStreamPart<ToolSet>, TextStreamPart<ToolSet>>({
    async transform(part, controller) {
      const refused =
        (part.type === "tool-call" && part.invalid === true) ||
        (part.type === "tool-error" &&
          (ledger.awaitsEntry(part.toolCallId) || ledger.refusalOf(part.toolCallId) !== null));
      if (refused) {
        const id = idOf(part);
        // The SDK refused a call the server's own check let through: it will not run either.
        if (ledger.awaitsEntry(id) && ledger.refusalOf(id) === null) ledger.refuse(id, { code: "input_invalid" });
        const refusal = ledger.refusalOf(id);
        held.push(
          refusal ? ({ ...part, error: new ToolFailure(refusalText(refusal)) } as TextStreamPart<ToolSet>) : part,
        );
        await ledger.settle().catch(() => {});
        release(controller);
        return;
      }
      if (part.type === "finish-step" || part.type === "error" || part.type === "abort" || part.type === "finish") {
        if (part.type !== "finish-step") ledger.dropUnrun();
        await ledger.settle().catch(() => {});
      }
      release(controller);
      controller.enqueue(part);
    },
    async flush(controller) {
      ledger.dropUnrun();
      await ledger.settle().catch(() => {});
      release(controller);
      // A refusal the log could not take keeps its card without an entry: the page says "not recorded".
      for (const part of held) controller.enqueue(part);
    },
  });
}

const idOf = (part: TextStreamPart<ToolSet>): string => (part as { toolCallId: string }).toolCallId;

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
      const recordCtx = {
        sessionId: run.session.sessionId,
        sessionToken: run.session.writeToken,
        newSessionToken: run.session.newToken,
        actor: run.actor,
        writer,
      };
      const ledger = new ToolCallLedger((call) => recordToolCall(recordCtx, call));
      const ctx: PlayAuditContext = { ...recordCtx, ledger };
      const tools = withAudit(modelPlayTools, ctx);
      const budget = outputBudget(maxOutputTokens);
      const result = streamText({
        model: withServerToolCallIds(playModel(run.startedAt), ledger),
        instructions: PLAY_INSTRUCTIONS,
        messages: await convertToModelMessages(dropClientToolResults(stripProviderOptions(run.messages)), {
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
        // Failures reach the client as coded error chunks and the log as one line (provider-error.ts).
        onError: () => {},
      });
      writer.merge(
        toUIMessageStream<ToolSet, PlayUIMessage>({
          stream: result.stream.pipeThrough(auditRefusals(ledger)),
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
