// The long-timeline bench, run by hand: `npm run bench:timeline` (after `npm run build`; honours
// NEXT_DIST_DIR). One company acting all day writes one session for ever: does an append, a page
// read or the badge cost more once the session is long?
//
// Grows ONE session of an embedded store to each size in `--entries` (default 10,000, 100,000 and
// 500,000: a year at well over 1,000 actions a day), appending demo tool calls through the
// service's own append path in this process (the transparency log integrated every 1,000 leaves, as
// the server does), and at each size prints:
// - appends/s and CPU per append over the last `--window` appends (in process, no HTTP);
// - the production server's CPU per request, each read sent `--per-read` times one after another:
//   the first page, a page in the middle and the last page of the audit JSON (1,000 entries each),
//   the badge, and the CSV export of the whole session (its size and time per entry);
// - with `--redis-url`, the same session's items pushed into that Redis and the time of one LRANGE of
//   1,000 items at the start, the middle and the end (what a page read asks of Upstash).
// Figures for docs/performance.md ("A timeline without a cap").
//
//   npm run bench:timeline [-- --entries 10000,100000,500000 --window 2000 --per-read 20
//     --data-dir DIR --redis-url redis://127.0.0.1:6379/15]
//
// --data-dir keeps the store and grows the same session further on the next run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createClient } from "redis";
import { appendAuditEvent } from "../lib/audit/log";
import { EmbeddedStore } from "../lib/store/embedded";
import { integrate } from "../lib/tlog/integrate";
import { startApp } from "../tests/support/app-server";
import { toolCallEvent } from "../tests/support/audit-seed";
import { applyEnv } from "../tests/support/upstash-stack";
import { machineLine } from "./support/machine";
import { processCpuMs } from "./support/process-cpu";

const { values: args } = parseArgs({
  options: {
    entries: { type: "string", default: "10000,100000,500000" },
    window: { type: "string", default: "2000" },
    "per-read": { type: "string", default: "20" },
    "data-dir": { type: "string" },
    "redis-url": { type: "string" },
  },
});
const TARGETS = args.entries.split(",").map(Number);
const WINDOW = Number(args.window);
const PER_READ = Number(args["per-read"]);
const SESSION = "long-timeline-0001";
const PAGE = 1000;

const dataDir = args["data-dir"] ?? fs.mkdtempSync(path.join(os.tmpdir(), "sia-timeline-bench-"));
fs.mkdirSync(dataDir, { recursive: true });
const tokenFile = path.join(dataDir, "bench-session-token");

/** Appends to the one session until it holds `target` entries: appends/s and CPU µs per append over the last WINDOW. */
async function growTo(target: number): Promise<{ rate: number; cpuUs: number }> {
  const store = EmbeddedStore.open(dataDir);
  try {
    let token = fs.existsSync(tokenFile) ? fs.readFileSync(tokenFile, "utf8") : null;
    let size = Math.max(0, (await store.length(`audit:${SESSION}:log`)) - 1);
    let windowStart = Number.NaN;
    let cpuStart = process.cpuUsage();
    let from = size;
    while (size < target) {
      if (Number.isNaN(windowStart) && target - size <= WINDOW) {
        windowStart = performance.now();
        cpuStart = process.cpuUsage();
        from = size;
      }
      const out = await appendAuditEvent(
        { sessionId: SESSION, sessionToken: token, event: toolCallEvent(size) },
        store,
      );
      if (token === null) {
        token = out.sessionToken;
        fs.writeFileSync(tokenFile, token ?? "");
      }
      size++;
      if (size % 1000 === 0) await integrate(store);
    }
    const appended = size - from;
    const cpu = process.cpuUsage(cpuStart);
    const seconds = (performance.now() - windowStart) / 1000;
    await integrate(store);
    return { rate: appended / seconds, cpuUs: (cpu.user + cpu.system) / Math.max(1, appended) };
  } finally {
    await store.close();
  }
}

