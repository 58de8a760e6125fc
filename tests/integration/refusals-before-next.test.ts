// A client the read limit refuses, sending the same read again, is answered by scripts/server.mjs
// itself (scripts/refusal-memo.mjs) with exactly what Next would answer, until that answer would
// change: Next is asked again when Retry-After counts down a second and after the reset. So is a
// client refused by the open-stream cap (stream_limit), which spends no read budget. The servers
// run with tests/support/count-next-requests.mjs loaded, which logs every request handed to Next.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DASHBOARD_VIEW_UNITS } from "@/lib/http/read-cost";
import { type AppServer, startApp } from "../support/app-server";
import { tempDir } from "../support/temp-dir";

const READS = 2;
const PRELOAD = path.resolve(import.meta.dirname, "../support/count-next-requests.mjs");
const logDir = tempDir("sia-next-log-");
let hour: AppServer;
let second: AppServer;
let streams: AppServer;
const logs = {
  hour: path.join(logDir, "hour.log"),
  second: path.join(logDir, "second.log"),
  streams: path.join(logDir, "streams.log"),
};

beforeAll(async () => {
  const env = (log: string, limit: string, more: Record<string, string> = {}) => ({
    NODE_OPTIONS: `--import=${PRELOAD}`,
    NEXT_REQUEST_LOG: log,
    RATE_LIMIT_READ: limit,
    RATE_LIMIT_REGISTRY: "1/1h",
    // One trusted proxy hop: the app takes the address left of it, so each test picks its own client.
    TRUSTED_PROXY_HOPS: "1",
    ...more,
  });
  [hour, second, streams] = await Promise.all([
    startApp({ env: env(logs.hour, `${READS}/1h`) }),
    startApp({ env: env(logs.second, `${READS}/1s`) }),
    startApp({ env: env(logs.streams, `${READS}/1h`, { STREAM_MAX_PER_IP: "1" }) }),
  ]);
});
afterAll(async () => {
  await Promise.all([hour?.stop(), second?.stop(), streams?.stop()]);
  fs.rmSync(logDir, { recursive: true, force: true });
});

/** Requests Next has been handed so far. */
const nextRequests = (log: string) => (fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n").length - 1 : 0);

let nextClient = 0;
const newClient = () => `198.51.100.${++nextClient}`;

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Whether Next was handed the request. */
  reachedNext: boolean;
}

async function send(app: AppServer, log: string, client: string, url: string, init: RequestInit = {}): Promise<Answer> {
  const before = nextRequests(log);
  const res = await fetch(`${app.url}${url}`, { ...init, headers: { "x-forwarded-for": client, ...init.headers } });
  const body = await res.text();
  const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== "date"));
  return { status: res.status, headers, body, reachedNext: nextRequests(log) > before };
}

const SESSION = "refused-reader-session";
const READ_PATHS = [
  `/api/badge/${SESSION}`,
  `/api/play/audit/${SESSION}?limit=5`,
  `/dashboard/${SESSION}`,
  "/api/registry",
];

/** Requests the budget lets through: a dashboard view takes 10 units, or all that is left. */
const allowedOf = (url: string) => (url.startsWith("/dashboard/") ? Math.ceil(READS / DASHBOARD_VIEW_UNITS) : READS);

