import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";
import { postPlay, userMessage } from "../support/play-client";
import { startUpstashStack, type UpstashStack } from "../support/upstash-stack";

const prompt = () => ({ messages: [userMessage("Validá el CUIT 20-17254359-7")] });

// Windows far longer than any run, so that only the count of requests decides. On Redis the limit
// is a sliding window over fixed buckets: a run that crossed a bucket's end (one minute, with "/1m")
// counted the earlier requests at a fraction and let one more through.
const WINDOW = "1000d";
const WINDOW_SECONDS = 1000 * 86_400;

async function expectLimited(app: AppServer, limit: number, sessionId: string) {
  const { res, text } = await postPlay(app.url, prompt(), { "x-session-id": sessionId });
  expect(res.status).toBe(429);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(res.headers.get("ratelimit-limit")).toBe(String(limit));
  expect(res.headers.get("ratelimit-remaining")).toBe("0");
  expect(JSON.parse(text)).toMatchObject({ code: "rate_limited", status: 429, limit, retryAfterSeconds: retryAfter });
  const log = await (await fetch(`${app.url}/api/play/audit/${sessionId}`)).json();
  expect(log.count).toBe(0);
}

describe("the per-IP limit of POST /api/play on the embedded store", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startApp({ env: { RATE_LIMIT_PLAY: `2/${WINDOW}` } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers 429 with Retry-After once the limit is used, before reading the body, and writes nothing", async () => {
    for (let i = 0; i < 2; i++) {
      const { res } = await postPlay(app.url, prompt());
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-remaining")).toBe(String(1 - i));
    }
    await expectLimited(app, 2, "limited-embedded-01");
    // The limit comes first: even a bad body is counted and refused with 429.
    const bad = await postPlay(app.url, "not json");
    expect(bad.res.status).toBe(429);
  });
});

describe("the per-IP limit of POST /api/play on Redis", () => {
  let stack: UpstashStack;
  let a: AppServer;
  let b: AppServer;
  beforeAll(async () => {
    stack = await startUpstashStack();
    const env = { ...stack.env, RATE_LIMIT_PLAY: `3/${WINDOW}` };
    [a, b] = await Promise.all([startApp({ env }), startApp({ env })]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await stack?.close();
  });

  it("fails closed while the limiter's Redis is down: 503 before anything runs", async () => {
    await stack.redis.stop();
    try {
      const { res, text } = await postPlay(b.url, prompt());
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(JSON.parse(text).code).toBe("rate_limiter_unavailable");
    } finally {
      await stack.redis.restart();
    }
    // Wait until the store answers again before the next test counts requests.
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await fetch(`${a.url}/api/play/audit/redis-back-check`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
  });

  it("is shared by two instances, which also share the sessions", async () => {
    const first = await postPlay(a.url, prompt());
    expect(first.res.status).toBe(200);
    const sessionId = first.res.headers.get("x-session-id") as string;
    const token = first.res.headers.get("x-session-token") as string;

    const second = await postPlay(b.url, prompt(), { "x-session-id": sessionId, "x-session-token": token });
    expect(second.res.status).toBe(200);
    expect(second.res.headers.get("ratelimit-remaining")).toBe("1");

    expect((await postPlay(a.url, prompt())).res.status).toBe(200);
    await expectLimited(b, 3, "limited-redis-b-01");
    await expectLimited(a, 3, "limited-redis-a-01");

    const log = await (await fetch(`${a.url}/api/play/audit/${sessionId}?verify=1`)).json();
    expect(log).toMatchObject({ backend: "upstash", count: 2, verification: { verified: 2, tampered: 0 } });
  });
});
