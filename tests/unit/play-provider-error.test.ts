import { APICallError } from "ai";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/problem";
import { providerProblem, retryAfterSeconds } from "@/lib/play/provider-error";

const callError = (statusCode: number | undefined, responseHeaders: Record<string, string> = {}, cause?: unknown) =>
  new APICallError({
    message: "provider said something with sk-secret in it",
    url: "http://127.0.0.1/v1/chat/completions",
    requestBodyValues: {},
    statusCode,
    responseHeaders,
    responseBody: '{"error":{"message":"sk-secret"}}',
    cause,
  });

describe("retryAfterSeconds", () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);

  it("reads seconds, an HTTP date (against the given clock) and retry-after-ms, as whole seconds", () => {
    expect(retryAfterSeconds({ "retry-after": "17" }, now)).toBe(17);
    expect(retryAfterSeconds({ "Retry-After": " 3 " }, now)).toBe(3);
    expect(retryAfterSeconds({ "retry-after": new Date(now + 42_000).toUTCString() }, now)).toBe(42);
    expect(retryAfterSeconds({ "retry-after-ms": "1500", "retry-after": "9" }, now)).toBe(2);
  });

  it("is null without a usable header, at least 1 s, and at most an hour", () => {
    expect(retryAfterSeconds(undefined, now)).toBeNull();
    expect(retryAfterSeconds({}, now)).toBeNull();
    expect(retryAfterSeconds({ "retry-after": "soon" }, now)).toBeNull();
    expect(retryAfterSeconds({ "retry-after": "0" }, now)).toBe(1);
    expect(retryAfterSeconds({ "retry-after": new Date(now - 5000).toUTCString() }, now)).toBe(1);
    expect(retryAfterSeconds({ "retry-after": "86400" }, now)).toBe(3600);
  });
});

describe("providerProblem", () => {
  it.each([
    [401, "model_auth_failed"],
    [403, "model_auth_failed"],
    [429, "model_rate_limited"],
    [408, "model_timeout"],
    [504, "model_timeout"],
    [500, "model_unavailable"],
    [503, "model_unavailable"],
    [400, "model_unavailable"],
  ])("names HTTP %i %s, never with the provider's message", (status, code) => {
    const problem = providerProblem(callError(status), false);
    expect(problem.code).toBe(code);
    expect(problem.detail).not.toContain("sk-secret");
  });

  it("passes a 429's Retry-After on as retryAfterSeconds, and leaves it out when there was none", () => {
    expect(providerProblem(callError(429, { "retry-after": "17" }), false).extensions).toEqual({
      retryAfterSeconds: 17,
    });
    expect(providerProblem(callError(429), false).extensions).toEqual({});
  });

  it("finds the status on a cause, as the Gateway's errors carry the call's", () => {
    const gatewayError = Object.assign(new Error("Gateway rate limit"), {
      statusCode: 429,
      cause: callError(429, { "retry-after": "5" }),
    });
    expect(providerProblem(gatewayError, false).extensions).toEqual({ retryAfterSeconds: 5 });
  });

  it("calls a connection dropped while the answer streamed model_stream_interrupted, though its answer began 200", () => {
    const dropped = callError(200, {}, new TypeError("terminated"));
    expect(providerProblem(dropped, true).code).toBe("model_stream_interrupted");
    expect(providerProblem(new TypeError("terminated"), true).code).toBe("model_stream_interrupted");
  });

  it("calls a provider that could not be reached model_unavailable", () => {
    expect(providerProblem(callError(undefined, {}, new TypeError("fetch failed")), false).code).toBe(
      "model_unavailable",
    );
  });

  it("keeps a problem that is already one", () => {
    const timeout = new ApiError("model_timeout", "silent");
    expect(providerProblem(timeout, true)).toBe(timeout);
  });
});
