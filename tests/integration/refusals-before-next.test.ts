// A client the read limit refuses, sending the same read again, is answered by scripts/server.mjs
// itself (scripts/refusal-memo.mjs) with exactly what Next would answer, until that answer would
// change: Next is asked again when Retry-After counts down a second and after the reset. The servers
// run with tests/support/count-next-requests.mjs loaded, which logs every request handed to Next.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DASHBOARD_VIEW_UNITS } from "@/lib/http/read-cost";
import { type AppServer, startApp } from "../support/app-server";

const READS = 2;
const PRELOAD = path.resolve(import.meta.dirname, "../support/count-next-requests.mjs");
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "sia-next-log-"));
let hour: AppServer;
let second: AppServer;
const logs = { hour: path.join(logDir, "hour.log"), second: path.join(logDir, "second.log") };

beforeAll(async () => {
  const env = (log: string, limit: string) => ({
    NODE_OPTIONS: `--import=${PRELOAD}`,
    NEXT_REQUEST_LOG: log,
    RATE_LIMIT_READ: limit,
    RATE_LIMIT_REGISTRY: "1/1h",
    // One trusted proxy hop: the app takes the address left of it, so each test picks its own client.
    TRUSTED_PROXY_HOPS: "1",
  });
  [hour, second] = await Promise.all([
    startApp({ env: env(logs.hour, `${READS}/1h`) }),
    startApp({ env: env(logs.second, `${READS}/1s`) }),
  ]);
});
afterAll(async () => {
  await Promise.all([hour?.stop(), second?.stop()]);
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
