import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { parseAuditCsv, verifyAuditLog } from "@sociedades-ia/incorporate";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEvent } from "@/lib/audit/entry";
import { AUDIT_READ_PAGE, appendAuditEvent } from "@/lib/audit/log";
import { ApiError } from "@/lib/http/problem";
import { type AppServer, startApp } from "../support/app-server";
import { appendEntries } from "../support/audit-seed";
import { applyEnv, startUpstashStack, type UpstashStack } from "../support/upstash-stack";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const event = (over: Partial<AuditEvent> = {}): AuditEvent => ({
  kind: "tool-call",
  action: "validar_cuit",
  actor: "ip:test",
  input: { cuit: "20-12345678-6" },
  output: { valido: true },
  outcome: "ok",
  ...over,
});

let stack: UpstashStack;
let app: AppServer;
let redis: ReturnType<typeof createClient>;
const logKey = (sid: string) => `sia:k:audit:${sid}:log`;

beforeAll(async () => {
  stack = await startUpstashStack();
  applyEnv(stack.env);
  app = await startApp({ env: stack.env });
  redis = createClient({ url: stack.redis.url, RESP: 2 });
  redis.on("error", () => {}); // the store-down test stops Redis under this client; it reconnects
  await redis.connect();
});
afterAll(async () => {
  await redis?.quit();
  await app?.stop();
  await stack?.close();
});

async function newSession(sid: string, n: number, over: Partial<AuditEvent> = {}) {
  const first = await appendAuditEvent({ sessionId: sid, sessionToken: null, event: event(over) }, stack.store);
  for (let i = 1; i < n; i++) {
    await appendAuditEvent({ sessionId: sid, sessionToken: first.sessionToken, event: event(over) }, stack.store);
  }
  return first.sessionToken as string;
}

/** A session longer than one read page of the CSV export and the stream, seeded once for both. */
const LONG_SID = "long-session-01";
const LONG = AUDIT_READ_PAGE + 30;
let longSeeded: Promise<string> | undefined;
const longSession = () => (longSeeded ??= appendEntries(stack.store, LONG_SID, LONG));
const jwksOf = async () => (await fetch(`${app.url}/.well-known/jwks.json`)).json();

const getJson = async (p: string) => {
  const res = await fetch(`${app.url}${p}`);
  return { res, body: await res.json() };
};

