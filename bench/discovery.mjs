#!/usr/bin/env node
// Requests per second of GET /.well-known/agents.json as a ratio to GET /api/health, measured in the
// same run against a running server on this machine (loopback only). Rounds alternate the two
// endpoints so that drift of the machine affects both alike. Writes the "Discovery" section of
// docs/performance.md, leaving the other sections as they are.
//
//   npm run build && PORT=3000 node scripts/server.mjs &
//   node bench/discovery.mjs [base URL, default http://127.0.0.1:3000] [--dry-run]
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

const ROUNDS = 6;
const REQUESTS_PER_ROUND = 2000;
const CONCURRENCY = 8;
const WARM_UP = 300;
const TARGET = 0.9;

const args = process.argv.slice(2);
const dryRun = args.includes("--dry-run");
const base = new URL(args.find((a) => !a.startsWith("--")) ?? "http://127.0.0.1:3000");
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/;
if (base.protocol !== "http:" || !LOOPBACK.test(base.hostname)) {
  console.error(`Refusing ${base.origin}: this benchmark only runs against a server on this machine (http, loopback).`);
  process.exit(2);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function request(pathname) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: base.hostname.replace(/^\[|\]$/g, ""), port: base.port || 80, path: pathname, agent },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
  });
}

/** Sends `count` GETs with CONCURRENCY in flight; returns requests per second. Any non-200 aborts the run. */
async function measure(pathname, count) {
  let next = 0;
  const started = process.hrtime.bigint();
  const worker = async () => {
    while (next < count) {
      next++;
      const status = await request(pathname);
      if (status !== 200) throw new Error(`GET ${pathname} answered ${status}; is the server healthy?`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return count / seconds;
}

const ENDPOINTS = { manifest: "/.well-known/agents.json", health: "/api/health" };

async function main() {
  for (const pathname of Object.values(ENDPOINTS)) await measure(pathname, WARM_UP);
  const totals = { manifest: 0, health: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ["manifest", "health"] : ["health", "manifest"];
    for (const name of order) totals[name] += await measure(ENDPOINTS[name], REQUESTS_PER_ROUND);
  }
  agent.destroy();
  const rps = { manifest: totals.manifest / ROUNDS, health: totals.health / ROUNDS };
  const ratio = rps.manifest / rps.health;
  console.log(`GET ${ENDPOINTS.manifest}: ${rps.manifest.toFixed(0)} requests/s`);
  console.log(`GET ${ENDPOINTS.health}: ${rps.health.toFixed(0)} requests/s`);
  console.log(`ratio: ${ratio.toFixed(2)} (target at least ${TARGET})`);
  if (!dryRun) writeSection(rps, ratio);
}

function writeSection(rps, ratio) {
  const file = path.resolve(import.meta.dirname, "../docs/performance.md");
  const cpu = os.cpus();
  const when = new Date().toISOString().slice(0, 10);
  const fmt = (n) => Math.round(n).toLocaleString("en-US");
  const section = [
    "## Discovery (`node bench/discovery.mjs`)",
    "",
    `Measured ${when} on Node ${process.version}, ${cpu.length} cores (${cpu[0]?.model.trim() ?? "unknown CPU"}), against`,
    `\`node scripts/server.mjs\` on the embedded store over loopback: ${ROUNDS} alternating rounds of`,
    `${fmt(REQUESTS_PER_ROUND)} GETs per endpoint, ${CONCURRENCY} in flight on keep-alive connections, after a warm-up.`,
    "",
    "| measure | result | target |",
    "|---|---|---|",
    `| GET /.well-known/agents.json | ${fmt(rps.manifest)} requests/s | |`,
    `| GET /api/health (pings the store) | ${fmt(rps.health)} requests/s | |`,
    `| **ratio agents.json / health** | **${ratio.toFixed(2)}** | at least ${TARGET} |`,
    "",
    "Why the manifest keeps up: it is static per deployment and base URL, so its body and strong ETag",
    "are built once per process and base URL (lib/discovery/cached-document.ts) and each request only",
    "resolves the base URL and copies the cached string. The client and the server share the same two",
    "cores, so absolute numbers understate a real server; the ratio is the figure to compare.",
    "",
  ].join("\n");
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Performance\n\n";
  const start = current.search(/^## Discovery\b/m);
  let updated;
  if (start === -1) {
    updated = `${current.replace(/\n*$/, "\n\n")}${section}`;
  } else {
    const rest = current.slice(start + 1);
    const nextHeading = rest.search(/^## /m);
    const end = nextHeading === -1 ? current.length : start + 1 + nextHeading;
    updated = `${current.slice(0, start)}${section}${nextHeading === -1 ? "" : "\n"}${current.slice(end)}`;
  }
  fs.writeFileSync(file, updated.replace(/\n*$/, "\n"));
  console.log(`wrote the Discovery section of ${path.relative(process.cwd(), file)}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  agent.destroy();
  process.exit(1);
});
