// The open-stream cap of lib/http/stream-slots.ts: what a refused client is told, and the mark that
// lets scripts/server.mjs replay the refusal (its reset is what keeps Retry-After unchanged).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getConfig } from "@/lib/config/config";
import { ApiError } from "@/lib/http/problem";
import { REFUSAL_MARK_HEADER } from "@/lib/http/refusal-mark";
import { acquireStreamSlot } from "@/lib/http/stream-slots";

const T = 1_700_000_000_000;
const now = () => T;
const request = (client: string) => new Request("http://localhost/stream", { headers: { "x-forwarded-for": client } });

let releases: (() => void)[] = [];
const markBefore = process.env.SIA_REFUSAL_MARK;
beforeEach(() => {
  process.env.SIA_REFUSAL_MARK = "1";
});
afterEach(() => {
  for (const release of releases) release();
  releases = [];
  if (markBefore === undefined) delete process.env.SIA_REFUSAL_MARK;
  else process.env.SIA_REFUSAL_MARK = markBefore;
});

/** Takes slots for `client` until `count` are held; each is released after the test. */
function take(client: string, count: number) {
  for (let i = 0; i < count; i++) releases.push(acquireStreamSlot(request(client), now));
}

/** The problem thrown by the next acquisition, or a failure when a slot was given. */
function refusal(client: string): ApiError {
  try {
    releases.push(acquireStreamSlot(request(client), now));
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error("a slot was given");
}

describe("open stream slots", () => {
  it("refuses past STREAM_MAX_PER_IP with stream_limit and Retry-After 30, marked to be replayed for under a second", () => {
    const { perIp } = getConfig().streams;
    take("203.0.113.10", perIp);
    const refused = refusal("203.0.113.10");
    expect(refused).toMatchObject({
      code: "stream_limit",
      status: 429,
      extensions: { limit: perIp, retryAfterSeconds: 30 },
    });
    expect(refused.detail).toContain(`at most ${perIp} open streams per address`);
    // Reset 30 s on: the server replays it while Retry-After, rounded up from the reset, reads 30.
    expect(refused.headers).toEqual({ "retry-after": "30", [REFUSAL_MARK_HEADER]: `streams; reset=${T + 30_000}` });

    // Another address is not refused.
    take("203.0.113.11", 1);
  });

  it("gives the slot back on release, once, and then takes a new stream", () => {
    const { perIp } = getConfig().streams;
    take("203.0.113.20", perIp);
    expect(refusal("203.0.113.20").code).toBe("stream_limit");
    const first = releases.shift();
    first?.();
    first?.(); // a second release frees nothing more
    take("203.0.113.20", 1);
    expect(refusal("203.0.113.20").code).toBe("stream_limit");
  });

  it("adds no mark where no server strips it", () => {
    delete process.env.SIA_REFUSAL_MARK;
    take("203.0.113.30", getConfig().streams.perIp);
    expect(refusal("203.0.113.30").headers).toEqual({ "retry-after": "30" });
  });
});