describe("GET /api/play/audit/{sessionId}", () => {
  it("returns the entries and a checkpoint that verifies offline with the published keys", async () => {
    await newSession("read-session-01", 3);
    const { res, body } = await getJson("/api/play/audit/read-session-01");
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(body).toMatchObject({ sessionId: "read-session-01", backend: "upstash", count: 3 });
    expect(body.entries.map((e: { seq: number }) => e.seq)).toEqual([0, 1, 2]);
    expect(body.checkpoint).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const jwks = await (await fetch(`${app.url}/.well-known/jwks.json`)).json();
    const offline = await verifyAuditLog(body, { jwks });
    expect(offline).toMatchObject({ ok: true, tampered: 0, total: 3 });
    expect(offline.checkpoint?.payload).toMatchObject({ sessionId: "read-session-01", size: 3 });
  });

  it("adds the verification report with ?verify=1", async () => {
    const { body } = await getJson("/api/play/audit/read-session-01?verify=1");
    expect(body.verification).toMatchObject({ total: 3, verified: 3, tampered: 0, unsigned: 0, firstBadSeq: null });
    expect(body.verification.head.size).toBe(3);
  });

  it("treats an unknown session as an empty log", async () => {
    const { res, body } = await getJson("/api/play/audit/never-written-01?verify=1");
    expect(res.status).toBe(200);
    expect(body).toMatchObject({
      count: 0,
      entries: [],
      verification: { total: 0, tampered: 0, head: { hash: null } },
    });
  });

  it("rejects malformed and oversize ids with a 400 problem before touching the store", async () => {
    const before = stack.bridge.stats().commands;
    for (const id of ["short", "a".repeat(65), "has%20space", "semi;colon", "%E2%9C%93unicode-id", "..%2F..%2Fetc"]) {
      const res = await fetch(`${app.url}/api/play/audit/${id}`);
      expect(res.status, id).toBe(400);
      expect((await res.json()).code).toBe("invalid_session_id");
    }
    expect(stack.bridge.stats().commands).toBe(before);
    expect((await fetch(`${app.url}/api/play/audit/read-session-01?verify=maybe`)).status).toBe(400);
  });

  it("round-trips unicode in every member byte for byte", async () => {
    const weird = 'ñandú «» "q" \\ \u2028 😀 \u0000 =SUM(A1)';
    await newSession("unicode-session", 1, { action: weird, actor: weird, input: { [weird]: weird }, output: [weird] });
    const { body } = await getJson("/api/play/audit/unicode-session?verify=1");
    expect(body.entries[0]).toMatchObject({ action: weird, actor: weird, input: { [weird]: weird }, output: [weird] });
    expect(body.verification.verified).toBe(1);
  });

  it("names the entry that was edited in the store by hand", async () => {
    await newSession("edited-session", 4);
    const raw = await redis.lIndex(logKey("edited-session"), 3); // item 0 is the session header
    await redis.lSet(logKey("edited-session"), 3, (raw as string).replace('"valido":true', '"valido":false'));
    const { body } = await getJson("/api/play/audit/edited-session?verify=1");
    expect(body.verification).toMatchObject({ tampered: 2, firstBadSeq: 2 });
    expect(body.verification.problems[0]).toEqual({ seq: 2, reasons: ["hmac_mismatch"] });
    const badge = await (await fetch(`${app.url}/api/badge/edited-session`)).text();
    expect(badge).toContain("tampered 2");
  });

  it("reports entries signed with a key id the server does not hold", async () => {
    await newSession("foreign-kid-01", 1);
    const raw = (await redis.lIndex(logKey("foreign-kid-01"), 1)) as string;
    await redis.lSet(logKey("foreign-kid-01"), 1, raw.replace('"kid":"it-1"', '"kid":"nobody"'));
    const { body } = await getJson("/api/play/audit/foreign-kid-01?verify=1");
    expect(body.verification.problems[0].reasons).toContain("unknown_kid");
  });

  it("answers 503 when the store goes down mid-read, and reads again once it is back", async () => {
    await stack.redis.stop();
    try {
      const res = await fetch(`${app.url}/api/play/audit/read-session-01`);
      expect(res.status).toBe(503);
      expect((await res.json()).code).toBe("store_unavailable");
      // The CSV export fixes its rows before it answers, so it is refused whole too, never sent empty.
      const csv = await fetch(`${app.url}/api/play/audit/read-session-01/csv`);
      expect(csv.status).toBe(503);
      expect((await csv.json()).code).toBe("store_unavailable");
    } finally {
      await stack.redis.restart();
    }
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await fetch(`${app.url}/api/play/audit/read-session-01`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
  });
});

describe("session write tokens", () => {
  it("are returned on the first write only, and required after it", async () => {
    const first = await appendAuditEvent(
      { sessionId: "token-session-1", sessionToken: null, event: event() },
      stack.store,
    );
    expect(first.sessionToken).toMatch(/^[\w-]{43}$/);
    const second = await appendAuditEvent(
      { sessionId: "token-session-1", sessionToken: first.sessionToken, event: event() },
      stack.store,
    );
    expect(second.sessionToken).toBeNull();
    expect(second.entry.seq).toBe(1);
    for (const [token, code] of [
      [null, "session_token_required"],
      ["wrong-token", "session_token_invalid"],
    ] as const) {
      const err = await appendAuditEvent(
        { sessionId: "token-session-1", sessionToken: token, event: event() },
        stack.store,
      ).catch((e) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err.code).toBe(code);
      expect(err.status).toBe(403);
    }
    expect((await getJson("/api/play/audit/token-session-1")).body.count).toBe(2);
    const stored = await redis.lIndex(logKey("token-session-1"), 0);
    expect(stored).not.toContain(first.sessionToken as string); // only a hash is kept
  });

  it("let the service itself write without a token, which clients cannot do", async () => {
    await newSession("service-write-01", 1);
    const out = await appendAuditEvent(
      { sessionId: "service-write-01", sessionToken: null, asService: true, event: event({ kind: "registry" }) },
      stack.store,
    );
    expect(out).toMatchObject({ sessionToken: null, entry: { seq: 1, kind: "registry" } });
    // A registry entry makes the session permanent, like an incorporation.
    expect(await redis.pTTL(logKey("service-write-01"))).toBe(-1);
  });

  it("creates a UUID session when the write names none", async () => {
    const out = await appendAuditEvent({ sessionId: null, sessionToken: null, event: event() }, stack.store);
    expect(out.sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("keeps sessions with an incorporation forever and expires demo-only sessions", async () => {
    await newSession("demo-only-session", 1);
    const demoTtl = await redis.pTTL(logKey("demo-only-session"));
    expect(demoTtl).toBeGreaterThan(6 * 86_400_000);
    expect(demoTtl).toBeLessThanOrEqual(7 * 86_400_000);
    const token = await newSession("incorporated-session", 1);
    await appendAuditEvent(
      { sessionId: "incorporated-session", sessionToken: token, event: event({ kind: "incorporation" }) },
      stack.store,
    );
    await appendAuditEvent({ sessionId: "incorporated-session", sessionToken: token, event: event() }, stack.store);
    expect(await redis.pTTL(logKey("incorporated-session"))).toBe(-1);
  });
});

describe("concurrent appends", () => {
  it("lose, duplicate and reorder nothing across separate writer processes sharing one Redis", async () => {
    const sid = "concurrent-session-01";
    const token = await newSession(sid, 1);
    const workers = [1, 2, 3].map((w) =>
      run(process.execPath, ["--import", "tsx", "tests/support/append-worker.ts"], {
        cwd: ROOT,
        env: {
          ...process.env,
          ...stack.env,
          SESSION_ID: sid,
          SESSION_TOKEN: token,
          COUNT: "40",
          CONCURRENCY: "4",
          WORKER: String(w),
        },
      }),
    );
    const outputs = await Promise.all(workers);
    expect(outputs.map((o) => JSON.parse(o.stdout).done)).toEqual([40, 40, 40]);
    const { body } = await getJson(`/api/play/audit/${sid}?verify=1`);
    expect(body.count).toBe(121);
    expect(body.entries.map((e: { seq: number }) => e.seq)).toEqual(Array.from({ length: 121 }, (_, i) => i));
    expect(body.verification).toMatchObject({ total: 121, verified: 121, tampered: 0 });
    const perWorker = (w: number) =>
      body.entries
        .filter((e: { actor: string }) => e.actor === `worker:${w}`)
        .map((e: { input: { n: number } }) => e.input.n);
    for (const w of [1, 2, 3])
      expect(perWorker(w).sort((x: number, y: number) => x - y)).toEqual([...Array(40).keys()]);
  }, 300_000);
});

describe("concurrent appends through two server processes", () => {
  it("keep one contiguous, verified timeline when 120 writes arrive at both servers at once", async () => {
    const env = { ...stack.env, RATE_LIMIT_INCORPORATE: "100000/1m" };
    const servers = await Promise.all([startApp({ env }), startApp({ env })]);
    try {
      const sid = randomUUID(); // incorporations take UUID session ids
      const first = await appendAuditEvent({ sessionId: sid, sessionToken: null, event: event() }, stack.store);
      const body = (n: number) => ({
        denominacion: `Concurrente ${n} Agentes SOCIEDAD-IA`,
        tipo: "SOCIEDAD-IA",
        capitalSocial: 2000000,
        objeto:
          "Desarrollo y operación de agentes de software autónomos para comercio electrónico en la República Argentina.",
        sessionId: sid,
      });
      let next = 0;
      const statuses: number[] = [];
      await Promise.all(
        Array.from({ length: 16 }, async (_, lane) => {
          while (next < 120) {
            const n = next++;
            const server = servers[(n + lane) % 2] as AppServer;
            const res = await fetch(`${server.url}/api/auto-incorporate`, {
              method: "POST",
              headers: { "content-type": "application/json", "x-session-token": first.sessionToken as string },
              body: JSON.stringify(body(n)),
            });
            await res.arrayBuffer();
            statuses.push(res.status);
          }
        }),
      );
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      const { body: log } = await getJson(`/api/play/audit/${sid}?verify=1`);
      expect(log.count).toBe(121);
      expect(log.entries.map((e: { seq: number }) => e.seq)).toEqual(Array.from({ length: 121 }, (_, i) => i));
      expect(log.verification).toMatchObject({ total: 121, verified: 121, tampered: 0 });
      const names = log.entries.slice(1).map((e: { input: { denominacion: string } }) => e.input.denominacion);
      expect(new Set(names).size).toBe(120);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  }, 300_000);
});

describe("CSV export", () => {
  it("is RFC 4180 with every member, a file name, and formula cells neutralised", async () => {
    await newSession("csv-session-001", 2, { actor: '=HYPERLINK("http://evil")', action: "+cmd" });
    const res = await fetch(`${app.url}/api/play/audit/csv-session-001/csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="audit-csv-session-001.csv"');
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe("id,sessionId,seq,ts,kind,action,actor,input,output,outcome,prev,kid,hmac,signature");
    expect(lines[1]).toContain(',\'+cmd,"\'=HYPERLINK(""http://evil"")",');
  });

  it("of a session longer than a read page holds every entry in order, verifying with its checkpoint", async () => {
    await longSession();
    const res = await fetch(`${app.url}/api/play/audit/${LONG_SID}/csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="audit-${LONG_SID}.csv"`);
    const text = await res.text();
    expect(text.split("\r\n")).toHaveLength(LONG + 2); // the header, the rows, and "" after the last CRLF
    const entries = parseAuditCsv(text);
    expect(entries.map((e) => e.seq)).toEqual([...Array(LONG).keys()]);
    expect(entries.map((e) => (e.input as { n: number }).n)).toEqual([...Array(LONG).keys()]);
    const checkpoint = res.headers.get("x-audit-checkpoint");
    const offline = await verifyAuditLog({ sessionId: LONG_SID, entries, checkpoint }, { jwks: await jwksOf() });
    expect(offline).toMatchObject({ ok: true, tampered: 0, total: LONG });
    expect(offline.checkpoint?.payload).toMatchObject({ sessionId: LONG_SID, size: LONG });
  }, 120_000);
});

describe("SSE stream", () => {
  async function readEvents(res: Response, until: (text: string) => boolean): Promise<string> {
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = "";
    while (!until(text)) {
      const { done, value } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    await reader.cancel();
    return text;
  }

  it("sends existing entries, then new ones live, each with id = seq", async () => {
    const token = await newSession("stream-session-1", 2);
    const res = await fetch(`${app.url}/api/play/audit/stream-session-1/stream`);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    setTimeout(() => {
      void appendAuditEvent({ sessionId: "stream-session-1", sessionToken: token, event: event() }, stack.store);
    }, 300);
    const text = await readEvents(res, (t) => t.includes("id: 2\n"));
    expect(text).toMatch(/^retry: \d+/);
    expect([...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]))).toEqual([0, 1, 2]);
  });

  it("resumes after Last-Event-ID without replaying", async () => {
    const res = await fetch(`${app.url}/api/play/audit/stream-session-1/stream?maxSeconds=1`, {
      headers: { "last-event-id": "1" },
    });
    const text = await readEvents(res, (t) => t.includes("event: reconnect"));
    expect([...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]))).toEqual([2]);
    expect(text).toMatch(/event: reconnect\ndata: \{"lastEventId":2/);
  });

  it("resumes from the lastEventId a reconnect event names, -1 for a session with no entries yet", async () => {
    const empty = await fetch(`${app.url}/api/play/audit/stream-session-none/stream?maxSeconds=1`);
    const first = await readEvents(empty, (t) => t.includes("event: reconnect"));
    const named = /event: reconnect\ndata: (\{.*\})/.exec(first)?.[1] as string;
    expect(JSON.parse(named)).toMatchObject({ lastEventId: -1 });
    const again = await fetch(
      `${app.url}/api/play/audit/stream-session-none/stream?maxSeconds=1&lastEventId=${JSON.parse(named).lastEventId}`,
    );
    expect(again.status).toBe(200);
    await again.body?.cancel();
  });

  it("sends a session longer than a read page once, in order, then the checkpoint of it all", async () => {
    await longSession();
    const res = await fetch(`${app.url}/api/play/audit/${LONG_SID}/stream`);
    const text = await readEvents(res, (t) => t.includes("event: checkpoint\n"));
    const events = text.split("\n\n").filter((block) => /^(id|event): /m.test(block));
    const ids = events.flatMap((block) => /^id: (\d+)$/m.exec(block)?.[1] ?? []).map(Number);
    expect(ids).toEqual([...Array(LONG).keys()]);
    // The checkpoint comes last, after every entry it covers, and verifies them offline.
    const last = events.at(-1) as string;
    expect(last).toMatch(/^event: checkpoint\n/);
    expect(events.filter((block) => block.includes("event: checkpoint"))).toHaveLength(1);
    const { size, checkpoint } = JSON.parse(/^data: (.*)$/m.exec(last)?.[1] as string);
    expect(size).toBe(LONG);
    const entries = events.slice(0, -1).map((block) => JSON.parse(/^data: (.*)$/m.exec(block)?.[1] as string));
    const offline = await verifyAuditLog({ sessionId: LONG_SID, entries, checkpoint }, { jwks: await jwksOf() });
    expect(offline).toMatchObject({ ok: true, tampered: 0, total: LONG });
  }, 120_000);

  it("rejects a bad Last-Event-ID and lifetime", async () => {
    const bad = await fetch(`${app.url}/api/play/audit/stream-session-1/stream`, { headers: { "last-event-id": "x" } });
    expect(bad.status).toBe(400);
    expect((await fetch(`${app.url}/api/play/audit/stream-session-1/stream?maxSeconds=9999`)).status).toBe(400);
  });
});

describe("badge", () => {
  it("is a live 24 px SVG with an ETag that GitHub's proxy revalidates", async () => {
    const res = await fetch(`${app.url}/api/badge/read-session-01`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("cache-control")).toMatch(/no-cache/);
    const svg = await res.text();
    expect(svg).toMatch(/height="24"/);
    expect(svg).toContain("verified 3/3");
    const etag = res.headers.get("etag") as string;
    const again = await fetch(`${app.url}/api/badge/read-session-01`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await (await fetch(`${app.url}/api/badge/nothing-here-01`)).text()).toContain("no entries");
    const invalid = await fetch(`${app.url}/api/badge/x`);
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("invalid session id");
  });

  it("answers alike through the server's static route and Next's dynamic one", async () => {
    // scripts/server.mjs hands a bare well-formed path to app/(protocol)/api/badge/route.ts; a query string keeps
    // the request on app/(protocol)/api/badge/[sessionId]/route.ts.
    const answer = async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${app.url}${path}`, { headers });
      const names = ["content-type", "cache-control", "etag", "content-security-policy", "access-control-allow-origin"];
      return { status: res.status, body: await res.text(), headers: names.map((n) => [n, res.headers.get(n)]) };
    };
    for (const id of ["read-session-01", "nothing-here-01"]) {
      const fast = await answer(`/api/badge/${id}`);
      expect(fast.status).toBe(200);
      expect(await answer(`/api/badge/${id}?v=1`)).toEqual(fast);
      const etag = fast.headers.find(([n]) => n === "etag")?.[1] as string;
      const fresh = await answer(`/api/badge/${id}`, { "if-none-match": etag });
      expect(fresh.status).toBe(304);
      expect(await answer(`/api/badge/${id}?v=1`, { "if-none-match": etag })).toEqual(fresh);
    }
  });

  it("takes the session from the path alone: a client's x-badge-session-id header is dropped", async () => {
    const res = await fetch(`${app.url}/api/badge/read-session-01`, {
      headers: { "x-badge-session-id": "nothing-here-01" },
    });
    expect(await res.text()).toContain("verified 3/3");
    const bare = await fetch(`${app.url}/api/badge`, { headers: { "x-badge-session-id": "read-session-01" } });
    expect(bare.status).toBe(404);
    expect((await bare.json()).code).toBe("not_found");
    const posted = await fetch(`${app.url}/api/badge`, { method: "POST" });
    expect(posted.status).toBe(404);
  });
});

describe("POST /api/play/tamper-demo", () => {
  it("shows the original verified and the altered copy tampered, leaving the log byte-identical", async () => {
    await newSession("tamper-session-1", 3);
    const before = await redis.lRange(logKey("tamper-session-1"), 0, -1);
    const res = await fetch(`${app.url}/api/play/tamper-demo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sessionId: "tamper-session-1", mutation: "edit-output", seq: 1 }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.original.verification.tampered).toBe(0);
    expect(body.altered.verification.tampered).toBeGreaterThan(0);
    expect(body.detected).toEqual({ seq: 1, reasons: ["hmac_mismatch"] });
    expect(await redis.lRange(logKey("tamper-session-1"), 0, -1)).toEqual(before);
    expect(await redis.pTTL(logKey("tamper-session-1"))).toBeGreaterThan(0);
  });

  it("on a long session verifies only the entries around the altered one, and says which", async () => {
    await longSession();
    const res = await fetch(`${app.url}/api/play/tamper-demo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sessionId: LONG_SID, mutation: "edit-input", seq: 120 }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.window).toEqual({ from: 118, to: 122, size: LONG });
    expect(body.original.entry.seq).toBe(120);
    expect(body.original.verification).toMatchObject({ total: 5, verified: 5, tampered: 0, firstBadSeq: null });
    // The altered entry fails its HMAC and the next one its link, at their places in the whole log.
    expect(body.altered.verification).toMatchObject({ total: 5, verified: 3, tampered: 2, firstBadSeq: 120 });
    expect(body.detected).toEqual({ seq: 120, reasons: ["hmac_mismatch"] });
    const deleted = await (
      await fetch(`${app.url}/api/play/tamper-demo`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ sessionId: LONG_SID, mutation: "delete-entry", seq: LONG - 1 }),
      })
    ).json();
    expect(deleted.window).toEqual({ from: LONG - 3, to: LONG - 1, size: LONG });
    expect(deleted.altered.verification).toMatchObject({ total: 2, tampered: 0 });
  });

  it("works on the built-in sample and refuses impossible requests", async () => {
    const post = (body: unknown) =>
      fetch(`${app.url}/api/play/tamper-demo`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const sample = await (await post({ mutation: "swap-entries" })).json();
    expect(sample).toMatchObject({ source: "sample", detected: { seq: 0 } });
    expect((await post({ mutation: "melt" })).status).toBe(400);
    expect((await post({ sessionId: "never-written-02" })).status).toBe(422);
    expect((await post({ sessionId: "tamper-session-1", seq: 99 })).status).toBe(422);
  });
});
