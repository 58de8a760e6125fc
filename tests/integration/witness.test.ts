// Witnesses on loopback: two instances of the service, each a witness for the other's log, and a
// third that only witnesses both. After writes, each log's checkpoint carries the other two's
// cosignatures. Then one log's store is forked (its data directory copied while it was stopped) and
// the fork writes another history: the witness that saw the original refuses the fork (409, then
// 422) and never cosigns it.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCheckpoint } from "@/packages/incorporate/src/tlog/checkpoint";
import { parseNote, verifyNote } from "@/packages/incorporate/src/tlog/note";
import { parseVerifierKey, verifierFromKey } from "@/packages/incorporate/src/tlog/note-keys";
import { checkWitnessPolicy, parseWitnessPolicy } from "@/packages/incorporate/src/tlog/policy";
import { type AppServer, freePort, startApp } from "../support/app-server";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { logKey, witnessKey } from "../support/tlog-keys";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Each test starts or restarts servers and waits for background requests: a bound for a busy machine. */
const TEST_TIMEOUT_MS = 90_000;

const logA = logKey("a.example/log");
const logB = logKey("b.example/log");
const wA = witnessKey("a.example/witness");
const wB = witnessKey("b.example/witness");
const wC = witnessKey("c.example/witness");

let ports: { a: number; b: number; c: number };
let a: AppServer;
let b: AppServer;
let c: AppServer;
const started: AppServer[] = [];

const common = {
  RATE_LIMIT_INCORPORATE: "1000/1h",
  TLOG_WITNESS_INTERVAL: "200ms",
  TLOG_WITNESS_TIMEOUT: "5s",
};
const witnessUrl = (port: number) => `http://127.0.0.1:${port}/witness`;

function envA() {
  return {
    ...common,
    TLOG_ORIGIN: logA.origin,
    TLOG_SIGNING_KEY: logA.skey,
    TLOG_WITNESSES: `${wB.vkey} ${witnessUrl(ports.b)}, ${wC.vkey} ${witnessUrl(ports.c)}`,
    WITNESS_SIGNING_KEY: wA.skey,
    WITNESS_LOGS: `${logB.origin} ${logB.vkey}`,
  };
}

async function start(options: Parameters<typeof startApp>[0]): Promise<AppServer> {
  const app = await startApp(options);
  started.push(app);
  return app;
}

