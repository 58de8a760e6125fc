// The big-session load test, run by hand: `npm run bench:big-session` (after `npm run build`;
// honours NEXT_DIST_DIR). One production server on the embedded store. Its store is seeded first
// (in this process, with the server's own secrets, before the server starts) with a session of
// `--entries` entries (default 10,000, AUDIT_MAX_ENTRIES) and one of a single entry. Then:
//
// 1. CPU per request: each read (badge, audit JSON, dashboard) of each session is sent one after
//    another `--per-read` times, and the server's CPU time is read from /proc before and after.
//    A badge of the big session must cost within 1.5x of the small one's.
// 2. Health under readers: /api/health is measured idle, then while `--clients` clients (16) read
//    a session's badge, audit JSON and dashboard in turn, each one request after another, from one
//    client address, as an abuser would (the read limit, RATE_LIMIT_READ, at its default of 600 a
//    minute): first while the address still has read budget (the burst), then once the limit
//    refuses it. Both sessions in turn, each from a fresh address. Health must keep at least 0.8 of
//    its idle rate once the limit refuses the readers.
//
// Prints the figures for docs/performance.md; exits 1 when a check fails.
//
//   npm run bench:big-session [-- --entries 10000 --clients 16 --seconds 5 --per-read 200 --data-dir DIR]
//
// --data-dir keeps the seeded store there and reuses it on the next run (seeding takes minutes).
import http from "node:http";
import os from "node:os";
import { parseArgs } from "node:util";
import type { AuditEvent } from "../lib/audit/entry";
import { appendAuditEvent } from "../lib/audit/log";
import { EmbeddedStore } from "../lib/store/embedded";
import { startApp } from "../tests/support/app-server";
import { appendEntries } from "../tests/support/audit-seed";
import { applyEnv } from "../tests/support/upstash-stack";
import { machineLine } from "./support/machine";
import { processCpuMs } from "./support/process-cpu";

const { values: args } = parseArgs({
  options: {
    entries: { type: "string", default: "10000" },
    clients: { type: "string", default: "16" },
    "data-dir": { type: "string" },
    seconds: { type: "string", default: "5" },
    "per-read": { type: "string", default: "200" },
    "health-clients": { type: "string", default: "4" },
  },
});
const ENTRIES = Number(args.entries);
const CLIENTS = Number(args.clients);
const SECONDS = Number(args.seconds);
const PER_READ = Number(args["per-read"]);
const HEALTH_CLIENTS = Number(args["health-clients"]);

const BIG = "bench-big-session-01";
const SMALL = "bench-small-session-1";

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + HEALTH_CLIENTS });

/** One GET, its body read and dropped; resolves with the status and the body's size. */
function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, agent, headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes }));
    });
    req.on("error", reject);
  });
}

const event = (n: number): AuditEvent => ({
  kind: "tool-call",
  action: "validar_cuit",
  actor: "ip:bench",
  input: { cuit: "20-17254359-7", n },
  output: { valido: true, situacion: 1, detalle: "Situación normal en la Central de Deudores" },
  outcome: "ok",
});

/** Seeds both sessions into `dataDir` with the server's own secrets (they live in the data dir). */
async function seed(dataDir: string): Promise<number> {
  const restore = applyEnv({ DATA_DIR: dataDir, AUDIT_MAX_ENTRIES: String(Math.max(ENTRIES, 10_000)) });
  const store = EmbeddedStore.open(dataDir);
  const started = performance.now();
  try {
    await appendAuditEvent({ sessionId: SMALL, sessionToken: null, event: event(0) }, store);
    await appendEntries(store, BIG, ENTRIES, event);
  } finally {
    await store.close();
    restore();
  }
  return (performance.now() - started) / 1000;
}

const reads = (sessionId: string) => ({
  badge: `/api/badge/${sessionId}`,
  json: `/api/play/audit/${sessionId}`,
  "json ?verify=1": `/api/play/audit/${sessionId}?verify=1`,
  dashboard: `/dashboard/${sessionId}`,
});

/** Server CPU ms per request of `path`, sent PER_READ times one after another (after 5 to warm up). */
async function cpuPerRequest(port: number, pid: number, path: string, from: Record<string, string>) {
  for (let i = 0; i < 5; i++) await get(port, path, from);
  const before = processCpuMs(pid);
  const started = performance.now();
  let bytes = 0;
  for (let i = 0; i < PER_READ; i++) {
    const answer = await get(port, path, from);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    bytes = answer.bytes;
  }
  return {
    cpuMs: (processCpuMs(pid) - before) / PER_READ,
    wallMs: (performance.now() - started) / PER_READ,
    bytes,
  };
}

/** Health requests per second from HEALTH_CLIENTS clients, each one after another, for SECONDS. */
async function healthRate(port: number): Promise<{ perSecond: number; failures: number }> {
  const started = performance.now();
  let done = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: HEALTH_CLIENTS }, async () => {
      while (performance.now() - started < SECONDS * 1000) {
        const { status } = await get(port, "/api/health", { "x-forwarded-for": "192.0.2.250" });
        if (status === 200) done++;
        else failures++;
      }
    }),
  );
  return { perSecond: done / ((performance.now() - started) / 1000), failures };
}

