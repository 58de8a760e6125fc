// The big-session load test, run by hand: `npm run bench:big-session` (after `npm run build`;
// honours NEXT_DIST_DIR). One production server on the embedded store. Its store is seeded first
// (in this process, with the server's own secrets, before the server starts) with a session of
// `--entries` entries (default 10,000, AUDIT_MAX_ENTRIES) and one of a single entry. Then:
//
// 1. CPU per request: each read (badge, audit JSON, dashboard) of each session, and the tamper demo
//    on its middle entry, is sent one after another `--per-read` times, and the server's CPU time is
//    read from /proc before and after. A badge and a tamper demo of the big session must each cost
//    within 1.5x of the small one's.
// 2. Health under readers: /api/health is measured while `--clients` clients (16) read a session's
//    badge, audit JSON and dashboard in turn, each one request after another, from one fresh client
//    address, as an abuser would (the read limit, RATE_LIMIT_READ, at its default of 600 units a
//    minute), for `--loaded-seconds` (60, the limit's window) of reading: the burst its budget
//    allows, then its refusals. In pairs of `--round-ms` rounds: health alone (readers paused), then
//    with the readers (the order alternates). Both sessions in turn. Health must keep at least 0.8
//    of its rate without them, over all the rounds with readers (for the big session).
//
// Prints the figures for docs/performance.md; exits 1 when a check fails.
//
//   npm run bench:big-session [-- --entries 10000 --clients 16 --seconds 5 --per-read 200
//     --loaded-seconds 60 --round-ms 1000 --data-dir DIR]
//   npm run bench:big-session -- --streams-only [--stream-seconds 60]: only 3., streams of the big
//     session from one address (see streamsOfBigSession).
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
    // 3. only: streams of the big session from one address at the default read limit.
    "streams-only": { type: "boolean", default: false },
    "stream-seconds": { type: "string", default: "60" },
    seconds: { type: "string", default: "5" },
    "per-read": { type: "string", default: "200" },
    "health-clients": { type: "string", default: "4" },
    "loaded-seconds": { type: "string", default: "60" },
    "round-ms": { type: "string", default: "1000" },
  },
});
const ENTRIES = Number(args.entries);
const CLIENTS = Number(args.clients);
const SECONDS = Number(args.seconds);
const PER_READ = Number(args["per-read"]);
const HEALTH_CLIENTS = Number(args["health-clients"]);
const LOADED_S = Number(args["loaded-seconds"]);
const ROUND_MS = Number(args["round-ms"]);

const BIG = "bench-big-session-01";
const SMALL = "bench-small-session-1";

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + HEALTH_CLIENTS });

/**
 * One GET (or a POST of `body` as JSON), its answer read and dropped; resolves with the status and
 * the body's size.
 */
function get(port: number, path: string, headers: Record<string, string> = {}, body?: unknown) {
  return new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    const method = body === undefined ? "GET" : "POST";
    const sent = body === undefined ? {} : { "content-type": "application/json" };
    const req = http.request(
      { host: "127.0.0.1", port, path, agent, method, headers: { ...headers, ...sent } },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes }));
      },
    );
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
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

/** The tamper demo on a session's middle entry (POST /api/play/tamper-demo), measured beside the reads. */
const tamperDemo = (sessionId: string, size: number) => ({
  path: "/api/play/tamper-demo",
  body: { sessionId, mutation: "edit-output", seq: Math.floor(size / 2) },
});

/**
 * 3. One address streams the big session over and over, one stream after another, for `seconds`, at
 * the default read limit (RATE_LIMIT_READ=600/1m): each stream is charged for the entries it sends,
 * so the address gets a few full backlogs a minute and then refusals (429, or a `rate_limited`
 * event that ends a stream), where before one read unit bought the whole backlog every time.
 */
async function streamsOfBigSession(port: number, pid: number, seconds: number): Promise<string> {
  const from = { "x-forwarded-for": "192.0.2.77" };
  const cpu = processCpuMs(pid);
  const started = performance.now();
  let full = 0;
  let cut = 0;
  let refused = 0;
  let other = 0;
  let bytes = 0;
  while (performance.now() - started < seconds * 1000) {
    // Two seconds: the whole backlog, then an idle wait for new entries that the reconnect ends.
    const answer = await getText(port, `/api/play/audit/${BIG}/stream?maxSeconds=2`, from);
    bytes += Buffer.byteLength(answer.text);
    if (answer.status !== 200) refused++;
    else if (answer.text.includes('"code":"rate_limited"')) cut++;
    else if (new RegExp(`(^|\n)id: ${ENTRIES - 1}\n`).test(answer.text)) full++;
    else other++;
  }
  const ms = performance.now() - started;
  return `  streams of the ${ENTRIES}-entry session from one address for ${(ms / 1000).toFixed(0)} s (RATE_LIMIT_READ=600/1m): ${full} sent the whole backlog, ${cut} were ended by the read limit, ${refused} refused, ${other} ended otherwise; ${(bytes / 1e6).toFixed(1)} MB sent; server busy ${((100 * (processCpuMs(pid) - cpu)) / ms).toFixed(0)} % of the time`;
}

