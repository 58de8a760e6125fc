import fs from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { AuditEntry } from "@/lib/audit/entry";
import { EmbeddedStore } from "@/lib/store/embedded";
import { type AppServer, startApp } from "../support/app-server";
import { type AuditRef, auditRefs, postPlayStream, send } from "../support/fault-client";
import { userMessage } from "../support/play-client";
import { tempDir } from "../support/temp-dir";

// The embedded store as it grows: a real server restarts on a log bigger than any string Node can
// build, and a server killed in the middle of a compaction loses no acknowledged write.

const TWO_TOOLS = "Validá el CUIT 20-17254359-7 y consultá su situación en la Central de Deudores";
const MiB = 1024 * 1024;
const HIGH_LIMITS = { RATE_LIMIT_PLAY: "100000/1m" };

/** Runs a demo call in `session` (a new one without a token); returns its token and the entries it acknowledged. */
async function demoCall(app: AppServer, session: { sessionId: string; token?: string }) {
  const headers: Record<string, string> = { "x-session-id": session.sessionId };
  if (session.token) headers["x-session-token"] = session.token;
  const stream = await postPlayStream(app.url, { messages: [userMessage(TWO_TOOLS)] }, headers);
  expect(stream.status).toBe(200);
  const refs = auditRefs(stream);
  expect(refs).toHaveLength(2);
  return { token: session.token ?? (stream.headers?.get("x-session-token") as string), refs };
}

/** Every acknowledged entry is in the store, byte for byte as it was signed (its HMAC). */
async function expectStored(dataDir: string, acknowledged: AuditRef[]) {
  const store = EmbeddedStore.open(dataDir);
  try {
    for (const ref of acknowledged) {
      const [raw] = await store.range(`audit:${ref.sessionId}:log`, ref.seq + 1, ref.seq + 1);
      expect(raw, `${ref.sessionId}:${ref.seq}`).toBeDefined();
      expect((JSON.parse(raw as string) as AuditEntry).hmac.slice(7, 19), `${ref.sessionId}:${ref.seq}`).toBe(ref.hmac);
    }
  } finally {
    await store.close();
  }
}

/** The session verifies whole through the public API, with `count` entries. */
async function expectVerifies(app: AppServer, sessionId: string, count: number) {
  const log = await send(app.url, "GET", `/api/play/audit/${sessionId}?verify=1`);
  expect(log.status).toBe(200);
  expect(log.body.count).toBe(count);
  expect(log.body.verification).toMatchObject({ tampered: 0, verified: count });
}

describe("the embedded store past 512 MiB", () => {
  it("restarts a real server on a log bigger than a string can be, and serves a session written before", async () => {
    const dataDir = tempDir("sia-growth-");
    let app = await startApp({ dataDir });
    try {
      const sessionId = `big-${Date.now()}`;
      const first = await demoCall(app, { sessionId });
      await demoCall(app, { sessionId, token: first.token });
      await app.stop();

      // 530 values of 1 MiB under keys of their own, written as the store writes its lines.
      const file = path.join(dataDir, "store.log");
      const fd = fs.openSync(file, "a");
      try {
        const filler = "f".repeat(MiB);
        for (let i = 0; i < 530; i++) {
          const json = Buffer.from(JSON.stringify({ o: "s", k: `filler:${i}`, v: filler }));
          const crc = Buffer.from(`${crc32(json).toString(16).padStart(8, "0")} `);
          fs.writeSync(fd, Buffer.concat([crc, json, Buffer.from("\n")]));
        }
      } finally {
        fs.closeSync(fd);
      }
      const size = fs.statSync(file).size;
      expect(size).toBeGreaterThan(512 * MiB);

      app = await startApp({ dataDir, port: app.port });
      await expectVerifies(app, sessionId, 4);
      const health = await send(app.url, "GET", "/api/health");
      expect(health.status).toBe(200);
      expect(health.body.storeBytes).toBe(size);
      // And it keeps writing on top of it.
      await demoCall(app, { sessionId, token: first.token });
      await expectVerifies(app, sessionId, 6);
    } finally {
      await app.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});

describe("the embedded store when the server is killed (SIGKILL) during a compaction", () => {
  for (const step of ["snapshot", "switch"] as const) {
    it(`keeps every acknowledged write when the compaction was held at "${step}"`, async () => {
      const dataDir = tempDir("sia-growth-");
      // Compactions start at 64 KiB here, and hold at `step` until the kill.
      const env = { ...HIGH_LIMITS, STORE_COMPACT_MIN_MB: "0.0625", STORE_TEST_HOLD_COMPACTION: step };
      let app = await startApp({ dataDir, env });
      const acknowledged: AuditRef[] = [];
      const sessions: { sessionId: string; token: string; count: number }[] = [];
      try {
        for (let s = 0; !app.output().includes("compaction held"); s++) {
          expect(s, "a compaction never started").toBeLessThan(200);
          const sessionId = `compact-${step}-${Date.now()}-${s}`;
          const call = await demoCall(app, { sessionId });
          acknowledged.push(...call.refs);
          sessions.push({ sessionId, token: call.token, count: 2 });
        }
        // Written and acknowledged while the compaction waits, into old sessions and new ones.
        for (const session of sessions.slice(0, 3)) {
          acknowledged.push(...(await demoCall(app, session)).refs);
          session.count += 2;
        }
        const fresh = `compact-${step}-${Date.now()}-after`;
        const call = await demoCall(app, { sessionId: fresh });
        acknowledged.push(...call.refs);
        sessions.push({ sessionId: fresh, token: call.token, count: 2 });
        await app.kill();
        expect(fs.existsSync(path.join(dataDir, "store.log.compact"))).toBe(true);

        await expectStored(dataDir, acknowledged);
        expect(fs.existsSync(path.join(dataDir, "store.log.compact"))).toBe(false);
        // Restarted without the hold: it serves every session whole, and its next compaction completes.
        app = await startApp({ dataDir, port: app.port, env: { ...HIGH_LIMITS, STORE_COMPACT_MIN_MB: "0.0625" } });
        for (const session of sessions) await expectVerifies(app, session.sessionId, session.count);
        const storeBytes = async () => (await send(app.url, "GET", "/api/health")).body.storeBytes as number;
        let shrank = false;
        for (let i = 0, last = await storeBytes(); i < 200 && !shrank; i++) {
          const session = sessions[i % sessions.length] as (typeof sessions)[number];
          await demoCall(app, session);
          session.count += 2;
          const now = await storeBytes();
          shrank = now < last;
          last = now;
        }
        expect(shrank, "no compaction completed").toBe(true);
        expect(app.output()).not.toContain("compaction failed");
        for (const session of sessions) await expectVerifies(app, session.sessionId, session.count);
      } finally {
        await app.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }, 300_000);
  }
});
