// Two builds of this checkout side by side, run by hand: does a change make an endpoint faster
// relative to GET /api/health? On a shared machine one run's figures move by more than most changes
// do, so both servers run at once and take turns: every round measures health and the endpoint on
// one build, then on the other (which goes first alternates), and the figures compared are medians
// over those paired rounds. The CPU per request of health and of the endpoint is printed too: the two
// servers share the machine at the same time, so it also compares the builds in absolute terms. Its
// main thread's share comes last, over all rounds together (a round is a few dozen of Linux's 10 ms
// ticks): the rate follows it, and work moved into the thread pool or onto V8's helper threads
// leaves it while the process's total keeps it.
//
//   git stash && NEXT_DIST_DIR=.next-base npm run build && git checkout tsconfig.json && git stash pop
//   npm run build
//   npm run bench:compare -- --base .next-base --only valid,badge [--rounds 16 --round-ms 300]
//
// "This build" is the one in NEXT_DIST_DIR (.next when unset). Files the server reads at run time
// (schemas, public/) come from the working tree for both builds. `--base-root DIR` runs the base
// from another checkout (a worktree of an older commit, with its own npm ci and build), with that
// checkout's server script and files: a build of an older commit may not run under this one's.
//
//   git worktree add ../base <commit> && (cd ../base && npm ci && NEXT_DIST_DIR=.next-base npm run build)
//   npm run bench:compare -- --base-root ../base --base .next-base --only valid
import path from "node:path";
import { parseArgs } from "node:util";
import type { RoundResult } from "./support/http-load";
import { cpuPerRequest, mainCpuPerRequest, median, rate } from "./support/round-stats";
import { type Endpoint, HEALTH, prepareFor, roundLimit, speedEndpoints } from "./support/speed-endpoints";
import { createSpeedFixtures } from "./support/speed-fixtures";
import { type SpeedServer, startSpeedServer } from "./support/speed-server";

const { values: args } = parseArgs({
  options: {
    base: { type: "string" },
    "base-root": { type: "string" },
    only: { type: "string" },
    rounds: { type: "string", default: "16" },
    "round-ms": { type: "string", default: "300" },
  },
});
if (!args.base || !args.only) {
  console.error("usage: npm run bench:compare -- --base <dist dir of the other build> --only <row names>");
  process.exit(2);
}
const ROUNDS = Number(args.rounds);
const ROUND_MS = Number(args["round-ms"]);
const WARM_UP_MS = 2000;

interface Side {
  label: string;
  server: SpeedServer;
  endpoints: Endpoint[];
  /** This endpoint's paired rounds so far: health, then the endpoint. */
  pairs: { health: RoundResult; own: RoundResult }[];
}

async function side(label: string, distDir: string | undefined, root?: string): Promise<Side> {
  const server = await startSpeedServer({ connections: 10, distDir, root });
  const fixtures = await createSpeedFixtures(server.base, server.recordOrigin);
  const endpoints = speedEndpoints({ ...server, fixtures }).filter((e) =>
    (args.only as string).split(",").some((part) => e.name.includes(part)),
  );
  return { label, server, endpoints, pairs: [] };
}

/** One paired round on one build: health, then the endpoint. */
async function pairedRound(s: Side, endpoint: Endpoint): Promise<void> {
  const health: RoundResult = await s.server.client.round(HEALTH.target, { durationMs: ROUND_MS });
  const own = await s.server.client.round(endpoint.target, roundLimit(endpoint, ROUND_MS));
  if (own.failures > 0) throw new Error(`${s.label}: ${endpoint.name}: ${own.firstFailure}`);
  s.pairs.push({ health, own });
}

/** The median over a side's paired rounds of `f` of one pair. */
const medianOf = (s: Side, f: (pair: Side["pairs"][number]) => number) => median(s.pairs.map(f));

async function main() {
  const sides: Side[] = [];
  try {
    // One after the other, inside the try: a second server that fails to start stops the first.
    const baseRoot = args["base-root"] ? path.resolve(args["base-root"]) : undefined;
    sides.push(await side(`base (${baseRoot ? `${baseRoot}/` : ""}${args.base})`, args.base, baseRoot));
    sides.push(await side("this build", undefined));
    const count = sides[0]?.endpoints.length ?? 0;
    for (let e = 0; e < count; e++) {
      const name = sides[0]?.endpoints[e]?.name as string;
      process.stderr.write(`  ${name}\n`);
      for (const s of sides) {
        const endpoint = s.endpoints[e] as Endpoint;
        await prepareFor(endpoint, ROUNDS);
        await s.server.client.round(endpoint.target, roundLimit(endpoint, WARM_UP_MS));
        s.pairs = [];
      }
      for (let r = 0; r < ROUNDS; r++) {
        for (const s of r % 2 === 0 ? sides : [...sides].reverse()) await pairedRound(s, s.endpoints[e] as Endpoint);
      }
      const perRound = sides[0]?.endpoints[e]?.requestsPerRound;
      console.log(
        `\n${name}: median over ${ROUNDS} paired rounds of ${perRound ? `${perRound} requests` : `${ROUND_MS} ms`}`,
      );
      // Each build's figures once: printed per build, then set against each other.
      const figures = sides.map((s) => {
        const ratios = s.pairs.map((p) => rate([p.own]) / rate([p.health])).sort((a, b) => a - b);
        return {
          s,
          ratios,
          xHealth: median(ratios),
          rate: rate(s.pairs.map((p) => p.own)),
          mainCpu: mainCpuPerRequest(s.pairs.map((p) => p.own)),
        };
      });
      for (const { s, ratios, xHealth, mainCpu } of figures) {
        const spread = `${ratios[0]?.toFixed(2)}-${ratios.at(-1)?.toFixed(2)}`;
        const cpuRatio = medianOf(s, (p) => cpuPerRequest([p.own]) / cpuPerRequest([p.health]));
        console.log(
          `  ${s.label.padEnd(24)} x health ${xHealth.toFixed(3)} (rounds ${spread})  CPU x ${cpuRatio.toFixed(2)}` +
            `  CPU ms/request: health ${medianOf(s, (p) => cpuPerRequest([p.health])).toFixed(3)}, endpoint ${medianOf(s, (p) => cpuPerRequest([p.own])).toFixed(3)}` +
            `  main thread ${mainCpuPerRequest(s.pairs.map((p) => p.health)).toFixed(3)}, ${mainCpu.toFixed(3)}`,
        );
      }
      // The same comparison three ways: x health (which cancels the machine's speed but also any
      // change to health itself), the endpoint's own rate over all rounds (the two servers take
      // turns, so an hour's drift falls on both), and main-thread CPU per request.
      const [base, own] = figures;
      if (base && own) {
        console.log(
          `  this build against the base: x health ${(own.xHealth / base.xHealth).toFixed(3)}, ` +
            `requests/s ${(own.rate / base.rate).toFixed(3)}, main-thread CPU ${(base.mainCpu / own.mainCpu).toFixed(3)} (inverse)`,
        );
      }
    }
  } finally {
    for (const s of sides) await s.server.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