/** The server's CPU ms per request for `path`, sent PER_READ times one after another; the last body's size. */
async function cpuPerRequest(app: { url: string; pid: number }, read: string): Promise<{ ms: number; bytes: number }> {
  let bytes = 0;
  const before = processCpuMs(app.pid);
  for (let i = 0; i < PER_READ; i++) {
    const r = await fetch(`${app.url}${read}`);
    const body = await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${read}: HTTP ${r.status}`);
    bytes = body.byteLength;
  }
  return { ms: (processCpuMs(app.pid) - before) / PER_READ, bytes };
}

async function serverFigures(size: number) {
  const app = await startApp({ dataDir, env: { RATE_LIMIT_READ: "1000000/1m" } });
  try {
    const audit = `/api/play/audit/${SESSION}`;
    const middle = Math.floor(size / 2);
    const reads: [string, string][] = [
      ["first page", `${audit}?limit=${PAGE}`],
      ["middle page", `${audit}?after=${middle}&limit=${PAGE}`],
      ["last page", `${audit}?after=${size - PAGE - 1}&limit=${PAGE}`],
      ["badge", `/api/badge/${SESSION}`],
    ];
    const figures: string[] = [];
    for (const [name, read] of reads) {
      const { ms, bytes } = await cpuPerRequest(app, read);
      figures.push(`${name} ${ms.toFixed(1)} ms CPU (${(bytes / 1024).toFixed(0)} kB)`);
    }
    const started = performance.now();
    const cpu = processCpuMs(app.pid);
    const csv = await fetch(`${app.url}${audit}/csv`);
    const bytes = (await csv.arrayBuffer()).byteLength;
    const csvCpu = processCpuMs(app.pid) - cpu;
    figures.push(
      `CSV ${(bytes / 1024 / 1024).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s, ${((csvCpu * 1000) / size).toFixed(1)} µs CPU per entry`,
    );
    return figures.join("; ");
  } finally {
    await app.stop();
  }
}

/** The session's items in a real Redis list, and the time of LRANGE of PAGE items at three places. */
async function redisFigures(url: string): Promise<string> {
  const store = EmbeddedStore.open(dataDir);
  const redis = createClient({ url });
  await redis.connect();
  try {
    const key = `bench:timeline:${SESSION}`;
    await redis.del(key);
    const length = await store.length(`audit:${SESSION}:log`);
    for (let i = 0; i < length; i += 1000)
      await redis.rPush(key, await store.range(`audit:${SESSION}:log`, i, i + 999));
    const figures: string[] = [];
    for (const [name, start] of [
      ["start", 1],
      ["middle", Math.floor(length / 2)],
      ["end", length - PAGE],
    ] as const) {
      const t = performance.now();
      for (let i = 0; i < PER_READ; i++) await redis.lRange(key, start, start + PAGE - 1);
      figures.push(`${name} ${((performance.now() - t) / PER_READ).toFixed(2)} ms`);
    }
    await redis.del(key);
    return `Redis LRANGE of ${PAGE}: ${figures.join(", ")}`;
  } finally {
    await redis.quit();
    await store.close();
  }
}

console.log(`long-timeline bench: ${machineLine()}; data dir ${dataDir}`);
const restore = applyEnv({ DATA_DIR: dataDir });
try {
  for (const target of TARGETS) {
    const grown = await growTo(target);
    console.log(
      `${target.toLocaleString("en-US")} entries: ${grown.rate.toFixed(0)} appends/s, ${grown.cpuUs.toFixed(0)} µs CPU per append (in process, last ${WINDOW.toLocaleString("en-US")})`,
    );
    console.log(`  server: ${await serverFigures(target)}`);
    if (args["redis-url"]) console.log(`  ${await redisFigures(args["redis-url"])}`);
  }
} finally {
  restore();
  if (!args["data-dir"]) fs.rmSync(dataDir, { recursive: true, force: true });
}
