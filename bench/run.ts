// The speed suite, run by hand: `npm run bench` (after `npm run build`; honours NEXT_DIST_DIR).
// Starts the production server (`node scripts/server.mjs`) on the embedded store and measures, with
// 10 concurrent keep-alive connections, every GET, POST and PATCH route against GET /api/health on
// the same server in the same run, in interleaved rounds (health, endpoint, endpoint, health, ...) so
// that drift of a busy machine hits both alike. Also: audit verification against the bare
// cryptography loop, and the first-load JavaScript of each page. Prints one table with targets and
// exits 1 when a target is missed. Nothing asserts a time in a test; results go in
// docs/performance.md.
//
//   npm run bench [-- --rounds 10 --round-ms 300 --only badge,agents.json --store upstash]
//
// --store upstash runs the server on a private redis-server behind the Upstash REST bridge (in its
// own process), as production runs on Upstash, instead of the embedded store.
import { parseArgs } from "node:util";
import { startRedisServer } from "../tests/support/redis-server";
import { startBridgeProcess, upstashSecrets } from "./support/bridge-process";
import { type FirstLoad, firstLoadJs } from "./support/first-load-js";
import type { LoadClient, RoundResult } from "./support/http-load";
import { machineLine } from "./support/machine";
import { cpuPerRequest, median, p99, rate, sum } from "./support/round-stats";
import { type Endpoint, HEALTH, PAGES, prepareFor, roundLimit, speedEndpoints } from "./support/speed-endpoints";
import { createSpeedFixtures } from "./support/speed-fixtures";
import { startSpeedServer } from "./support/speed-server";
import { measureVerifyThroughput, type VerifyThroughput } from "./support/verify-throughput";

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "10" },
    "round-ms": { type: "string", default: "300" },
    store: { type: "string", default: "embedded" },
    connections: { type: "string", default: "10" },
    only: { type: "string" },
  },
});
const ROUNDS = Number(args.rounds);
const ROUND_MS = Number(args["round-ms"]);
const CONNECTIONS = Number(args.connections);
const STORE = args.store === "upstash" ? "upstash" : "embedded";
const WARM_UP_MS = 1000;
// Rows with a target get three times the rounds. On a shared machine single rounds' ratios spread
// over +-25% around their median, and the median of 30 moves less from run to run than that of 10:
// a verdict then says more about the build than about the minute it ran in.
const TARGET_ROUND_FACTOR = 3;
const roundsFor = (endpoint: Endpoint) =>
  endpoint.minRatio === undefined && endpoint.against === undefined ? ROUNDS : ROUNDS * TARGET_ROUND_FACTOR;
// Budgets of first-load JavaScript, bytes gzipped: the pages a visitor mostly reads get less than
// the ones built around an interaction (chat, wizard, verifier, live dashboard).
const FIRST_LOAD_LIMIT = 150_000;
const FIRST_LOAD_READING_LIMIT = 120_000;
const READING_PAGES = new Set(["/", "/registro", "/test-vectors"]);
const firstLoadLimit = (page: string) => (READING_PAGES.has(page) ? FIRST_LOAD_READING_LIMIT : FIRST_LOAD_LIMIT);
const VERIFY_MIN_RATIO = 0.7;

interface Row {
  name: string;
  rps: number;
  p99: number;
  /** Median over rounds of the endpoint's rate / the health rate next to it. */
  rpsRatio: number;
  /** Median over rounds of the endpoint's p99 / the health p99 next to it (lower is better). */
  p99Ratio: number;
  /** Server CPU per request, as a multiple of health's (steady even on a busy machine). */
  cpuRatio: number;
  minRatio?: number;
  against?: { name: string; minRatio: number };
  failures: number;
}

/**
 * Rounds of the endpoint and of health back to back, alternating which goes first. Each ratio is a
 * median over rounds of the endpoint against the health round next to it, so a burst of load from
 * elsewhere on the machine spoils one pair, not the figure.
 */
