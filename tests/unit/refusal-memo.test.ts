// scripts/refusal-memo.mjs in a real HTTP server, wired as scripts/server.mjs wires it, in front of
// a stand-in for Next that counts the requests it gets and refuses like the rate limit does.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { REFUSAL_MARK, type RefusalMemo, refusalMemo } from "@/scripts/refusal-memo.mjs";

const START = 1_700_000_000_000;

interface Answer {
  status: number;
  message: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  servers = [];
});

/**
 * A memo with a clock the test moves, in front of a stand-in for Next: /limited/* answers 429 with
 * the mark until `reset`, in two chunks whose text names Next's call count (so that a replay shows
 * an older count), then 200; any other path answers 200. `mark: false` leaves the mark off.
 */
async function start(options: { maxEntries?: number; mark?: boolean; perWindow?: number } = {}) {
  let t = START;
  const reset = START + 60_000;
  /** Answers waiting for their turn: the test runs them. */
  const turns: (() => void)[] = [];
  const memo: RefusalMemo = refusalMemo({
    now: () => t,
    schedule: (run) => turns.push(run),
    maxEntries: options.maxEntries,
    windowMs: 50,
    perWindow: options.perWindow ?? Number.POSITIVE_INFINITY,
  });
  const calls: string[] = [];
  const server = http.createServer((req, res) => {
    if (!memo.answer(req, res, next)) next(req, res);
  });
  function next(req: http.IncomingMessage, res: http.ServerResponse) {
    memo.watch(req, res);
    calls.push(`${req.method} ${req.url}`);
    if (req.url?.startsWith("/limited") && t < reset) {
      const seconds = Math.ceil((reset - t) / 1000);
      res.statusCode = 429;
      res.setHeader("content-type", "application/problem+json");
      res.setHeader("retry-after", String(seconds));
      res.setHeader("ratelimit-reset", String(seconds));
      res.setHeader("set-cookie", ["a=1", "b=2"]);
      if (options.mark !== false) res.setHeader(REFUSAL_MARK, `read; reset=${reset}`);
      res.write(`{"retryAfterSeconds":${seconds},`);
      res.end(`"call":${calls.length}}`, "utf8");
      return;
    }
    res.setHeader("content-type", "text/plain");
    res.end(`ok ${calls.length}`);
  }
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;

  function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
    return new Promise<Answer>((resolve, reject) => {
      const headers = {
        ...init.headers,
        ...(init.body ? { "content-length": String(Buffer.byteLength(init.body)) } : {}),
      };
      const req = http.request({ host: "127.0.0.1", port, path, method: init.method ?? "GET", headers });
      req.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => {
          body += d;
        });
        res.on("end", () => {
          const { date, ...headers } = res.headers;
          expect(date).toBeDefined();
          resolve({ status: res.statusCode ?? 0, message: res.statusMessage ?? "", headers, body });
        });
      });
      req.on("error", reject);
      req.end(init.body);
    });
  }
  return { memo, calls, send, reset, turns, advance: (ms: number) => (t += ms) };
}

