import { ApiError } from "../http/problem";

/** The most a Retry-After from a provider is passed on as: longer waits are the provider's outage, not a pause. */
const MAX_RETRY_AFTER_SECONDS = 3600;

interface HttpFailure {
  statusCode?: number;
  responseHeaders?: Record<string, string>;
}

/**
 * The HTTP status and headers a provider failure carries: on the error itself (APICallError of
 * the OpenAI-compatible provider) or on one of its causes (the Gateway's errors wrap the call's).
 */
function httpFailureOf(err: unknown): HttpFailure {
  const found: HttpFailure = {};
  let current: unknown = err;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth++) {
    const candidate = current as HttpFailure & { cause?: unknown };
    // A 2xx is the status of an answer that later failed while being read (the SDK's "Failed to process successful response"): not an error status.
    if (found.statusCode === undefined && typeof candidate.statusCode === "number" && candidate.statusCode >= 400)
      found.statusCode = candidate.statusCode;
    if (found.responseHeaders === undefined && candidate.responseHeaders)
      found.responseHeaders = candidate.responseHeaders;
    current = candidate.cause;
  }
  return found;
}

/** Whole seconds from a Retry-After (seconds or an HTTP date) or retry-after-ms header; null without one. */
export function retryAfterSeconds(headers: Record<string, string> | undefined, now = Date.now()): number | null {
  if (!headers) return null;
  const get = (name: string) =>
    Object.entries(headers)
      .find(([k]) => k.toLowerCase() === name)?.[1]
      ?.trim();
  let seconds: number | null = null;
  const ms = get("retry-after-ms");
  const value = get("retry-after");
  if (ms && /^\d+(\.\d+)?$/.test(ms)) seconds = Number(ms) / 1000;
  else if (value && /^\d+$/.test(value)) seconds = Number(value);
  else if (value) {
    const at = Date.parse(value);
    if (!Number.isNaN(at)) seconds = (at - now) / 1000;
  }
  if (seconds === null || !Number.isFinite(seconds)) return null;
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(seconds)));
}

/**
 * A failure of the model provider as the problem the stream's `error` chunk carries: the code a
 * client words its message by, and an English detail that names the provider's status but never
 * its body (which may echo the key or the prompt). `midStream` is a failure while the answer was
 * being read: the connection dropped.
 */
export function providerProblem(err: unknown, midStream: boolean): ApiError {
  if (err instanceof ApiError) return err;
  const problem = problemOf(err, midStream);
  logProviderFailure(problem.code, err);
  return problem;
}

/**
 * One line in the server's log per provider failure: the problem code, the HTTP status when there
 * was one, and the cause's category (a Node error code such as ECONNREFUSED, or the error's name),
 * never a stack, a message or a body, which may carry the key or the prompt.
 */
function logProviderFailure(code: string, err: unknown): void {
  const { statusCode } = httpFailureOf(err);
  let cause = "unknown";
  let current: unknown = err;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const candidate = current as { code?: unknown; name?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[A-Z_]+$/.test(candidate.code)) {
      cause = candidate.code;
      break;
    }
    if (typeof candidate.name === "string" && /^[A-Za-z_]+$/.test(candidate.name)) cause = candidate.name;
    current = candidate.cause;
  }
  console.warn(`[play] model provider failed: ${code} cause=${cause}${statusCode ? ` status=${statusCode}` : ""}`);
}

function problemOf(err: unknown, midStream: boolean): ApiError {
  const { statusCode, responseHeaders } = httpFailureOf(err);
  if (statusCode === 401 || statusCode === 403) {
    return new ApiError(
      "model_auth_failed",
      `The model provider refused this service's credentials (HTTP ${statusCode}). The operator must check the key; trying again will not help.`,
    );
  }
  if (statusCode === 429) {
    const wait = retryAfterSeconds(responseHeaders);
    return new ApiError(
      "model_rate_limited",
      wait === null
        ? "The model provider is limiting this service's requests (HTTP 429). Try again in a minute."
        : `The model provider is limiting this service's requests (HTTP 429). Try again in ${wait} s.`,
      wait === null ? {} : { retryAfterSeconds: wait },
    );
  }
  if (statusCode === 408 || statusCode === 504) {
    return new ApiError("model_timeout", `The model provider timed out (HTTP ${statusCode}). Try again.`);
  }
  if (statusCode !== undefined) {
    const wait = retryAfterSeconds(responseHeaders);
    return new ApiError(
      "model_unavailable",
      `The model provider failed (HTTP ${statusCode}). Try again shortly.`,
      wait === null ? {} : { retryAfterSeconds: wait },
    );
  }
  if (midStream) {
    return new ApiError(
      "model_stream_interrupted",
      "The connection to the model provider broke off in the middle of its answer. What arrived before the break is kept; try again.",
    );
  }
  return new ApiError(
    "model_unavailable",
    "The model provider could not be reached or sent an answer that could not be read. Try again shortly.",
  );
}

/** The provider went silent for longer than PLAY_MODEL_TIMEOUT. */
export function providerTimeout(timeoutMs: number): ApiError {
  console.warn(`[play] model provider failed: model_timeout cause=silence`);
  return new ApiError(
    "model_timeout",
    `The model provider sent nothing for ${timeoutMs / 1000} s, so the answer was ended. Try again.`,
  );
}

/** The whole request ran for PLAY_REQUEST_TIMEOUT. */
export function requestTimeout(requestTimeoutMs: number): ApiError {
  return new ApiError(
    "play_request_timeout",
    `The answer took ${requestTimeoutMs / 1000} s, the longest one request may run, so it was ended there. Ask for less at a time, or try again.`,
  );
}
