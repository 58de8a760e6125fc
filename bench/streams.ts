// The stream load test, run by hand: `npm run bench:streams` (after `npm run build`; honours
// NEXT_DIST_DIR). One production server on the embedded store. First /api/health is measured idle
// (requests per second from a few clients, one request after another each). Then one address asks
// for 2,000 audit streams, `--concurrency` requests in flight at a time, and keeps the accepted ones
// open: all but STREAM_MAX_PER_IP must get 429 stream_limit. Health is measured while the requests
// come in and again while the accepted streams stay open; both times it must keep at least 0.8 of
// its idle rate. Prints the figures for
// docs/performance.md; exits 1 when a check fails.
//
//   npm run bench:streams [-- --streams 2000 --per-ip 10 --concurrency 50 --seconds 5 --clients 4]
import http from "node:http";
import os from "node:os";
import { parseArgs } from "node:util";
import { startApp } from "../tests/support/app-server";
import { machineLine } from "./support/machine";
import { processCpuMs } from "./support/process-cpu";

const { values: args } = parseArgs({
  options: {
    streams: { type: "string", default: "2000" },
    "per-ip": { type: "string", default: "10" },
    seconds: { type: "string", default: "5" },
    clients: { type: "string", default: "4" },
    concurrency: { type: "string", default: "50" },
  },
});
const CONCURRENCY = Number(args.concurrency);
const STREAMS = Number(args.streams);
const PER_IP = Number(args["per-ip"]);
const SECONDS = Number(args.seconds);
const CLIENTS = Number(args.clients);

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

function get(port: number, path: string, options: { agent?: http.Agent | false } = {}) {
  return new Promise<{ status: number; res: http.IncomingMessage }>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, agent: options.agent ?? agent }, (res) =>
      resolve({ status: res.statusCode ?? 0, res }),
    );
    req.on("error", reject);
  });
}

/**
 * Health requests per second, CLIENTS clients each sending one after another, for SECONDS or until
 * `stop` resolves.
 */
async function healthRate(port: number, stop?: Promise<unknown>): Promise<{ perSecond: number; failures: number }> {
  const started = performance.now();
  let stopped = false;
  const until = started + SECONDS * 1000;
  void stop?.then(() => {
    stopped = true;
  });
  let done = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (stop ? !stopped : performance.now() < until) {
        const { status, res } = await get(port, "/api/health");
        res.resume();
        await new Promise((r) => res.on("end", r));
        if (status === 200) done++;
        else failures++;
      }
    }),
  );
  return { perSecond: done / ((performance.now() - started) / 1000), failures };
}

async function main() {
  process.stderr.write(`Stream load test on ${machineLine()}\n`);
  const app = await startApp({
    env: {
      STREAM_MAX_PER_IP: String(PER_IP),
      STREAM_MAX: String(Math.max(PER_IP, 500)),
      // The read limit is not what is measured here: the stream cap must do the refusing.
      RATE_LIMIT_READ: "100000000/1m",
    },
  });
  const open: http.IncomingMessage[] = [];
  try {
    await healthRate(app.port); // warm-up
    const idle = await healthRate(app.port);

    const cpuBefore = processCpuMs(app.pid);
    const started = performance.now();
    const statuses = new Map<number, number>();
    let next = 0;
    const opening = Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < STREAMS) {
          next++;
          const { status, res } = await get(app.port, "/api/play/audit/bench-streams-session/stream", {
            agent: false,
          });
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status === 200) open.push(res);
          else res.resume();
        }
      }),
    );
    const during = await healthRate(app.port, opening);
    await opening;
    const openingSeconds = (performance.now() - started) / 1000;
    const openingCpuMs = processCpuMs(app.pid) - cpuBefore;

    const loaded = await healthRate(app.port);
    for (const res of open.splice(0)) res.destroy();
    // Idle again once the streams are closed: on a shared machine the load of others drifts, and
    // the mean of the two idle measures is the fairer baseline.
    const idleAfter = await healthRate(app.port);
    const idleMean = (idle.perSecond + idleAfter.perSecond) / 2;
    const ratio = loaded.perSecond / idleMean;
    const duringRatio = during.perSecond / idleMean;
    const accepted = statuses.get(200) ?? 0;
    const refused = statuses.get(429) ?? 0;

    const lines = [
      "",
      `${STREAMS} stream requests from one address (STREAM_MAX_PER_IP=${PER_IP}), ${CLIENTS} health clients, ${SECONDS} s per idle and held-open measure`,
      `  answers: ${[...statuses].map(([s, n]) => `${n} x ${s}`).join(", ")}; ${CONCURRENCY} in flight, ${openingSeconds.toFixed(2)} s, ${openingCpuMs.toFixed(0)} ms of server CPU meanwhile (health requests included)`,
      `  /api/health while the requests came in: ${during.perSecond.toFixed(0)} req/s (${duringRatio.toFixed(2)} of idle)`,
      `  /api/health idle: ${idle.perSecond.toFixed(0)} req/s before, ${idleAfter.perSecond.toFixed(0)} after; with ${accepted} streams open: ${loaded.perSecond.toFixed(0)} req/s (${ratio.toFixed(2)} of idle)`,
      `  machine load average (1 min) at the end: ${os.loadavg()[0]?.toFixed(1)}`,
    ];
    const failures: string[] = [];
    if (accepted !== PER_IP) failures.push(`expected ${PER_IP} accepted streams, got ${accepted}`);
    if (refused !== STREAMS - PER_IP) failures.push(`expected ${STREAMS - PER_IP} answers 429, got ${refused}`);
    if (duringRatio < 0.8)
      failures.push(`health kept ${duringRatio.toFixed(2)} of its idle rate while the requests came in, below 0.8`);
    if (ratio < 0.8) failures.push(`health kept ${ratio.toFixed(2)} of its idle rate with the streams open, below 0.8`);
    const healthFailures = idle.failures + during.failures + loaded.failures + idleAfter.failures;
    if (healthFailures > 0) failures.push(`${healthFailures} health requests failed`);
    lines.push(failures.length === 0 ? "  checks: all passed" : `  FAILED: ${failures.join("; ")}`);
    process.stdout.write(`${lines.join("\n")}\n`);
    process.exitCode = failures.length === 0 ? 0 : 1;
  } finally {
    for (const res of open) res.destroy();
    agent.destroy();
    await app.stop();
  }
}

await main();