beforeAll(async () => {
  ports = { a: await freePort(), b: await freePort(), c: await freePort() };
  [a, b, c] = await Promise.all([
    start({ port: ports.a, env: envA() }),
    start({
      port: ports.b,
      env: {
        ...common,
        TLOG_ORIGIN: logB.origin,
        TLOG_SIGNING_KEY: logB.skey,
        TLOG_WITNESSES: `${wA.vkey} ${witnessUrl(ports.a)}\n${wC.vkey} ${witnessUrl(ports.c)}`,
        WITNESS_SIGNING_KEY: wB.skey,
        WITNESS_LOGS: `${logA.origin} ${logA.vkey}`,
      },
    }),
    start({
      port: ports.c,
      env: {
        ...common,
        TLOG_ORIGIN: "c.example/log",
        WITNESS_SIGNING_KEY: wC.skey,
        WITNESS_LOGS: `${logA.origin} ${logA.vkey}, ${logB.origin} ${logB.vkey}`,
      },
    }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all(started.map((app) => app.stop()));
});

let writes = 0;
async function incorporate(app: AppServer, name: string) {
  const res = await fetch(`${app.url}/api/auto-incorporate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...TYPICAL_INCORPORATION, denominacion: `${name} ${++writes} SOCIEDAD-IA` }),
  });
  expect(res.status).toBe(200);
  const body = await res.json();
  return { ...body, audit: { sessionId: body.audit.sessionId ?? body.audit.entry.sessionId } } as {
    transparency: { index: number; checkpoint: string | null };
    audit: { sessionId: string };
  };
}

async function checkpointOf(app: AppServer, vkey: string) {
  const note = await (await fetch(`${app.url}/log/checkpoint`)).text();
  return { note, ...(await openCheckpoint(note, vkey)).checkpoint };
}

/** The witnesses (of `vkeys`) whose cosignature on `note` verifies. */
async function cosigners(note: string, vkeys: string[]): Promise<string[]> {
  const names: string[] = [];
  for (const vkey of vkeys) {
    try {
      await verifyNote(note, verifierFromKey(vkey));
      names.push(parseVerifierKey(vkey).name);
    } catch {}
  }
  return names;
}

/** Polls until the log's latest checkpoint covers `size` leaves and both witnesses cosigned it. */
async function cosignedCheckpoint(app: AppServer, vkey: string, witnesses: string[], size: number) {
  for (;;) {
    const head = await checkpointOf(app, vkey);
    if (head.size >= size && (await cosigners(head.note, witnesses)).length === witnesses.length) return head;
    await sleep(100);
  }
}

describe("two logs witnessing each other, and a witness-only instance", () => {
  it(
    "serve checkpoints cosigned by the other two",
    async () => {
      const [ra, rb] = await Promise.all([incorporate(a, "Testigo A"), incorporate(b, "Testigo B")]);
      await incorporate(a, "Testigo A");
      const headA = await cosignedCheckpoint(a, logA.vkey, [wB.vkey, wC.vkey], ra.transparency.index + 2);
      const headB = await cosignedCheckpoint(b, logB.vkey, [wA.vkey, wC.vkey], rb.transparency.index + 1);
      expect(parseNote(headA.note).signatures.map((s) => s.name)).toEqual([logA.origin, wB.name, wC.name]);
      expect(parseNote(headB.note).signatures.map((s) => s.name)).toEqual([logB.origin, wA.name, wC.name]);

      const health = await (await fetch(`${a.url}/api/health`)).json();
      expect(health.witnesses).toMatchObject({ quorum: 2 });
      expect(health.witnesses.witnesses).toEqual([
        expect.objectContaining({ name: wB.name, url: witnessUrl(ports.b), error: null }),
        expect.objectContaining({ name: wC.name, url: witnessUrl(ports.c), error: null }),
      ]);
      // The policy names both witnesses; the served checkpoint meets it.
      const policy = parseWitnessPolicy(await (await fetch(`${a.url}/log/policy`)).json());
      expect(policy).toEqual({
        log: { origin: logA.origin, vkey: logA.vkey },
        witnesses: [
          { name: wB.name, vkey: wB.vkey, url: witnessUrl(ports.b) },
          { name: wC.name, vkey: wC.vkey, url: witnessUrl(ports.c) },
        ],
        quorum: 2,
      });
      expect((await checkWitnessPolicy(headA.note, policy)).meets).toBe(true);
      // A receipt read now carries the cosignatures the checkpoint has by then.
      const audit = await (await fetch(`${a.url}/api/play/audit/${ra.audit.sessionId}`)).json();
      expect(audit.transparency.checkpoint).toBe(headA.note);

      // The /log page lists each witness with the size it last cosigned, and the policy met.
      const page = await (await fetch(`${a.url}/log`)).text();
      expect(page).toContain('data-witness-quorum="met"');
      expect(page).toMatch(new RegExp(`data-witness="${wB.name}" data-witness-behind="0"`));
      expect(page).toMatch(new RegExp(`data-witness="${wC.name}" data-witness-behind="0"`));
      expect(page).toContain("El último checkpoint tiene 2 de las 2 cosignaturas que pide la política.");

      // The witness-only instance serves what it cosigned last for each log (tlog-witness monitoring).
      const originHash = createHash("sha256").update(logA.origin).digest("hex");
      const seen = await (await fetch(`${c.url}/witness/${originHash}/checkpoint`)).text();
      expect(await cosigners(seen, [wC.vkey])).toEqual([wC.name]);
      expect((await openCheckpoint(seen, logA.vkey)).checkpoint.size).toBeGreaterThanOrEqual(ra.transparency.index + 2);
      expect((await fetch(`${c.url}/witness/${"0".repeat(64)}/checkpoint`)).status).toBe(404);
      // Where a witness runs, the manifest lists its routes.
      const manifest = await (await fetch(`${c.url}/.well-known/agents.json`)).json();
      expect(manifest.endpoints).toContainEqual(
        expect.objectContaining({ url: `${c.url}/witness/add-checkpoint`, method: "POST" }),
      );

      // The instance that only witnesses reports no witnesses of its own.
      expect((await (await fetch(`${c.url}/api/health`)).json()).witnesses).toBeUndefined();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "report a witness that is unreachable as behind, and never hold up a write for it",
    async () => {
      const before = await checkpointOf(b, logB.vkey);
      await c.stop();
      try {
        const written = await incorporate(b, "Sin testigo");
        expect(written.transparency.checkpoint).not.toBeNull();
        // B keeps cosigning through A; C falls behind by the leaves since.
        let report: { name: string; behind: number; error: string | null }[];
        for (;;) {
          report = (await (await fetch(`${b.url}/api/health`)).json()).witnesses.witnesses;
          const byC = report.find((w) => w.name === wC.name);
          if (byC?.error && byC.behind > 0 && report.find((w) => w.name === wA.name)?.behind === 0) break;
          await sleep(100);
        }
        const head = await checkpointOf(b, logB.vkey);
        expect(head.size).toBeGreaterThan(before.size);
        expect(report.find((w) => w.name === wC.name)?.behind).toBe(head.size - before.size);
        expect(parseNote(head.note).signatures.map((s) => s.name)).toEqual([logB.origin, wA.name]);
        const page = await (await fetch(`${b.url}/log`)).text();
        expect(page).toContain('data-witness-quorum="unmet"');
        expect(page).toContain(`data-witness="${wC.name}" data-witness-behind="${head.size - before.size}"`);
      } finally {
        c = await start({ port: ports.c, dataDir: c.dataDir, env: cEnv() });
      }
    },
    TEST_TIMEOUT_MS,
  );
});

function cEnv() {
  return {
    ...common,
    TLOG_ORIGIN: "c.example/log",
    WITNESS_SIGNING_KEY: wC.skey,
    WITNESS_LOGS: `${logA.origin} ${logA.vkey}, ${logB.origin} ${logB.vkey}`,
  };
}

describe("a fork of a witnessed log", () => {
  it(
    "is refused by the witness that saw the original, which never cosigns it",
    async () => {
      // Fork A's store: copy its data directory while it is stopped, then run both copies.
      await a.stop();
      const forkDir = fs.mkdtempSync(path.join(os.tmpdir(), "sia-fork-"));
      fs.cpSync(a.dataDir, forkDir, { recursive: true });
      a = await start({ port: ports.a, dataDir: a.dataDir, env: envA() });
      const fork = await start({
        dataDir: forkDir,
        env: { ...envA(), TLOG_WITNESSES: `${wC.vkey} ${witnessUrl(ports.c)}`, TLOG_WITNESS_QUORUM: "1" },
      });
      const forkedAt = (await checkpointOf(a, logA.vkey)).size;

      // The same number of writes on each side: two trees of one size with different roots.
      await incorporate(a, "Original");
      await incorporate(fork, "Bifurcada");
      const original = await cosignedCheckpoint(a, logA.vkey, [wB.vkey, wC.vkey], forkedAt + 1);
      const forked = await checkpointOf(fork, logA.vkey);
      expect(forked.size).toBe(original.size);
      expect(forked.root).not.toEqual(original.root);

      // The fork's own client meets the witness's record of the original and gives up with its reason.
      let byC: { size: number; error: string | null };
      for (;;) {
        byC = (await (await fetch(`${fork.url}/api/health`)).json()).witnesses.witnesses[0];
        if (byC.error?.includes("422")) break;
        await sleep(100);
      }
      expect(byC.size).toBeLessThanOrEqual(forkedAt);

      // By hand: from the fork point the witness answers 409 with the size it holds; from there, 422.
      const proofFrom = async (from: number) =>
        (await (await fetch(`${fork.url}/log/consistency?from=${from}&to=${forked.size}`)).json()).hashes as string[];
      const post = (old: number, proof: string[]) =>
        fetch(`${witnessUrl(ports.c)}/add-checkpoint`, {
          method: "POST",
          body: `old ${old}\n${proof.map((h) => `${h}\n`).join("")}\n${forked.note}`,
        });
      const stale = await post(forkedAt, await proofFrom(forkedAt));
      expect(stale.status).toBe(409);
      expect(stale.headers.get("content-type")).toBe("text/x.tlog.size");
      expect(await stale.text()).toBe(`${original.size}\n`);
      const diverged = await post(original.size, []);
      expect(diverged.status).toBe(422);
      expect((await diverged.json()).code).toBe("witness_inconsistent");

      const served = await checkpointOf(fork, logA.vkey);
      expect(await cosigners(served.note, [wC.vkey])).toEqual([]);
      // The original is still what the witness vouches for.
      expect(await cosigners((await checkpointOf(a, logA.vkey)).note, [wC.vkey])).toEqual([wC.name]);
    },
    TEST_TIMEOUT_MS,
  );
});

describe("the built-in witness under a flood", () => {
  it("counts requests against RATE_LIMIT_READ and refuses the next with 429, before reading the body", async () => {
    const app = await start({
      env: { RATE_LIMIT_READ: "3/1m", WITNESS_SIGNING_KEY: wC.skey, WITNESS_LOGS: `${logA.origin} ${logA.vkey}` },
    });
    const post = () =>
      fetch(`${app.url}/witness/add-checkpoint`, { method: "POST", body: "old 0\n\nnot a checkpoint\n" });
    for (let i = 0; i < 3; i++) expect((await post()).status).toBe(400);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await refused.json()).code).toBe("rate_limited");
  });
});
