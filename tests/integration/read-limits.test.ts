// Reads cost the server: every public read counts against RATE_LIMIT_READ per address, and open
// audit streams are capped per address (STREAM_MAX_PER_IP) and in total (STREAM_MAX).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";

const READS = 3;
let reads: AppServer;
let streams: AppServer;

beforeAll(async () => {
  // One trusted proxy hop: the app takes the address left of it, so each test picks its own client.
  [reads, streams] = await Promise.all([
    startApp({ env: { RATE_LIMIT_READ: `${READS}/1m`, TRUSTED_PROXY_HOPS: "1" } }),
    startApp({ env: { STREAM_MAX_PER_IP: "2", STREAM_MAX: "3", TRUSTED_PROXY_HOPS: "1" } }),
  ]);
});
afterAll(async () => {
  await Promise.all([reads?.stop(), streams?.stop()]);
});

let nextClient = 0;
const newClient = () => `198.51.100.${++nextClient}`;
const from = (app: AppServer, client: string, path: string, init: RequestInit = {}) =>
  fetch(`${app.url}${path}`, { ...init, headers: { "x-forwarded-for": client } });

const SESSION = "read-limit-session";
const READ_PATHS = [
  `/api/play/audit/${SESSION}`,
  `/api/play/audit/${SESSION}?verify=1`,
  `/api/play/audit/${SESSION}/csv`,
  `/api/play/audit/${SESSION}/stream?maxSeconds=1`,
  `/api/badge/${SESSION}`,
  "/api/registry",
  "/api/registry/sociedades-ia-referencia",
  "/api/registry/sociedades-ia-referencia/report",
];

describe("RATE_LIMIT_READ", () => {
  it.each(READ_PATHS)("counts GET %s per address, with RateLimit headers, then answers 429", async (path) => {
    const client = newClient();
    for (let i = 1; i <= READS; i++) {
      const res = await from(reads, client, path);
      await res.arrayBuffer();
      expect(res.status, `${path} #${i}`).toBeLessThan(429);
      // An error answer (the seed has no report yet: 404) counts too, but carries no RateLimit headers.
      if (!res.ok) continue;
      expect(res.headers.get("ratelimit-limit")).toBe(String(READS));
      expect(res.headers.get("ratelimit-remaining")).toBe(String(READS - i));
      expect(res.headers.get("ratelimit-policy")).toBe(`${READS};w=60`);
    }
    const refused = await from(reads, client, path);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    const body = await refused.json();
    expect(body).toMatchObject({ code: "rate_limited", limit: READS });
    expect(body.detail).toMatch(/at most 3 read units \(a read is 1 unit plus .*\) per 1 m/);

    // Another address is not affected.
    const other = await from(reads, newClient(), path);
    await other.arrayBuffer();
    expect(other.status).toBeLessThan(429);
  });

  it("shares one budget across the read endpoints", async () => {
    const client = newClient();
    for (const path of READ_PATHS.slice(0, READS)) expect((await from(reads, client, path)).status).toBeLessThan(429);
    expect((await from(reads, client, `/api/badge/${SESSION}`)).status).toBe(429);
    expect((await from(reads, client, "/api/registry")).status).toBe(429);
  });
});

/** Opens a stream and waits for its headers; the body stays open until `close`. */
async function openStream(client: string, maxSeconds = 300) {
  const controller = new AbortController();
  const res = await from(streams, client, `/api/play/audit/${SESSION}/stream?maxSeconds=${maxSeconds}`, {
    signal: controller.signal,
  });
  return { res, close: () => controller.abort() };
}

describe("open stream caps", () => {
  it("refuses an address's stream beyond STREAM_MAX_PER_IP, and any beyond STREAM_MAX, with 429", async () => {
    const a = newClient();
    const b = newClient();
    const a1 = await openStream(a);
    const a2 = await openStream(a);
    expect([a1.res.status, a2.res.status]).toEqual([200, 200]);
    expect(a1.res.headers.get("content-type")).toContain("text/event-stream");

    const a3 = await openStream(a);
    expect(a3.res.status).toBe(429);
    expect(a3.res.headers.get("retry-after")).toBe("30");
    expect(await a3.res.json()).toMatchObject({ code: "stream_limit", limit: 2 });

    const b1 = await openStream(b);
    expect(b1.res.status).toBe(200);
    // Three streams are open: the server's total is used, whoever asks.
    const b2 = await openStream(b);
    expect(b2.res.status).toBe(429);
    const problem = await b2.res.json();
    expect(problem).toMatchObject({ code: "stream_limit", limit: 3 });
    expect(problem.detail).toContain("3 open streams on this server");

    for (const s of [a1, a2, b1]) s.close();
  });

  it("gives the slot back when a stream ends or its client goes away", async () => {
    const c = newClient();
    // Wait for the slots of the test above to come back (the server notices a closed connection
    // on its next write): poll until an address's full quota opens again.
    const opened: Awaited<ReturnType<typeof openStream>>[] = [];
    for (let attempt = 0; attempt < 200 && opened.length < 2; attempt++) {
      const s = await openStream(c);
      if (s.res.status === 200) opened.push(s);
      else {
        await s.res.arrayBuffer();
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    expect(opened).toHaveLength(2);
    for (const s of opened) s.close();

    // A stream that runs its course (maxSeconds=1) frees its slot by the time its last event arrives.
    const d = newClient();
    const short1 = await openStream(d, 1);
    const short2 = await openStream(d, 1);
    expect([short1.res.status, short2.res.status]).toEqual([200, 200]);
    expect(await short1.res.text()).toContain("event: reconnect");
    const again = await openStream(d, 1);
    expect(again.res.status).toBe(200);
    await Promise.all([short2.res.text(), again.res.text()]);
  });

  it("refuses a bad Last-Event-ID with 400 and takes no slot", async () => {
    const e = newClient();
    for (let i = 0; i < 3; i++) {
      const bad = await from(streams, e, `/api/play/audit/${SESSION}/stream?lastEventId=x`);
      expect(bad.status).toBe(400);
      expect((await bad.json()).code).toBe("bad_request");
    }
    const first = await openStream(e, 1);
    expect(first.res.status).toBe(200);
    await first.res.text();
  });
});