async function main() {
  process.stderr.write(`Big-session load test on ${machineLine()}\n`);
  const fs = await import("node:fs");
  const dataDir = args["data-dir"] ?? fs.mkdtempSync(`${os.tmpdir()}/sia-bench-big-`);
  const marker = `${dataDir}/bench-seeded-${ENTRIES}`;
  let seedSeconds = Number.NaN;
  if (fs.existsSync(marker)) seedSeconds = Number(fs.readFileSync(marker, "utf8"));
  else {
    seedSeconds = await seed(dataDir);
    fs.writeFileSync(marker, String(seedSeconds));
  }
  const app = await startApp({
    dataDir,
    // One proxy hop: each reader picks its address; RATE_LIMIT_READ stays at its default.
    env: { TRUSTED_PROXY_HOPS: "1", RATE_LIMIT_READ: "600/1m", AUDIT_MAX_ENTRIES: String(Math.max(ENTRIES, 10_000)) },
  });
  const lines = [
    "",
    `A session of ${ENTRIES} entries (seeded in ${seedSeconds.toFixed(1)} s, ${((seedSeconds * 1000) / ENTRIES).toFixed(2)} ms per append, in process) and one of 1`,
  ];
  const failures: string[] = [];
  try {
    // 1. CPU per request.
    let address = 0;
    const costs: Record<string, Record<string, { cpuMs: number; wallMs: number; bytes: number }>> = {};
    for (const [size, sid] of [
      [1, SMALL],
      [ENTRIES, BIG],
    ] as const) {
      for (const [name, path] of Object.entries(reads(sid))) {
        // An address of its own for each measure keeps it under the read limit.
        address++;
        const from = { "x-forwarded-for": `203.0.113.${address}` };
        costs[name] ??= {};
        (costs[name] as Record<string, { cpuMs: number; wallMs: number; bytes: number }>)[size] = await cpuPerRequest(
          app.port,
          app.pid,
          path,
          from,
        );
      }
    }
    lines.push("  server CPU per request (and wall time, body size), one request after another:");
    for (const [name, bySize] of Object.entries(costs)) {
      const small = bySize[1] as { cpuMs: number; wallMs: number; bytes: number };
      const big = bySize[ENTRIES] as { cpuMs: number; wallMs: number; bytes: number };
      lines.push(
        `    ${name.padEnd(15)} 1 entry: ${small.cpuMs.toFixed(2)} ms (${small.wallMs.toFixed(1)} ms, ${small.bytes} B); ${ENTRIES} entries: ${big.cpuMs.toFixed(2)} ms (${big.wallMs.toFixed(1)} ms, ${big.bytes} B); ratio ${(big.cpuMs / small.cpuMs).toFixed(2)}`,
      );
    }
    const badge = costs.badge as Record<number, { cpuMs: number }>;
    const badgeRatio = (badge[ENTRIES]?.cpuMs ?? 0) / (badge[1]?.cpuMs ?? 1);
    if (!(badgeRatio <= 1.5)) failures.push(`a badge of ${ENTRIES} entries cost ${badgeRatio.toFixed(2)}x one of 1`);

    // 2. Health while CLIENTS clients read each session from one address: during the burst the
    // read limit allows, then once it refuses them.
    await healthRate(app.port); // warm-up
    const idle = await healthRate(app.port);
    const phases: string[] = [];
    let refusedRatios: number[] = [];
    for (const [label, sid, client] of [
      [`${ENTRIES} entries`, BIG, "198.51.100.1"],
      ["1 entry", SMALL, "198.51.100.2"],
    ] as const) {
      const statuses = new Map<number, number>();
      let stop = false;
      let refusedSince = 0;
      const paths = Object.values(reads(sid));
      const readers = Promise.all(
        Array.from({ length: CLIENTS }, async (_, n) => {
          for (let i = n; !stop; i++) {
            const { status } = await get(app.port, paths[i % paths.length] as string, { "x-forwarded-for": client });
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status === 429 && refusedSince === 0) refusedSince = performance.now();
          }
        }),
      );
      const burst = await healthRate(app.port);
      while (refusedSince === 0) await new Promise((r) => setTimeout(r, 200));
      const refused = await healthRate(app.port);
      stop = true;
      await readers;
      phases.push(
        `    ${label}: reader answers ${[...statuses].map(([st, n]) => `${n} x ${st}`).join(", ")}; /api/health during the burst ${burst.perSecond.toFixed(0)} req/s (${(burst.perSecond / idle.perSecond).toFixed(2)} of idle), once refused ${refused.perSecond.toFixed(0)} req/s (${(refused.perSecond / idle.perSecond).toFixed(2)} of idle)`,
      );
      refusedRatios = [...refusedRatios, refused.perSecond / idle.perSecond];
      if (burst.failures + refused.failures > 0)
        failures.push(`${burst.failures + refused.failures} health requests failed`);
    }
    const idleAfter = await healthRate(app.port);
    const idleMean = (idle.perSecond + idleAfter.perSecond) / 2;
    lines.push(
      `  ${CLIENTS} readers of a session's badge, JSON, JSON ?verify=1 and dashboard from one address (RATE_LIMIT_READ=600/1m), ${HEALTH_CLIENTS} health clients, ${SECONDS} s each measure`,
      `    /api/health idle: ${idle.perSecond.toFixed(0)} req/s before, ${idleAfter.perSecond.toFixed(0)} after (ratios below are to the first)`,
      ...phases,
      `    machine load average (1 min) at the end: ${os.loadavg()[0]?.toFixed(1)}`,
    );
    const bigRefused = (refusedRatios[0] ?? 0) * (idle.perSecond / idleMean);
    if (bigRefused < 0.8)
      failures.push(
        `health kept ${bigRefused.toFixed(2)} of its idle rate (mean of both idle measures) with the readers refused, below 0.8`,
      );
    lines.push(failures.length === 0 ? "  checks: all passed" : `  FAILED: ${failures.join("; ")}`);
    process.stdout.write(`${lines.join("\n")}\n`);
    process.exitCode = failures.length === 0 ? 0 : 1;
  } finally {
    agent.destroy();
    await app.stop();
  }
}

await main();
