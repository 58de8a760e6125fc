// Servers keep each session's verification between reads (lib/audit/verified-log.ts). These tests
// change the stored log behind two servers' backs, after both have read it, and check that neither
// answers from what it saw before.
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendAuditEvent } from "@/lib/audit/log";
import { type AppServer, startApp } from "../support/app-server";
import { toolCallEvent as event } from "../support/fixtures";
import { applyEnv, startUpstashStack, type UpstashStack } from "../support/upstash-stack";

let stack: UpstashStack;
let apps: AppServer[];
let redis: ReturnType<typeof createClient>;
const logKey = (sid: string) => `sia:k:audit:${sid}:log`;

beforeAll(async () => {
  stack = await startUpstashStack();
  applyEnv(stack.env);
  apps = await Promise.all([startApp({ env: stack.env }), startApp({ env: stack.env })]);
  redis = createClient({ url: stack.redis.url, RESP: 2 });
  await redis.connect();
});
afterAll(async () => {
  await redis?.quit();
  await Promise.all((apps ?? []).map((app) => app.stop()));
  await stack?.close();
});

/** A session with `n` entries; returns its write token. */
async function newSession(sid: string, n: number): Promise<string> {
  const first = await appendAuditEvent({ sessionId: sid, sessionToken: null, event: event(0) }, stack.store);
  for (let i = 1; i < n; i++) {
    await appendAuditEvent({ sessionId: sid, sessionToken: first.sessionToken, event: event(i) }, stack.store);
  }
  return first.sessionToken as string;
}

/** What each server says about the session: its verification report and its badge. */
async function readEverywhere(sid: string) {
  return Promise.all(
    apps.map(async (app) => {
      const log = await (await fetch(`${app.url}/api/play/audit/${sid}?verify=1`)).json();
      const badge = await (await fetch(`${app.url}/api/badge/${sid}`)).text();
      return { count: log.count as number, verification: log.verification, badge };
    }),
  );
}

describe("a session read before its stored log changes", () => {
  it("is reported tampered by both servers after an entry is edited in the store, and verified once it is put back", async () => {
    const sid = "cache-edit-session";
    await newSession(sid, 4);
    for (const seen of await readEverywhere(sid)) expect(seen.badge).toContain("verified 4/4");

    const original = (await redis.lIndex(logKey(sid), 2)) as string; // item 0 is the session header
    await redis.lSet(logKey(sid), 2, original.replace('"valido":true', '"valido":false'));
    for (const seen of await readEverywhere(sid)) {
      expect(seen.verification).toMatchObject({ total: 4, tampered: 2, firstBadSeq: 1 });
      expect(seen.badge).toContain("tampered 2");
    }

    await redis.lSet(logKey(sid), 2, original);
    for (const seen of await readEverywhere(sid)) expect(seen.badge).toContain("verified 4/4");
  });

  it("shows entries appended elsewhere, and an entry removed from the end, on the next read", async () => {
    const sid = "cache-append-session";
    const token = await newSession(sid, 3);
    for (const seen of await readEverywhere(sid)) expect(seen.badge).toContain("verified 3/3");

    await appendAuditEvent({ sessionId: sid, sessionToken: token, event: event(3) }, stack.store);
    for (const seen of await readEverywhere(sid)) {
      expect(seen.verification).toMatchObject({ total: 4, verified: 4, tampered: 0 });
      expect(seen.badge).toContain("verified 4/4");
    }

    // Dropping the newest entry leaves a valid chain, but not the head its stored checkpoint signed.
    await redis.rPop(logKey(sid));
    for (const seen of await readEverywhere(sid)) {
      expect(seen.count).toBe(3);
      expect(seen.verification).toMatchObject({ total: 3, tampered: 0, checkpoint: "mismatch" });
      expect(seen.badge).toContain("tampered head");
    }
  });

  it("is reported tampered after two entries are swapped in the store", async () => {
    const sid = "cache-swap-session";
    await newSession(sid, 4);
    await readEverywhere(sid);
    const [a, b] = (await redis.lRange(logKey(sid), 2, 3)) as [string, string];
    await redis.lSet(logKey(sid), 2, b);
    await redis.lSet(logKey(sid), 3, a);
    for (const seen of await readEverywhere(sid)) {
      expect(seen.verification.firstBadSeq).toBe(1);
      expect(seen.badge).toContain("tampered");
    }
  });
});

describe("GET /api/play/audit/{sessionId} as text", () => {
  it("carries every stored entry byte for byte", async () => {
    const sid = "cache-bytes-session";
    await newSession(sid, 3);
    const stored = await redis.lRange(logKey(sid), 1, -1);
    for (const app of apps) {
      const text = await (await fetch(`${app.url}/api/play/audit/${sid}`)).text();
      const body = JSON.parse(text);
      expect(body).toMatchObject({ sessionId: sid, count: 3 });
      expect(body.entries).toEqual(stored.map((item) => JSON.parse(item)));
      for (const item of stored) expect(text).toContain(item);
    }
  });

  it("gives an item that is not JSON as a string, reported malformed", async () => {
    const sid = "cache-garbage-session";
    await newSession(sid, 2);
    await readEverywhere(sid);
    await redis.lSet(logKey(sid), 2, "{not json");
    const body = await (await fetch(`${apps[0]?.url}/api/play/audit/${sid}?verify=1`)).json();
    expect(body.entries[1]).toBe("{not json");
    expect(body.verification.problems).toEqual([{ seq: 1, reasons: ["malformed"] }]);
  });
});
