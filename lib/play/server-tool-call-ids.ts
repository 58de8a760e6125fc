import { randomBytes } from "node:crypto";
import { type LanguageModel, wrapLanguageModel } from "ai";
import { checkToolCall } from "./refuse-tool-call";
import type { LanguageModelV4, StreamPart } from "./scripted/model-types";
import type { ToolCallLedger } from "./tool-call-ledger";

/**
 * The model as the rest of the request sees it: every tool call it makes gets an id made by the
 * server (`call_<request>_<n>`), unique within the request and across requests, whatever id the
 * provider sent (some scope ids per turn and send `call_0` again in the next step), and is noted in
 * the ledger, in order, with the server's verdict on it (refuse-tool-call.ts). When a step ends
 * without its tools being run (a finish reason other than stop or tool-calls, a failure, a cancel),
 * the ledger learns that its waiting calls will not run.
 */
export function withServerToolCallIds(model: LanguageModel, ledger: ToolCallLedger): LanguageModel {
  const prefix = `call_${randomBytes(6).toString("hex")}_`;
  let counter = 0;
  const nextId = () => `${prefix}${++counter}`;
  return wrapLanguageModel({
    model: model as LanguageModelV4,
    middleware: {
      specificationVersion: "v4",
      wrapStream: async ({ doStream }) => {
        const result = await doStream();
        // The provider's id of each call being streamed in this step, and whether its tool-call came.
        const open = new Map<string, { id: string; called: boolean }>();
        const idOf = (providerId: string) => {
          let mapped = open.get(providerId);
          if (!mapped) {
            mapped = { id: nextId(), called: false };
            open.set(providerId, mapped);
          }
          return mapped.id;
        };
        let finished = false;
        const stream = result.stream.pipeThrough(
          new TransformStream<StreamPart, StreamPart>({
            transform(part, controller) {
              switch (part.type) {
                case "tool-input-start": {
                  // A new call, even under an id seen before.
                  const id = nextId();
                  open.set(part.id, { id, called: false });
                  controller.enqueue({ ...part, id });
                  return;
                }
                case "tool-input-delta":
                case "tool-input-end":
                  controller.enqueue({ ...part, id: idOf(part.id) });
                  return;
                case "tool-call": {
                  const mapped = open.get(part.toolCallId);
                  const id = mapped && !mapped.called ? mapped.id : nextId();
                  open.set(part.toolCallId, { id, called: true });
                  ledger.add({ id, ...checkToolCall(part.toolName, part.input) });
                  controller.enqueue({ ...part, toolCallId: id });
                  return;
                }
                case "finish":
                  finished = true;
                  if (part.finishReason.unified !== "stop" && part.finishReason.unified !== "tool-calls") {
                    ledger.dropUnrun();
                  }
                  controller.enqueue(part);
                  return;
                default:
                  controller.enqueue(part);
              }
            },
            flush() {
              if (!finished) ledger.dropUnrun();
            },
          }),
        );
        return { ...result, stream: abortable(stream, () => ledger.dropUnrun()) };
      },
    },
  });
}

/** The stream, calling `onStop` when it fails or its reader cancels it. */
function abortable(stream: ReadableStream<StreamPart>, onStop: () => void): ReadableStream<StreamPart> {
  const reader = stream.getReader();
  return new ReadableStream<StreamPart>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (err) {
        onStop();
        controller.error(err);
      }
    },
    cancel(reason) {
      onStop();
      return reader.cancel(reason);
    },
  });
}