async function measure(client: LoadClient, endpoint: Endpoint, allHealth: RoundResult[]): Promise<Row> {
  const rounds = roundsFor(endpoint);
  await prepareFor(endpoint, rounds);
  const sample = await client.sample(endpoint.target);
  const statusOk = (endpoint.target.ok ?? ((s: number) => s === 200))(sample.status);
  const problem = statusOk ? (endpoint.check?.(sample.text()) ?? null) : `status ${sample.status}`;
  if (problem) {
    throw new Error(`${endpoint.name}: the sample answer is not valid (${problem}): ${sample.text().slice(0, 400)}`);
  }
  const limit = roundLimit(endpoint, ROUND_MS);
  await client.round(endpoint.target, roundLimit(endpoint, WARM_UP_MS));
  const health: RoundResult[] = [];
  const own: RoundResult[] = [];
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) health.push(await client.round(HEALTH.target, { durationMs: ROUND_MS }));
    own.push(await client.round(endpoint.target, limit));
    if (r % 2 === 1) health.push(await client.round(HEALTH.target, { durationMs: ROUND_MS }));
  }
  allHealth.push(...health);
  const failures = sum(own, (r) => r.failures) + sum(health, (r) => r.failures);
  const firstFailure = [...own, ...health].find((r) => r.firstFailure)?.firstFailure;
  if (firstFailure) console.error(`  ${endpoint.name}: ${failures} failed requests; first: ${firstFailure}`);
  const pairs = own.map((r, i) => [r, health[i] as RoundResult] as const);
  return {
    name: endpoint.name,
    rps: rate(own),
    p99: p99(own),
    rpsRatio: median(pairs.map(([e, h]) => rate([e]) / rate([h]))),
    p99Ratio: median(pairs.map(([e, h]) => p99([e]) / p99([h]))),
    cpuRatio: cpuPerRequest(own) / cpuPerRequest(health),
    minRatio: endpoint.minRatio,
    against: endpoint.against,
    failures,
  };
}

const verdict = (pass: boolean) => (pass ? "PASS" : "FAIL");

/** Rows compared with another row of the same run: the ratio of their x-health medians. */
function comparisons(rows: Row[]): { row: Row; other: Row; ratio: number; pass: boolean }[] {
  return rows.flatMap((row) => {
    const other = row.against && rows.find((r) => r.name === row.against?.name);
    if (!row.against || !other) return [];
    const ratio = row.rpsRatio / other.rpsRatio;
    return [{ row, other, ratio, pass: ratio >= row.against.minRatio }];
  });
}
const fixed = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : "-");

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)));
  return [header, ...rows].map((cells) => line(cells).join("  ").trimEnd());
}

