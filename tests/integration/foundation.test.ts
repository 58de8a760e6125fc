import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageSecurityHeaders } from "../../lib/http/security-headers";
import { type AppServer, startApp, startAppExpectingFailure } from "../support/app-server";
import { tempDir } from "../support/temp-dir";
import { startUpstashStack, type UpstashStack } from "../support/upstash-stack";

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("the server on the embedded store, with no configuration", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startApp({ env: { RATE_LIMIT_PLAY: "3/1m" } });
  });
  afterAll(() => app?.stop());

  it("answers health with the store, the version and the demo agent's model", async () => {
    const res = await fetch(`${app.url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({
      ok: true,
      status: "ok",
      store: "embedded",
      // The log's size on disk, which a restart reads: a fresh store holds a few lines already.
      storeBytes: expect.any(Number),
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      play: { source: "scripted", model: "scripted-agent-v1" },
      log: { state: "integrating" },
    });
    const { storeBytes } = await (await fetch(`${app.url}/api/health`)).json();
    expect(storeBytes).toBe(fs.statSync(path.join(app.dataDir, "store.log")).size);
  });

  it("generates its audit secrets in DATA_DIR, readable by the owner only", () => {
    const mode = fs.statSync(path.join(app.dataDir, "secrets.json")).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it("sends security headers with pages and API answers, values as configured", async () => {
    for (const route of ["/", "/api/health", "/api/badge/a/b"]) {
      const res = await fetch(`${app.url}${route}`);
      // Values with colons ("data:", "blob:") arrive as written, not as a path pattern's output.
      for (const { key, value } of pageSecurityHeaders) expect(res.headers.get(key), `${route} ${key}`).toBe(value);
      expect(res.headers.get("content-security-policy"), route).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get("x-powered-by"), route).toBeNull();
    }
  });

  it("sends the same security headers with the badge, with its own stricter policy", async () => {
    const page = await fetch(`${app.url}/`);
    const badge = await fetch(`${app.url}/api/badge/no-such-session-01`);
    expect(badge.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    for (const name of [
      "x-content-type-options",
      "referrer-policy",
      "x-frame-options",
      "permissions-policy",
      "cross-origin-opener-policy",
      "strict-transport-security",
    ]) {
      expect(badge.headers.get(name), name).toBe(page.headers.get(name));
      expect(badge.headers.get(name), name).not.toBeNull();
    }
  });

  it("rejects bad bodies with problem+json and the right status", async () => {
    const url = `${app.url}/api/play/tamper-demo`;
    const wrongType = await fetch(url, { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" });
    expect(wrongType.status).toBe(415);
    expect(wrongType.headers.get("content-type")).toBe("application/problem+json");
    const broken = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(broken.status).toBe(400);
    expect((await broken.json()).code).toBe("malformed_json");
    const huge = await post(url, { pad: "x".repeat(10_000) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).code).toBe("payload_too_large");
  });

  it("limits per client address, and a forged X-Forwarded-For does not buy a fresh allowance", async () => {
    // Three requests were allowed above (limit 3/1m); this client has used them all.
    const forged = await post(`${app.url}/api/play/tamper-demo`, {}, { "x-forwarded-for": "198.51.100.77" });
    expect(forged.status).toBe(429);
    expect(Number(forged.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(forged.headers.get("ratelimit-limit")).toBe("3");
    expect(forged.headers.get("ratelimit-remaining")).toBe("0");
    const body = await forged.json();
    expect(body.code).toBe("rate_limited");
    expect(body.detail).toMatch(/at most 3 per 1 m/);
  });

  it("answers 404 for a static file the build does not have, as after a rebuild", async () => {
    // A page cached before a rebuild asks for chunks that are gone: that is a 404, never a 500.
    for (const file of ["chunks/does-not-exist.js", "css/does-not-exist.css", "no-such-build/_buildManifest.js"]) {
      const res = await fetch(`${app.url}/_next/static/${file}`);
      expect({ file, status: res.status }).toEqual({ file, status: 404 });
      await res.arrayBuffer();
    }
  });

  it("refuses a second server on the same DATA_DIR with a clear message", async () => {
    const second = await startAppExpectingFailure({ DATA_DIR: app.dataDir });
    expect(second.code).not.toBe(0);
    expect(second.output).toMatch(/is in use by process \d+/);
  });
});

describe("start-up configuration", () => {
  it("stops before serving when a variable is bad, naming it", async () => {
    const result = await startAppExpectingFailure({ RATE_LIMIT_PLAY: "lots" });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/RATE_LIMIT_PLAY: expected <count>\/<window>/);
  });

  it("stops before serving when two model sources are set, naming both and showing no key", async () => {
    const result = await startAppExpectingFailure({
      AI_GATEWAY_API_KEY: "gateway-key-not-to-be-shown",
      PLAY_OPENAI_BASE_URL: "http://127.0.0.1:11434/v1",
      PLAY_MODEL: "llama3.1:8b",
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/AI_GATEWAY_API_KEY and PLAY_OPENAI_BASE_URL: both are set/);
    expect(result.output).not.toContain("gateway-key-not-to-be-shown");
  });

  it("refuses to default secrets in production with a shared store", async () => {
    const result = await startAppExpectingFailure({
      UPSTASH_REDIS_REST_URL: "http://127.0.0.1:9",
      UPSTASH_REDIS_REST_TOKEN: "t",
      DATA_DIR: tempDir("sia-"),
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/AUDIT_HMAC_SECRET and AUDIT_SIGNING_KEY: required/);
  });
});

describe("the server on Upstash (a real redis-server behind the REST bridge)", () => {
  let stack: UpstashStack;
  let a: AppServer;
  let b: AppServer;
  beforeAll(async () => {
    stack = await startUpstashStack();
    // A window far longer than the run, so that only the count decides: Redis's sliding window over
    // one-minute buckets let one more request through when the run crossed a bucket's end.
    const env = { ...stack.env, RATE_LIMIT_PLAY: "4/1000d" };
    [a, b] = await Promise.all([startApp({ env }), startApp({ env })]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await stack?.close();
  });

  it("reports the upstash store in health", async () => {
    expect(await (await fetch(`${a.url}/api/health`)).json()).toMatchObject({ ok: true, store: "upstash" });
  });

  it("shares one rate limit across instances", async () => {
    const statuses = [];
    for (const server of [a, b, a, b, a]) statuses.push((await post(`${server.url}/api/play/tamper-demo`, {})).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it("answers 503 problem+json while Redis is down, and recovers when it is back", async () => {
    await stack.redis.stop();
    try {
      const down = await fetch(`${a.url}/api/health`);
      expect(down.status).toBe(503);
      expect(down.headers.get("content-type")).toBe("application/problem+json");
      const body = await down.json();
      expect(body.code).toBe("store_unavailable");
      expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|token/i);
    } finally {
      await stack.redis.restart();
    }
    // The bridge reconnects to Redis in the background; the service needs no restart.
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await fetch(`${a.url}/api/health`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
  });
});
