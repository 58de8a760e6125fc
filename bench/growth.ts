// The growth bench, run by hand: `npm run bench:growth` (after `npm run build`; honours NEXT_DIST_DIR).
// Grows one embedded store to each size in `--leaves` (default 100,000 and 300,000 transparency-log
// leaves), appending demo tool calls through the service's own append path in this process (sessions
// of AUDIT_MAX_ENTRIES entries, `--lanes` sessions at a time, the log integrated as the server does),
// and at each size prints:
// - appends/s over the last `--window` appends before it (in process: no HTTP, one core);
// - the log's bytes per leaf, as written and after the store compacted it (its open at the next size);
// - the production server's start-up on that store (spawn to the first answer of /api/health), its
//   resident memory then (VmRSS) and its peak (VmHWM) after reading a page of the oldest session,
//   its CSV and an inclusion proof of the first leaf.
// Figures for docs/performance.md (Growth).
//
//   npm run bench:growth [-- --leaves 100000,300000,1000000 --lanes 8 --window 5000 --data-dir DIR]
//
// --data-dir keeps the store and grows it further on the next run (1,000,000 leaves take minutes).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
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
    leaves: { type: "string", default: "100000,300000" },
    lanes: { type: "string", default: "8" },
    window: { type: "string", default: "5000" },
    "data-dir": { type: "string" },
  },
});
const TARGETS = args.leaves.split(",").map(Number);
const LANES = Number(args.lanes);
const WINDOW = Number(args.window);
const SESSION_ENTRIES = 10_000;

const dataDir = args["data-dir"] ?? fs.mkdtempSync(path.join(os.tmpdir(), "sia-growth-bench-"));
fs.mkdirSync(dataDir, { recursive: true });
const logFile = path.join(dataDir, "store.log");
const MB = 1024 * 1024;

/** Appends until the log holds `target` leaves; returns appends/s over the last WINDOW of them. */
async function growTo(target: number): Promise<number> {
  const store = EmbeddedStore.open(dataDir);
  try {
    let leaves = Number((await store.get("tlog:sequenced")) ?? "0");
    let next = 0;
    let windowStart = 0;
    let windowFrom = 0;
    const lane = async (laneId: number) => {
      let session = { id: "", token: null as string | null, entries: SESSION_ENTRIES };
      while (leaves < target) {
        if (session.entries >= SESSION_ENTRIES)
          session = { id: `growth-${Date.now()}-${laneId}`, token: null, entries: 0 };
        const n = next++;
        if (windowStart === 0 && target - leaves <= WINDOW) {
          windowStart = performance.now();
          windowFrom = n;
        }
        const out = await appendAuditEvent(
          { sessionId: session.id, sessionToken: session.token, event: toolCallEvent(n) },
          store,
        );
        session.token ??= out.sessionToken;
        session.entries++;
        leaves++;
        if (leaves % 1000 === 0) await integrate(store);
      }
    };
    await Promise.all(Array.from({ length: LANES }, (_, i) => lane(i)));
    const appended = next - windowFrom;
    const rate = windowStart > 0 ? appended / ((performance.now() - windowStart) / 1000) : Number.NaN;
    await integrate(store);
    return rate;
  } finally {
    await store.close();
  }
}

/** VmRSS and VmHWM of a process, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** The store opened in this process: how long it takes, and the log's size after (a compaction at open). */
async function reopen(): Promise<{ openMs: number; bytes: number }> {
  const opened = performance.now();
  const store = EmbeddedStore.open(dataDir);
  const openMs = performance.now() - opened;
  const bytes = store.sizeOnDisk();
  await store.close();
  return { openMs, bytes };
}

async function serverFigures() {
  const started = performance.now();
  const app = await startApp({ dataDir, env: { RATE_LIMIT_READ: "1000000/1m" } });
  const startMs = performance.now() - started;
  // CPU time barely moves with other work on the machine; wall time does.
  const startCpuMs = processCpuMs(app.pid);
  try {
    const atStart = memoryOf(app.pid);
    // The oldest session: named near the start of the log.
    const head = Buffer.alloc(4 * MB);
    const fd = fs.openSync(logFile, "r");
    const n = fs.readSync(fd, head, 0, head.length, 0);
    fs.closeSync(fd);
    const first = /audit:(growth-[0-9]+-0):log/.exec(head.toString("latin1", 0, n))?.[1] ?? "";
    const reads = [`/api/play/audit/${first}`, `/api/play/audit/${first}/csv`, "/log/proof/0"];
    const statuses: number[] = [];
    for (const read of reads) {
      const r = await fetch(`${app.url}${read}`);
      await r.arrayBuffer();
      statuses.push(r.status);
    }
    return { startMs, startCpuMs, atStart, afterReads: memoryOf(app.pid), statuses };
  } finally {
    await app.stop();
  }
}

console.log(`growth bench: ${machineLine()}; data dir ${dataDir}`);
const restore = applyEnv({ DATA_DIR: dataDir, AUDIT_MAX_ENTRIES: String(SESSION_ENTRIES) });
try {
  for (const target of TARGETS) {
    const rate = await growTo(target);
    const bytes = fs.statSync(logFile).size;
    const reopened = await reopen();
    const server = await serverFigures();
    console.log(
      [
        `${target.toLocaleString("en-US")} leaves:`,
        `${rate.toFixed(0)} appends/s (in process, last ${WINDOW.toLocaleString("en-US")}),`,
        `log ${(bytes / MB).toFixed(0)} MB = ${(bytes / target).toFixed(0)} bytes/leaf`,
        `(${(reopened.bytes / target).toFixed(0)} after open; opened in process in ${(reopened.openMs / 1000).toFixed(1)} s);`,
        `server start-up ${(server.startMs / 1000).toFixed(1)} s (${(server.startCpuMs / 1000).toFixed(1)} s of CPU),`,
        `RSS ${server.atStart.rss.toFixed(0)} MB,`,
        `peak ${server.afterReads.peak.toFixed(0)} MB after reads answered ${server.statuses.join("/")}`,
      ].join(" "),
    );
  }
} finally {
  restore();
  if (!args["data-dir"]) fs.rmSync(dataDir, { recursive: true, force: true });
}