function report(
  started: Date,
  health: RoundResult[],
  rows: Row[],
  verify: VerifyThroughput,
  firstLoad: FirstLoad[],
): string {
  const out = [
    "",
    `Machine: ${machineLine()}`,
    `Date: ${started.toISOString()}`,
    `Server: node scripts/server.mjs on the ${STORE === "upstash" ? "Upstash protocol (redis-server behind the REST bridge)" : "embedded store"}, loopback; ${CONNECTIONS} connections; per endpoint ${ROUNDS} rounds (${ROUNDS * TARGET_ROUND_FACTOR} for a row with a target) of ${ROUND_MS} ms interleaved with GET /api/health rounds; x health = median over rounds`,
    `GET /api/health, all its rounds: ${Math.round(rate(health))} req/s, p99 ${fixed(p99(health), 1)} ms, server CPU ${fixed(cpuPerRequest(health), 2)} ms per request`,
    "",
  ];
  out.push(
    ...table(
      ["endpoint", "req/s", "x health", "p99 ms", "p99 x", "CPU x", "target"],
      rows.map((r) => [
        r.name,
        fixed(r.rps, 0),
        fixed(r.rpsRatio, 2),
        fixed(r.p99, 1),
        fixed(r.p99Ratio, 1),
        fixed(r.cpuRatio, 1),
        (r.minRatio === undefined ? "" : `>= ${r.minRatio} ${verdict(r.rpsRatio >= r.minRatio)}`) +
          (r.failures > 0 ? ` (${r.failures} failed requests)` : ""),
      ]),
    ),
  );
  const compared = comparisons(rows);
  if (compared.length > 0) {
    out.push("");
    out.push(
      ...table(
        ["endpoint", "against", "x against", "target"],
        compared.map((c) => [
          c.row.name,
          c.other.name,
          fixed(c.ratio, 2),
          `>= ${c.row.against?.minRatio} ${verdict(c.pass)}`,
        ]),
      ),
    );
  }
  out.push("");
  out.push(
    ...table(
      ["audit verification", "entries/s", "x bare loop", "target"],
      [
        [
          `verifyEntries, ${verify.entries.toLocaleString("en-US")} entries`,
          fixed(verify.verifyPerSecond, 0),
          fixed(verify.ratio, 2),
          `>= ${VERIFY_MIN_RATIO} ${verdict(verify.ratio >= VERIFY_MIN_RATIO)}`,
        ],
        ["bare loop: JCS + HMAC-SHA256 + SHA-256", fixed(verify.barePerSecond, 0), "1.00", ""],
      ],
    ),
  );
  out.push("");
  out.push(
    ...table(
      ["first-load JavaScript", "scripts", "kB gzip", "target"],
      firstLoad.map((f, i) => [
        PAGES[i] as string,
        String(f.scripts),
        fixed(f.gzipBytes / 1000, 1),
        `< ${firstLoadLimit(PAGES[i] as string) / 1000} ${verdict(f.gzipBytes < firstLoadLimit(PAGES[i] as string))}`,
      ]),
    ),
  );
  return out.join("\n");
}

async function main() {
  const started = new Date();
  process.stderr.write(`Speed suite on ${machineLine()}\n  audit verification throughput\n`);
  // In-process first, while no server competes for the cores.
  const verify = measureVerifyThroughput();

  const redis = STORE === "upstash" ? await startRedisServer() : null;
  const bridge = redis ? await startBridgeProcess(redis.url) : null;
  const server = await startSpeedServer({
    connections: CONNECTIONS,
    env: bridge
      ? { ...upstashSecrets(), UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token }
      : {},
  });
  const { base, recordOrigin, cronSecret, client } = server;
  try {
    process.stderr.write("  fixtures (a 100-entry session, a certified record)\n");
    const fixtures = await createSpeedFixtures(base, recordOrigin);
    const firstLoad: FirstLoad[] = [];
    for (const page of PAGES) firstLoad.push(await firstLoadJs(base, page.replace("{id}", fixtures.sessionId)));

    const endpoints = speedEndpoints({ base, recordOrigin, cronSecret, fixtures }).filter(
      (e) => !args.only || args.only.split(",").some((part) => e.name.includes(part)),
    );
    await client.round(HEALTH.target, { durationMs: WARM_UP_MS });
    const health: RoundResult[] = [];
    const rows: Row[] = [];
    for (const endpoint of endpoints) {
      process.stderr.write(`  ${endpoint.name}\n`);
      rows.push(await measure(client, endpoint, health));
    }
    console.log(report(started, health, rows, verify, firstLoad));
    const missed =
      verify.ratio < VERIFY_MIN_RATIO ||
      rows.some((r) => r.failures > 0 || (r.minRatio !== undefined && r.rpsRatio < r.minRatio)) ||
      comparisons(rows).some((c) => !c.pass) ||
      firstLoad.some((f, i) => f.gzipBytes >= firstLoadLimit(PAGES[i] as string));
    process.exitCode = missed ? 1 : 0;
  } finally {
    await server.stop();
    await bridge?.stop();
    await redis?.dispose();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
