// A deployment whose functions freeze once they have answered (serverless), simulated with
// BACKGROUND_TIMERS=off on Upstash: no retry is left to a timer. Writes still end integrated and
// witnessed: the witness request goes out after the answer (after()), and the scheduled call
// (/api/cron/transparency-log, CRON_SECRET) integrates what a dead integrator's lock held back and
// asks the witness for the latest checkpoint.
import { randomUUID } from "node:crypto";
import { parseNote } from "@sociedades-ia/incorporate/tlog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, freePort, startApp } from "../support/app-server";
import { send } from "../support/fault-client";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { logKey, witnessKey } from "../support/tlog-keys";
import { sequenced } from "../support/tlog-layout";
import { startUpstashStack, type UpstashStack } from "../support/upstash-stack";

const CRON_SECRET = randomUUID();
const log = logKey("frozen.example/log");
const witness = witnessKey("w.example/witness");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let stack: UpstashStack;
let app: AppServer;
let witnessApp: AppServer;
beforeAll(async () => {
  stack = await startUpstashStack();
  witnessApp = await startApp({
    env: { WITNESS_SIGNING_KEY: witness.skey, WITNESS_LOGS: `${log.origin} ${log.vkey}` },
  });
  app = await startApp({
    port: await freePort(),
    env: {
      ...stack.env,
      TLOG_ORIGIN: log.origin,
      TLOG_SIGNING_KEY: log.skey,
      TLOG_WITNESSES: `${witness.vkey} ${witnessApp.url}/witness`,
      TLOG_WITNESS_INTERVAL: "100ms",
      BACKGROUND_TIMERS: "off",
      CRON_SECRET,
      RATE_LIMIT_INCORPORATE: "1000/1h",
    },
  });
}, 90_000);
afterAll(async () => {
  await app?.stop();
  await witnessApp?.stop();
  await stack?.close();
});

const incorporate = (n: number) =>
  send(app.url, "POST", "/api/auto-incorporate", {
    body: { ...TYPICAL_INCORPORATION, denominacion: `Congelada ${n} ${randomUUID().slice(0, 8)} SOCIEDAD-IA` },
  });

/** The served checkpoint's size and whether the witness's cosignature is on it. */
async function served(): Promise<{ size: number; cosigned: boolean }> {
  const res = await fetch(`${app.url}/log/checkpoint`);
  expect(res.status).toBe(200);
  const note = parseNote(await res.text());
  return {
    size: Number(note.text.split("\n")[1]),
    cosigned: note.signatures.some((s) => s.name === witness.name),
  };
}

const cron = (secret?: string) =>
  send(app.url, "GET", "/api/cron/transparency-log", {
    headers: secret ? { authorization: `Bearer ${secret}` } : {},
  });

describe("with background timers off", () => {
  it("has a write witnessed after its answer, with no timer", async () => {
    const answer = await incorporate(1);
    expect(answer.status).toBe(200);
    const size = answer.body.transparency.inclusion.size as number;
    // Nothing but the work handed to after() can ask the witness: poll what the log serves.
    let seen = await served();
    for (let i = 0; i < 100 && !(seen.size >= size && seen.cosigned); i++) {
      await sleep(100);
      seen = await served();
    }
    expect(seen).toMatchObject({ cosigned: true });
    expect(seen.size).toBeGreaterThanOrEqual(size);
  }, 60_000);

  it("leaves writes held back by a dead integrator's lock to the cron route, which integrates and witnesses them", async () => {
    // A killed integrator's lock: writes answer without their proof, and no timer retries.
    await stack.store.set("tlog:lock", "killed-integrator", { ttlMs: 120_000 });
    const held = [await incorporate(2), await incorporate(3)];
    for (const answer of held) {
      expect(answer.status).toBe(200);
      expect(answer.body.transparency.inclusion).toBeNull();
    }
    // Held back: nothing can integrate them while the lock lives.
    const leaves = await sequenced(stack.store);
    expect((await served()).size).toBeLessThan(leaves);
    // Refused without the secret.
    expect((await cron()).status).toBe(401);
    expect((await cron("wrong")).status).toBe(401);

    // The lock lapses (the killed process is gone); no timer is left to notice.
    await stack.store.del("tlog:lock");
    const round = await cron(CRON_SECRET);
    expect(round.status).toBe(200);
    expect(round.body).toMatchObject({ size: leaves, pending: 0, stalled: null });
    expect(round.body.witnesses).toEqual([{ label: expect.any(String), cosigned: leaves, error: null }]);
    expect(await served()).toEqual({ size: leaves, cosigned: true });
    // Each held write's leaf is now proven in the served tree.
    for (const answer of held) {
      const proof = await send(app.url, "GET", `/log/proof/${answer.body.transparency.index}?size=${leaves}`);
      expect(proof.status).toBe(200);
    }
  }, 90_000);
});