/** One GET whose answer is read whole, as text. */
function getText(port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Server CPU ms per request of `path`, sent PER_READ times one after another (after 5 to warm up). */
async function cpuPerRequest(port: number, pid: number, path: string, from: Record<string, string>, body?: unknown) {
  for (let i = 0; i < 5; i++) await get(port, path, from, body);
  const before = processCpuMs(pid);
  const started = performance.now();
  let bytes = 0;
  for (let i = 0; i < PER_READ; i++) {
    const answer = await get(port, path, from, body);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    bytes = answer.bytes;
  }
  return {
    cpuMs: (processCpuMs(pid) - before) / PER_READ,
    wallMs: (performance.now() - started) / PER_READ,
    bytes,
  };
}

/** Health requests per second from HEALTH_CLIENTS clients, each one after another, for `ms`. */
async function healthRate(
  port: number,
  ms = SECONDS * 1000,
): Promise<{ perSecond: number; failures: number; done: number }> {
  const started = performance.now();
  let done = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: HEALTH_CLIENTS }, async () => {
      while (performance.now() - started < ms) {
        const { status } = await get(port, "/api/health", { "x-forwarded-for": "192.0.2.250" });
        if (status === 200) done++;
        else failures++;
      }
    }),
  );
  return { perSecond: done / ((performance.now() - started) / 1000), failures, done };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/**
 * CLIENTS readers sending `paths` in turn from `client`, each one request after another, until
 * stopped; `pause` holds them (resolving once none is in flight) until `resume`.
 */
