import { type LanguageModel, wrapLanguageModel } from "ai";
import { providerProblem, providerTimeout, requestTimeout } from "./provider-error";
import type { LanguageModelV4, StreamPart, StreamResult } from "./scripted/model-types";

/**
 * A real model, guarded for the demo: a provider that sends nothing for `timeoutMs` (before its
 * answer starts, or between two chunks) is cut off with a `model_timeout` problem, and every
 * provider failure (an HTTP status, a dropped connection, an error in the stream) becomes the
 * problem its `error` chunk will carry (provider-error.ts), so no request hangs and no provider
 * message reaches the page. The clock runs only while waiting on the provider: a slow reader does
 * not count against it. `deadlineAt` (epoch ms, PLAY_REQUEST_TIMEOUT after the request came) bounds
 * every wait too: a provider that sends a chunk just often enough is ended there with
 * `play_request_timeout`.
 */
export function guardModel(
  model: LanguageModelV4,
  timeoutMs: number,
  deadlineAt = Number.POSITIVE_INFINITY,
  requestTimeoutMs = 0,
): LanguageModel {
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: "v4",
      wrapStream: async ({ params, model: inner }) => {
        const abort = new AbortController();
        const signal = params.abortSignal ? AbortSignal.any([params.abortSignal, abort.signal]) : abort.signal;
        let timer: ReturnType<typeof setTimeout> | undefined;
        // Resolves when the provider stays silent too long; `silence()` restarts the count.
        const silence = () =>
          new Promise<never>((_, reject) => {
            clearTimeout(timer);
            const left = deadlineAt - Date.now();
            const byDeadline = left < timeoutMs;
            timer = setTimeout(
              () => {
                reject(byDeadline ? requestTimeout(requestTimeoutMs) : providerTimeout(timeoutMs));
                abort.abort();
              },
              Math.max(0, byDeadline ? left : timeoutMs),
            );
          });

        let result: StreamResult;
        try {
          result = await Promise.race([inner.doStream({ ...params, abortSignal: signal }), silence()]);
        } catch (err) {
          throw providerProblem(err, false);
        } finally {
          clearTimeout(timer);
        }

        const reader = result.stream.getReader();
        const stream = new ReadableStream<StreamPart>({
          async pull(controller) {
            try {
              const { done, value } = await Promise.race([reader.read(), silence()]);
              if (done) controller.close();
              else if (value.type === "error")
                controller.enqueue({ type: "error", error: providerProblem(value.error, false) });
              else controller.enqueue(value);
            } catch (err) {
              abort.abort();
              reader.cancel().catch(() => {});
              controller.error(providerProblem(err, true));
            } finally {
              clearTimeout(timer);
            }
          },
          cancel(reason) {
            clearTimeout(timer);
            abort.abort();
            return reader.cancel(reason);
          },
        });
        return { ...result, stream };
      },
    },
  });
}