describe("refusals of the read limit, answered before Next", () => {
  it.each(READ_PATHS)("GET %s: the same refusal again, without Next, until it would change", async (url) => {
    const client = newClient();
    for (let i = 1; i <= allowedOf(url); i++) {
      const allowed = await send(hour, logs.hour, client, url);
      expect(allowed.status, `read #${i}`).toBeLessThan(429);
      expect(allowed.reachedNext).toBe(true);
    }
    let previous = await send(hour, logs.hour, client, url);
    expect(previous.status).toBe(429);
    expect(previous.reachedNext).toBe(true);
    expect(previous.headers["ratelimit-remaining"]).toBe("0");
    expect(previous.headers["x-sia-refusal"]).toBeUndefined();

    // Send it until twenty answers came without Next. Each such answer is Next's last one, byte for
    // byte; Next is asked again exactly when its answer would differ (Retry-After counted down).
    let withoutNext = 0;
    for (let sent = 0; withoutNext < 20 && sent < 1000; sent++) {
      const answer = await send(hour, logs.hour, client, url);
      expect(answer.status).toBe(429);
      expect(answer.headers["x-sia-refusal"]).toBeUndefined();
      const counted = answer.headers["retry-after"] !== previous.headers["retry-after"];
      expect(answer.reachedNext).toBe(counted);
      if (!answer.reachedNext) {
        expect({ ...answer, reachedNext: true }).toEqual({ ...previous, reachedNext: true });
        withoutNext++;
      }
      previous = answer;
    }
    expect(withoutNext).toBe(20);

    // Another address reads on, and the refused one still gets its health answered.
    const other = await send(hour, logs.hour, newClient(), url);
    expect(other.status).toBeLessThan(429);
    expect(other.reachedNext).toBe(true);
    const health = await send(hour, logs.hour, client, "/api/health");
    expect(health.status).toBe(200);
    expect(health.reachedNext).toBe(true);
  });

  it("keeps the visitor's language: a page refused in Spanish is not replayed to an English reader", async () => {
    const client = newClient();
    const url = `/dashboard/${SESSION}`;
    for (let i = 0; i < allowedOf(url); i++) await send(hour, logs.hour, client, url);
    const es = await send(hour, logs.hour, client, url);
    expect(es.body).toContain('<html lang="es">');
    const en = await send(hour, logs.hour, client, url, { headers: { cookie: "lang=en" } });
    expect(en.status).toBe(429);
    expect(en.reachedNext).toBe(true);
    expect(en.body).toContain('<html lang="en">');
  });

  it("lets the client through again once the limit's reset has passed", async () => {
    const client = newClient();
    const url = `/api/badge/${SESSION}`;
    for (let i = 0; i < READS; i++) expect((await send(second, logs.second, client, url)).status).toBe(200);
    const refused = await send(second, logs.second, client, url);
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers["retry-after"]);
    expect(seconds).toBe(1);
    // Retry-After is the reset rounded up, counted from before the answer was sent.
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const again = await send(second, logs.second, client, url);
    expect(again.status).toBe(200);
    expect(again.reachedNext).toBe(true);
  });

  it("strips the mark from refusals of writes, and hands every write to Next", async () => {
    const client = newClient();
    const post = () =>
      send(hour, logs.hour, client, "/api/registry", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
    expect((await post()).status).toBe(422); // counted, then refused as invalid
    for (let i = 0; i < 3; i++) {
      const refused = await post();
      expect(refused.status).toBe(429);
      expect(refused.headers["x-sia-refusal"]).toBeUndefined();
      expect(refused.reachedNext).toBe(true);
    }
  });
});

/** Opens a stream and waits for its head; the body stays open until `close`. */
async function openStream(client: string, url: string) {
  const controller = new AbortController();
  const before = nextRequests(logs.streams);
  const res = await fetch(`${streams.url}${url}`, {
    headers: { "x-forwarded-for": client },
    signal: controller.signal,
  });
  return { res, reachedNext: nextRequests(logs.streams) > before, close: () => controller.abort() };
}

/** Sends `url` until the stream cap no longer refuses it (a slot frees once the server sees a close). */
async function untilNotStreamLimit(client: string, url: string) {
  for (let attempt = 0; attempt < 400; attempt++) {
    const s = await openStream(client, url);
    if (s.res.status !== 429) return { ...s, body: null as unknown };
    const body: unknown = await s.res.json();
    if ((body as { code?: string }).code !== "stream_limit") return { ...s, body };
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("the stream cap kept refusing after 400 attempts");
}

describe("refusals of the open-stream cap, answered before Next", () => {
  it("replays stream_limit without Next and without spending the read budget; a closed stream frees its slot", async () => {
    const client = newClient();
    const url = `/api/play/audit/${SESSION}/stream`;
    const held = await openStream(client, url);
    expect(held.res.status).toBe(200);
    expect(held.res.headers.get("ratelimit-remaining")).toBe(String(READS - 1));

    const first = await send(streams, logs.streams, client, url);
    expect(first.status).toBe(429);
    expect(first.reachedNext).toBe(true);
    expect(first.headers["retry-after"]).toBe("30");
    expect(first.headers["content-type"]).toContain("application/problem+json");
    expect(first.headers["x-sia-refusal"]).toBeUndefined();
    expect(JSON.parse(first.body)).toMatchObject({ code: "stream_limit", limit: 1, retryAfterSeconds: 30 });

    // Every answer, from Next or not, is the same refusal; Next is asked again about once a second
    // (when the kept refusal's Retry-After would count down), and a refusal it makes counts nothing.
    let withoutNext = 0;
    for (let sent = 0; withoutNext < 20 && sent < 1000; sent++) {
      const answer = await send(streams, logs.streams, client, url);
      expect({ ...answer, reachedNext: true }).toEqual({ ...first, reachedNext: true });
      if (!answer.reachedNext) withoutNext++;
    }
    expect(withoutNext).toBe(20);

    // The slot comes back once the stream closes, and the new stream is the second read, whatever
    // the refusals before it: the read limit still counts accepted streams.
    held.close();
    const again = await untilNotStreamLimit(client, url);
    expect(again.res.status).toBe(200);
    expect(again.reachedNext).toBe(true);
    expect(again.res.headers.get("ratelimit-remaining")).toBe("0");
    again.close();

    // The read budget is spent: once the slot is free again, the read limit refuses the stream.
    const over = await untilNotStreamLimit(client, url);
    expect(over.res.status).toBe(429);
    expect(over.body).toMatchObject({ code: "rate_limited", limit: READS });
  });
});