function startReaders(port: number, client: string, paths: string[]) {
  const statuses = new Map<number, number>();
  let stopped = false;
  let held: Promise<void> | null = null;
  let release = () => {};
  let inFlight = 0;
  let answers = 0;
  const done = Promise.all(
    Array.from({ length: CLIENTS }, async (_, n) => {
      for (let i = n; !stopped; i++) {
        if (held) await held;
        if (stopped) break;
        inFlight++;
        const { status } = await get(port, paths[i % paths.length] as string, { "x-forwarded-for": client });
        inFlight--;
        answers++;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const settled = async () => {
    while (inFlight > 0) await new Promise((r) => setTimeout(r, 5));
  };
  return {
    statuses,
    answers: () => answers,
    async pause() {
      held ??= new Promise<void>((r) => {
        release = r;
      });
      await settled();
    },
    resume() {
      held = null;
      release();
    },
    async stop() {
      stopped = true;
      this.resume();
      await done;
    },
  };
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
  // One proxy hop: each reader picks its address. The CPU measures send more than a minute's budget
  // of large reads from one address, so they run on a server without the limit; the readers meet
  // it at its default on a second one, started on the same store.
  const serve = (readLimit: string) =>
    startApp({
      dataDir,
      env: {
        TRUSTED_PROXY_HOPS: "1",
        RATE_LIMIT_READ: readLimit,
        // The tamper demo counts against the demo's limit: out of the way of the CPU measures.
        RATE_LIMIT_PLAY: "1000000/1m",
        AUDIT_MAX_ENTRIES: String(Math.max(ENTRIES, 10_000)),
      },
    });
  const lines = [
    "",
    `A session of ${ENTRIES} entries (seeded in ${seedSeconds.toFixed(1)} s, ${((seedSeconds * 1000) / ENTRIES).toFixed(2)} ms per append, in process) and one of 1`,
  ];
  if (args["streams-only"]) {
    const streams = await serve("600/1m");
    try {
      lines.push(await streamsOfBigSession(streams.port, streams.pid, Number(args["stream-seconds"])));
    } finally {
      agent.destroy();
      await streams.stop();
    }
    process.stdout.write(`${lines.join("\n")}\n`);
    return;
  }
  let app = await serve("1000000/1m");
  const failures: string[] = [];
  try {
    // 1. CPU per request.
    let address = 0;
    const costs: Record<string, Record<string, { cpuMs: number; wallMs: number; bytes: number }>> = {};
    for (const [size, sid] of [
      [1, SMALL],
      [ENTRIES, BIG],
    ] as const) {
      const demo = tamperDemo(sid, size);
      const measures: [string, string, unknown][] = [
        ...Object.entries(reads(sid)).map(([name, path]): [string, string, unknown] => [name, path, undefined]),
        ["tamper demo", demo.path, demo.body],
      ];
      for (const [name, path, body] of measures) {
        // An address of its own for each measure keeps it under the read limit.
        address++;
        const from = { "x-forwarded-for": `203.0.113.${address}` };
        costs[name] ??= {};
        (costs[name] as Record<string, { cpuMs: number; wallMs: number; bytes: number }>)[size] = await cpuPerRequest(
          app.port,
          app.pid,
          path,
          from,
          body,
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
    const tamper = costs["tamper demo"] as Record<number, { cpuMs: number }>;
    const tamperRatio = (tamper[ENTRIES]?.cpuMs ?? 0) / (tamper[1]?.cpuMs ?? 1);
    if (!(tamperRatio <= 1.5))
      failures.push(`a tamper demo on ${ENTRIES} entries cost ${tamperRatio.toFixed(2)}x one on 1`);

    await app.stop();
    app = await serve("600/1m");

    // 2. Health while CLIENTS clients read each session from one fresh address, for LOADED_S seconds
    // of reading: the burst its budget allows, then the refusals. In paired rounds that pause the
    // readers and let them send in turn (which goes first alternates: on a shared machine an idle
    // rate measured minutes apart moves more than the effect, paired rounds do not). The readers'
    // budget refills during the paused rounds too, so they get about twice the reads per second of
    // reading that a steady abuser would: the measure is harsher than the abuse.
    await healthRate(app.port); // warm-up
    const idle = await healthRate(app.port);
    const sessions = [
      [`${ENTRIES} entries`, BIG],
      ["1 entry", SMALL],
    ] as const;
    let reader = 0;
    const readerLines: string[] = [];
    const pooledRatios: number[] = [];
    for (const [label, sid] of sessions) {
      const readers = startReaders(app.port, `198.51.100.${++reader}`, Object.values(reads(sid)));
      await readers.pause();
      const pairs: number[] = [];
      const quiet = { cpu: 0, health: 0, ms: 0 };
      const loaded = { cpu: 0, health: 0, reads: 0, ms: 0 };
      for (let round = 0; loaded.ms < LOADED_S * 1000; round++) {
        const rates = { quiet: 0, loaded: 0 };
        for (const withReaders of round % 2 === 0 ? [false, true] : [true, false]) {
          if (withReaders) readers.resume();
          else await readers.pause();
          const cpu = processCpuMs(app.pid);
          const answers = readers.answers();
          const started = performance.now();
          const rate = await healthRate(app.port, ROUND_MS);
          if (rate.failures > 0) failures.push(`${rate.failures} health requests failed`);
          const part = withReaders ? loaded : quiet;
          part.cpu += processCpuMs(app.pid) - cpu;
          part.health += rate.done;
          part.ms += performance.now() - started;
          if (withReaders) {
            loaded.reads += readers.answers() - answers;
            rates.loaded = rate.perSecond;
          } else rates.quiet = rate.perSecond;
        }
        pairs.push(rates.loaded / rates.quiet);
      }
      await readers.stop();
      const pooled = loaded.health / loaded.ms / (quiet.health / quiet.ms);
      const cpuShare = (part: { cpu: number; ms: number }) => `${((100 * part.cpu) / part.ms).toFixed(0)} %`;
      readerLines.push(
        `    ${label}: health ${pooled.toFixed(2)} of its rate without the readers over ${(loaded.ms / 1000).toFixed(0)} s of reading (${pairs.length} paired rounds of ${ROUND_MS} ms; median pair ${median(pairs).toFixed(2)}, from ${Math.min(...pairs).toFixed(2)} to ${Math.max(...pairs).toFixed(2)}); reader answers ${[...readers.statuses].map(([st, n]) => `${n} x ${st}`).join(", ")}, ${((loaded.reads * 1000) / loaded.ms).toFixed(0)} a second; server busy ${cpuShare(quiet)} of the time without the readers, ${cpuShare(loaded)} with them`,
      );
      pooledRatios.push(pooled);
    }
    lines.push(
      `  ${CLIENTS} readers of a session's badge, JSON, JSON ?verify=1 and dashboard from one fresh address (RATE_LIMIT_READ=600/1m), ${HEALTH_CLIENTS} health clients (/api/health idle ${idle.perSecond.toFixed(0)} req/s):`,
      ...readerLines,
      `    machine load average (1 min) at the end: ${os.loadavg()[0]?.toFixed(1)}`,
    );
    const bigPooled = pooledRatios[0] ?? 0;
    if (bigPooled < 0.8)
      failures.push(`health kept ${bigPooled.toFixed(2)} of its rate with readers of ${ENTRIES} entries, below 0.8`);
    lines.push(failures.length === 0 ? "  checks: all passed" : `  FAILED: ${failures.join("; ")}`);
    process.stdout.write(`${lines.join("\n")}\n`);
    process.exitCode = failures.length === 0 ? 0 : 1;
  } finally {
    agent.destroy();
    await app.stop();
  }
}

await main();