describe("refusals answered before Next", () => {
  it("answers the same request again with Next's refusal, byte for byte, without Next", async () => {
    const app = await start();
    const first = await app.send("/limited/a");
    expect(first).toMatchObject({
      status: 429,
      message: "Too Many Requests",
      body: '{"retryAfterSeconds":60,"call":1}',
    });
    expect(first.headers).toMatchObject({ "retry-after": "60", "set-cookie": ["a=1", "b=2"] });
    expect(first.headers[REFUSAL_MARK]).toBeUndefined();
    expect(app.memo.size).toBe(1);

    for (let i = 0; i < 5; i++) {
      app.advance(100);
      expect(await app.send("/limited/a")).toEqual(first);
    }
    expect(app.calls).toEqual(["GET /limited/a"]);
  });

  it("asks Next again once Retry-After would count down, and after the reset", async () => {
    const app = await start();
    await app.send("/limited/a");
    app.advance(999); // 59.001 s left: still 60 when rounded up
    expect((await app.send("/limited/a")).body).toBe('{"retryAfterSeconds":60,"call":1}');
    app.advance(1); // 59 s left
    const next = await app.send("/limited/a");
    expect(next.body).toBe('{"retryAfterSeconds":59,"call":2}');
    expect(next.headers["retry-after"]).toBe("59");
    expect((await app.send("/limited/a")).body).toBe('{"retryAfterSeconds":59,"call":2}');

    app.advance(app.reset - START - 1000 - 1); // 1 ms before the reset
    expect((await app.send("/limited/a")).body).toBe('{"retryAfterSeconds":1,"call":3}');
    expect((await app.send("/limited/a")).body).toBe('{"retryAfterSeconds":1,"call":3}');
    app.advance(1); // the reset: the limit lets it through
    expect(await app.send("/limited/a")).toMatchObject({ status: 200, body: "ok 4" });
    expect(await app.send("/limited/a")).toMatchObject({ status: 200, body: "ok 5" });
  });

  it("keeps a refusal for its exact request: another URL, header, client or method reaches Next", async () => {
    const app = await start();
    await app.send("/limited/a", { headers: { "x-forwarded-for": "198.51.100.1" } });
    await app.send("/limited/a?x=1", { headers: { "x-forwarded-for": "198.51.100.1" } });
    await app.send("/limited/a", { headers: { "x-forwarded-for": "198.51.100.2" } });
    await app.send("/limited/a", { headers: { "x-forwarded-for": "198.51.100.1", cookie: "lang=en" } });
    expect(app.calls).toHaveLength(4);
    // Health and every other path from the refused client go on to Next.
    expect(await app.send("/api/health", { headers: { "x-forwarded-for": "198.51.100.1" } })).toMatchObject({
      status: 200,
      body: "ok 5",
    });
    // Each of the four is now answered without Next.
    await app.send("/limited/a", { headers: { "x-forwarded-for": "198.51.100.1" } });
    await app.send("/limited/a?x=1", { headers: { "x-forwarded-for": "198.51.100.1" } });
    expect(app.calls).toHaveLength(5);

    const head = await app.send("/limited/a", { method: "HEAD", headers: { "x-forwarded-for": "198.51.100.1" } });
    expect(head).toMatchObject({ status: 429, body: "" });
    expect(await app.send("/limited/a", { method: "HEAD", headers: { "x-forwarded-for": "198.51.100.1" } })).toEqual(
      head,
    );
    expect(app.calls).toHaveLength(6);
  });

  it("strips the mark from every answer but keeps only refusals of GET and HEAD without a body", async () => {
    const app = await start();
    for (const init of [{ method: "POST", body: "{}" }, { method: "GET", body: "x" }, { method: "DELETE" }]) {
      const answer = await app.send("/limited/a", init);
      expect(answer.status).toBe(429);
      expect(answer.headers[REFUSAL_MARK]).toBeUndefined();
    }
    expect(app.memo.size).toBe(0);
  });

  it("keeps no 429 without the mark", async () => {
    const app = await start({ mark: false });
    await app.send("/limited/a");
    await app.send("/limited/a");
    expect(app.calls).toHaveLength(2);
    expect(app.memo.size).toBe(0);
  });

  it("keeps at most maxEntries refusals, dropping those Next would no longer send first", async () => {
    const app = await start({ maxEntries: 2 });
    await app.send("/limited/1");
    await app.send("/limited/2");
    await app.send("/limited/3"); // full: the oldest goes
    expect(app.memo.size).toBe(2);
    await app.send("/limited/1");
    expect(app.calls).toEqual(["GET /limited/1", "GET /limited/2", "GET /limited/3", "GET /limited/1"]);

    app.advance(1000); // every kept refusal is out of date
    await app.send("/limited/4");
    expect(app.memo.size).toBe(1);
  });

  it("answers a kept refusal at most perWindow times a window; later requests wait, in order", async () => {
    const app = await start({ perWindow: 1 });
    await app.send("/limited/a"); // Next's refusal
    const first = await app.send("/limited/a"); // the kept one, at once: the window's answer
    expect(first.body).toBe('{"retryAfterSeconds":60,"call":1}');

    let answered = 0;
    const count = (answer: Answer) => {
      answered++;
      return answer;
    };
    const early = app.send("/limited/a").then(count);
    while (app.memo.waiting < 1) await new Promise((r) => setTimeout(r, 5));
    const later = app.send("/limited/a").then(count);
    while (app.memo.waiting < 2) await new Promise((r) => setTimeout(r, 5));
    expect(answered).toBe(0);
    expect(app.turns).toHaveLength(1); // one timer for all that wait

    app.advance(50); // the next window: one answer, the first to have come
    app.turns.shift()?.();
    expect(await early).toEqual(first);
    expect(app.memo.waiting).toBe(1);
    expect(app.turns).toHaveLength(1);
    // By the second one's turn Next would say 59 s: it goes to Next, which answers afresh.
    app.advance(1000);
    app.turns.shift()?.();
    expect((await later).body).toBe('{"retryAfterSeconds":59,"call":2}');
    expect(app.calls).toEqual(["GET /limited/a", "GET /limited/a"]);
    expect(app.memo.waiting).toBe(0);
    expect(app.turns).toHaveLength(0);
  });
});
