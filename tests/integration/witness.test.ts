// Witnesses on loopback: two instances of the service, each a witness for the other's log, and a
// third that only witnesses both. After writes, each log's checkpoint carries the other two's
// cosignatures. Then one log's store is forked (its data directory copied while it was stopped) and
// the fork writes another history: the witness that saw the original refuses the fork (409, then
// 422) and never cosigns it.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createSession, describeVerification, verifyAudit } from "@sociedades-ia/incorporate";
import {
  checkWitnessPolicy,
  formatAddCheckpoint,
  formatCheckpoint,
  MemoryTree,
  openCheckpoint,
  parseNote,
  parseVerifierKey,
  parseWitnessPolicy,
  signerFromKey,
  signNote,
  verifierFromKey,
  verifyNote,
} from "@sociedades-ia/incorporate/tlog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_TARBALL_PATH } from "@/lib/client-package/client-package-name";
import { type AppServer, freePort, startApp } from "../support/app-server";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { tempDir } from "../support/temp-dir";
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

describe("verifyAudit with the witness policy", () => {
  it(
    "verifies a witnessed session line by line in es and en, and fails it once cut back",
    async () => {
      const session = createSession({ baseUrl: a.url });
      await session.incorporate({ ...TYPICAL_INCORPORATION, denominacion: `Completa ${++writes} SOCIEDAD-IA` });
      const shown = await session.fetchAudit();
      const proofSize = (await openCheckpoint(shown.transparency?.checkpoint as string, logA.vkey)).checkpoint.size;
      await cosignedCheckpoint(a, logA.vkey, [wB.vkey, wC.vkey], proofSize);

      const report = await verifyAudit(shown, { baseUrl: a.url });
      expect(report).toMatchObject({ ok: true, verdict: "verified" });
      expect(report.witnesses).toMatchObject({ meets: true, quorum: 2, cosigned: [wB.name, wC.name] });
      expect(report.complete).toMatchObject({ complete: true, error: null });
      const es = describeVerification(report, "es");
      expect(es.summary).toBe("VERIFICADO: todas las comprobaciones pasaron.");
      expect(es.lines.map((l) => [l.check, l.status])).toEqual([
        ["entries", "pass"],
        ["log", "pass"],
        ["latest", "pass"],
        ["witnesses", "pass"],
      ]);
      expect(es.lines[3]?.text).toBe(
        `Testigos: el checkpoint tiene 2 de las 2 cosignaturas que pide la política (${wB.name}, ${wC.name}).`,
      );
      expect(describeVerification(report, "en").lines[2]?.text).toMatch(
        /^Complete: no later leaf of the log \(\d+ to \d+\) belongs to this session/,
      );

      // A caller's policy that asks for a witness nobody asked: not witnessed yet, never verified.
      const stranger = witnessKey("stranger.example/witness");
      const strict = {
        log: { origin: logA.origin, vkey: logA.vkey },
        witnesses: [{ name: stranger.name, vkey: stranger.vkey }],
        quorum: 1,
      };
      const unwitnessed = await verifyAudit(shown, { baseUrl: a.url, policy: strict });
      expect(unwitnessed).toMatchObject({ ok: false, verdict: "not_witnessed" });
      expect(describeVerification(unwitnessed, "en").summary).toMatch(/^NOT WITNESSED YET/);
      expect(describeVerification(unwitnessed, "es").lines[3]).toEqual({
        check: "witnesses",
        status: "pending",
        text: "Testigos: todavía no atestiguado, 0 de las 1 cosignaturas que pide la política.",
      });

      // The session goes on; the copy shown before is now a cut session: its head is not the latest.
      await session.incorporate({ ...TYPICAL_INCORPORATION, denominacion: `Completa ${++writes} SOCIEDAD-IA` });
      const longer = await session.fetchAudit();
      expect(longer.entries.length).toBeGreaterThan(shown.entries.length);
      await cosignedCheckpoint(a, logA.vkey, [wB.vkey, wC.vkey], (longer.transparency?.index as number) + 1);
      const cut = await verifyAudit(shown, { baseUrl: a.url });
      expect(cut).toMatchObject({ ok: false, verdict: "failed" });
      expect(cut.complete.complete).toBe(false);
      expect(cut.complete.error).toMatch(
        new RegExp(`the log holds entry ${shown.entries.length} of this session at leaf \\d+, after the head shown`),
      );
      expect(describeVerification(cut, "es").summary).toBe("FALLÓ: algo contradice esta bitácora.");
      expect(describeVerification(cut, "es").lines[2]).toMatchObject({ check: "latest", status: "fail" });
      expect((await verifyAudit(longer, { baseUrl: a.url })).verdict).toBe("verified");
      // Through the log's index no leaves are walked: the walk's bound (for a service without an
      // index) does not apply, and the cut is found whatever it is.
      const bounded = await verifyAudit(shown, { baseUrl: a.url, completenessLimit: 0 });
      expect(bounded).toMatchObject({ ok: false, verdict: "failed", complete: { complete: false } });
      expect(bounded.complete.error).toMatch(/the session shown was cut back \(the log's index says so\)/);
      expect(describeVerification(bounded, "es").lines[2]).toMatchObject({ check: "latest", status: "fail" });
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
      const forkDir = tempDir("sia-fork-");
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
      type Seen = { size: number; state: string; error: string | null; checkedAt: string };
      const seenByC = async (): Promise<Seen> =>
        (await (await fetch(`${fork.url}/api/health`)).json()).witnesses.witnesses[0];
      let byC: Seen;
      for (;;) {
        byC = await seenByC();
        if (byC.error?.includes("422")) break;
        await sleep(100);
      }
      expect(byC.size).toBeLessThanOrEqual(forkedAt);
      // It says so: refused, with the witness's whole reason, on /api/health and on /log (es and en).
      expect(byC.state).toBe("refused");
      expect(byC.error).toMatch(
        /inconsistent .*\(422\).*: At size \d+ this witness cosigned another root.*Nothing was cosigned\.$/,
      );
      // Health says the fork is degraded, with the witness's reason in full; the original is not.
      const health = await (await fetch(`${fork.url}/api/health`)).json();
      expect(health).toMatchObject({ ok: false, status: "degraded" });
      expect(health.problems).toHaveLength(1);
      expect(health.problems[0]).toMatch(
        new RegExp(`^witness ${wC.name} \\(${witnessUrl(ports.c)}\\) refuses this log's checkpoint: `),
      );
      expect(health.problems[0]).toContain((await seenByC()).error);
      expect(await (await fetch(`${a.url}/api/health`)).json()).toMatchObject({ ok: true, status: "ok" });
      const pageEs = await (await fetch(`${fork.url}/log`)).text();
      expect(pageEs).toMatch(
        new RegExp(`data-witness="${wC.name}" data-witness-behind="\\d+" data-witness-state="refused"`),
      );
      expect(pageEs).toContain("Un testigo rechazó el último checkpoint de este registro de transparencia.");
      expect(pageEs).toContain("Nothing was cosigned.");
      const pageEn = await (await fetch(`${fork.url}/log`, { headers: { cookie: "lang=en" } })).text();
      expect(pageEn).toContain("A witness refused this log&#x27;s latest checkpoint.");
      // Its server log says it once, not at every try: wait for two more tries, then count.
      const tries = new Set([byC.checkedAt]);
      while (tries.size < 3) {
        tries.add((await seenByC()).checkedAt);
        await sleep(100);
      }
      const told = fork.output().match(/witness \S+ \(\S+\) REFUSED this log's checkpoint: .*\(422\)/g) ?? [];
      expect(told).toHaveLength(1);

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

describe("a fork refused by both witnesses", () => {
  it(
    "makes the monitor, run from the served tarball with the saved policy, exit 1, and verifyAudit fail",
    async () => {
      const work = tempDir("sia-monitor-");
      fs.writeFileSync(path.join(work, "policy.json"), await (await fetch(`${a.url}/log/policy`)).text());
      const tarball = `${a.url}${CLIENT_TARBALL_PATH}`;
      expect((await (await fetch(`${a.url}/api/packages/incorporate`)).json()).tarball).toBe(tarball);
      const run = (command: string, args: string[], cwd: string) =>
        new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
          execFile(command, args, { cwd }, (err, stdout, stderr) =>
            resolve({ status: err ? (err.code as number) : 0, stdout, stderr }),
          );
        });
      const monitorArgs = (url: string) => ["monitor", url, "--policy", "policy.json"];
      // The later runs start the same tarball's command with node: each npx run costs seconds of
      // npm's own work, and the first already shows that the served package installs and runs.
      const unpacked = tempDir("sia-tarball-");
      fs.writeFileSync(path.join(unpacked, "p.tgz"), Buffer.from(await (await fetch(tarball)).arrayBuffer()));
      expect((await run("tar", ["-xzf", "p.tgz"], unpacked)).status).toBe(0);
      const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, "package/package.json"), "utf8"));
      const bin = path.join(unpacked, "package", manifest.bin.incorporate);
      const monitor = (url: string, cwd = work) => run(process.execPath, [bin, ...monitorArgs(url)], cwd);

      const seen = await cosignedCheckpoint(a, logA.vkey, [wB.vkey, wC.vkey], 1);
      // As /log and the docs show it: npx from the tarball this service serves.
      const first = await run("npx", ["--yes", `--package=${tarball}`, "incorporate", ...monitorArgs(a.url)], work);
      expect(first).toMatchObject({ status: 0, stderr: "" });
      expect(first.stdout).toContain(`${logA.origin}: first checkpoint, size ${seen.size}`);
      expect(first.stdout).toContain(`cosigned by ${wB.name}, ${wC.name}`);
      // It recomputed the log's index from every leaf, and the service's signed root agrees.
      expect(first.stdout).toContain("the log's signed index root is the one its leaves give");

      await a.stop();
      const forkDir = tempDir("sia-fork-");
      fs.cpSync(a.dataDir, forkDir, { recursive: true });
      a = await start({ port: ports.a, dataDir: a.dataDir, env: envA() });
      const fork = await start({ dataDir: forkDir, env: envA() });
      await incorporate(a, "Original");
      const original = await cosignedCheckpoint(a, logA.vkey, [wB.vkey, wC.vkey], seen.size + 1);
      const forkWrite = await incorporate(fork, "Bifurcada");
      // Both witnesses refuse the fork, which says so.
      for (;;) {
        const report = (await (await fetch(`${fork.url}/api/health`)).json()).witnesses;
        if (report.witnesses.every((w: { state: string }) => w.state === "refused")) break;
        await sleep(100);
      }
      const forked = await checkpointOf(fork, logA.vkey);
      expect(await cosigners(forked.note, [wB.vkey, wC.vkey])).toEqual([]);

      // The fork carries no cosignature, but it contradicts what the monitor saw: 1, not "could not check".
      // It was forked from what the monitor saw, so only the witnesses' views contradict it.
      const alarm = await monitor(fork.url);
      expect(alarm.status).toBe(1);
      expect(alarm.stderr).toMatch(
        new RegExp(`ALERT: .*the witness (${wB.name}|${wC.name}) cosigned a checkpoint of size ${original.size}`),
      );
      // A monitor that never saw the genuine log raises the same alarm from the witnesses' views.
      const fresh = tempDir("sia-monitor-");
      fs.copyFileSync(path.join(work, "policy.json"), path.join(fresh, "policy.json"));
      expect((await monitor(fork.url, fresh)).status).toBe(1);
      expect(fs.existsSync(path.join(fresh, ".sia-monitor.json"))).toBe(false);
      // A session that exists only on the fork fails verifyAudit under the saved policy: the witnesses
      // hold a checkpoint the fork contradicts. Never "verified", and not a mere "not witnessed yet".
      const policy = parseWitnessPolicy(JSON.parse(fs.readFileSync(path.join(work, "policy.json"), "utf8")));
      const forkAudit = await (await fetch(`${fork.url}/api/play/audit/${forkWrite.audit.sessionId}`)).json();
      const onFork = await verifyAudit(forkAudit, { baseUrl: fork.url, policy });
      expect(onFork).toMatchObject({ ok: false, verdict: "failed" });
      expect(onFork.log?.included).toBe(true);
      expect(onFork.witnesses).toMatchObject({ meets: false, contradiction: true });
      expect(onFork.witnesses.error).toMatch(/the witness .* cosigned a checkpoint of size \d+ .* contradicts/);
      expect(describeVerification(onFork, "en").lines[3]).toMatchObject({ check: "witnesses", status: "fail" });

      // The genuine log passes the same state: consistent and witnessed.
      const genuine = await monitor(a.url);
      expect(genuine).toMatchObject({ status: 0, stderr: "" });
      expect(genuine.stdout).toContain(`grew from ${seen.size} to ${original.size}, consistent`);
      expect(genuine.stdout).toContain(`witness ${wB.name} holds size ${original.size}: consistent`);
      // Once it has seen the genuine log at that size, the fork is two roots for one size.
      expect((await monitor(fork.url)).stderr).toMatch(/ALERT: .*two roots for size/);
      await fork.stop();
    },
    TEST_TIMEOUT_MS,
  );
});

describe("the built-in witness under a flood", () => {
  it("counts requests against RATE_LIMIT_WITNESS and refuses the next with 429, before reading the body", async () => {
    const app = await start({
      env: { RATE_LIMIT_WITNESS: "3/1m", WITNESS_SIGNING_KEY: wC.skey, WITNESS_LOGS: `${logA.origin} ${logA.vkey}` },
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

describe("the built-in witness, answer by answer (c2sp.org/tlog-witness)", () => {
  it(
    "answers 404, 403, 400, 409 with its size, 422, and one 200 among 20 racing requests",
    async () => {
      const log = logKey("conformance.example/log");
      const app = await start({
        env: { WITNESS_SIGNING_KEY: wC.skey, WITNESS_LOGS: `${log.origin} ${log.vkey}` },
      });
      const signer = await signerFromKey(log.skey);
      const tree = new MemoryTree();
      const checkpointAt = async (size: number, by = signer, origin = log.origin) => {
        while (tree.size < size) tree.appendEntries(new TextEncoder().encode(`leaf ${tree.size}`));
        return signNote(formatCheckpoint({ origin, size, root: tree.root(size), extensions: [] }), by);
      };
      const post = (oldSize: number, checkpoint: string, proof: Uint8Array[] = []) =>
        fetch(`${app.url}/witness/add-checkpoint`, {
          method: "POST",
          body: formatAddCheckpoint({ oldSize, proof, checkpoint }),
        });
      const problem = async (res: Response) => ({ status: res.status, code: (await res.json()).code });

      // Unknown origin: 404, even when signed by a key the witness knows under another name.
      const stranger = await signerFromKey(logKey("elsewhere.example/log").skey);
      expect(await problem(await post(0, await checkpointAt(3, stranger, "elsewhere.example/log")))).toEqual({
        status: 404,
        code: "witness_unknown_log",
      });
      // Known origin, signed by another key, or its signature altered: 403.
      const impostor = await signerFromKey(logKey(log.origin).skey);
      expect(await problem(await post(0, await checkpointAt(3, impostor)))).toEqual({
        status: 403,
        code: "witness_unverified",
      });
      const genuine = await checkpointAt(3);
      // The same key name and id, one byte of the signature flipped.
      const altered = genuine.replace(/ ([A-Za-z0-9+/=]+)\n$/, (_, b64: string) => {
        const bytes = Buffer.from(b64, "base64");
        bytes[10] = (bytes[10] as number) ^ 1;
        return ` ${bytes.toString("base64")}\n`;
      });
      expect(altered).not.toBe(genuine);
      expect(await problem(await post(0, altered))).toEqual({ status: 403, code: "witness_unverified" });
      // old beyond the checkpoint's size: 400.
      expect(await problem(await post(4, genuine))).toEqual({ status: 400, code: "invalid_request" });

      expect((await post(0, genuine)).status).toBe(200);
      // A stale old size: 409, text/x.tlog.size, the size it holds.
      const stale = await post(0, await checkpointAt(6));
      expect(stale.status).toBe(409);
      expect(stale.headers.get("content-type")).toBe("text/x.tlog.size");
      expect(await stale.text()).toBe("3\n");
      // A proof that does not verify, and another root at the size it holds: 422, nothing cosigned.
      const six = await checkpointAt(6);
      expect(await problem(await post(3, six, tree.consistencyProof(2, 6)))).toEqual({
        status: 422,
        code: "witness_inconsistent",
      });
      const otherTree = new MemoryTree();
      for (let i = 0; i < 3; i++) otherTree.appendEntries(new TextEncoder().encode(`other ${i}`));
      const otherRoot = await signNote(
        formatCheckpoint({ origin: log.origin, size: 3, root: otherTree.root(3), extensions: [] }),
        signer,
      );
      expect(await problem(await post(3, otherRoot))).toEqual({ status: 422, code: "witness_inconsistent" });
      const held = await (await fetch(`${app.url}/witness/${originHashOf(log.origin)}/checkpoint`)).text();
      expect((await openCheckpoint(held, log.vkey)).checkpoint.size).toBe(3);

      // 20 requests from the held size at once: one advances the witness, the others learn its new size.
      const answers = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const res = await post(3, six, tree.consistencyProof(3, 6));
          return { status: res.status, body: await res.text() };
        }),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toEqual(Array(19).fill({ status: 409, body: "6\n" }));
    },
    TEST_TIMEOUT_MS,
  );
});

const originHashOf = (origin: string) => createHash("sha256").update(origin).digest("hex");
