import { MockLanguageModelV4 } from "ai/test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/http/problem";
import { StoreUnavailableError } from "@/lib/store/types";

/** The failure the next run's model throws when asked to answer. */
let failure: unknown = null;

vi.mock("@/lib/play/model", () => ({
  playModel: () =>
    new MockLanguageModelV4({
      doStream: async () => {
        throw failure;
      },
    }),
}));

// The unit project shares one module registry per worker (isolate: false): another file may have
// loaded stream-play with the real model already, so load it afresh, with the mock above.
vi.resetModules();
const { streamFailure, streamPlay } = await import("@/lib/play/stream-play");
const { readUIStreamChunks } = await import("@/lib/play/ui-stream-reader");

/** Runs the agent over one user message and returns the chunks of its answer. */
async function run(): Promise<Record<string, unknown>[]> {
  const response = streamPlay({
    messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: "Validá el CUIT 20-17254359-7" }] }],
    session: { sessionId: "stream-errors-session", newToken: null, writeToken: null },
    actor: "ip:test",
    headers: {},
  });
  const chunks: Record<string, unknown>[] = [];
  if (!response.body) throw new Error("no body");
  for await (const chunk of readUIStreamChunks(response.body)) chunks.push(chunk);
  return chunks;
}

afterEach(() => {
  failure = null;
  vi.restoreAllMocks();
});

describe("streamFailure", () => {
  it("keeps a problem's own code and detail", () => {
    const err = new ApiError("session_token_invalid", "The x-session-token does not belong to this session.");
    expect(streamFailure(err)).toEqual({
      code: "session_token_invalid",
      detail: "The x-session-token does not belong to this session.",
    });
  });

  it("calls storage that cannot be reached store_unavailable", () => {
    expect(streamFailure(new StoreUnavailableError("redis down"))).toMatchObject({ code: "store_unavailable" });
  });

  it("says nothing of an unexpected failure but that it happened (internal_error)", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = streamFailure(new Error("secret internals at /srv/app"));
    expect(failure.code).toBe("internal_error");
    expect(failure.detail).not.toContain("secret");
    expect(log).toHaveBeenCalled();
  });
});

describe("streamPlay's error chunk", () => {
  // The SDK logs the model's failure too; the log is not what these tests look at.
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  it("carries the problem code beside its text, so a page can word it in its own language", async () => {
    failure = new Error("the model provider is down");
    const errors = (await run()).filter((c) => c.type === "error");
    expect(errors).toEqual([
      {
        type: "error",
        code: "internal_error",
        errorText: "The agent failed unexpectedly; the failure was logged. Try again.",
      },
    ]);
  });

  it("says store_unavailable when storage fails during the run", async () => {
    failure = new StoreUnavailableError("redis down");
    const errors = (await run()).filter((c) => c.type === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ type: "error", code: "store_unavailable" });
    expect(errors[0]?.errorText).toMatch(/^Storage is unreachable/);
  });

  it("carries the problem's own members, such as the model provider's Retry-After", async () => {
    failure = new ApiError(
      "model_rate_limited",
      "The model provider is limiting this service's requests (HTTP 429). Try again in 9 s.",
      {
        retryAfterSeconds: 9,
      },
    );
    const errors = (await run()).filter((c) => c.type === "error");
    expect(errors).toEqual([
      {
        type: "error",
        code: "model_rate_limited",
        retryAfterSeconds: 9,
        errorText: "The model provider is limiting this service's requests (HTTP 429). Try again in 9 s.",
      },
    ]);
  });
});
