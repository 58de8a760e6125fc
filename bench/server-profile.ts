// Where two builds' servers spend their main thread on one endpoint, function by function, run by
// hand:
//   NEXT_SERVER_MINIFY=0 NEXT_DIST_DIR=.next-prof npm run build      (and the same for the other)
//   NEXT_DIST_DIR=.next-prof npx tsx bench/server-profile.ts --base .next-prof --base-root ../base \
//     --only valid [--warm 500 --count 5000 --top 40 --own]
// bench:compare says by how much one build is slower; this says where. Both servers run at once
// with V8's CPU profiler (`--cpu-prof`), each takes `--warm` requests, then `--count` measured ones
// from 10 connections in `--rounds` (10) turns, the two servers alternating as in bench:compare, so
// that the machine's drift falls on both. Only the samples taken during a server's own measured
// turns count (the profile's clock is the machine's monotonic clock, which this process reads
// too). Each function's time is printed per request, for both builds, largest difference first:
// inclusive by default, or its own time with `--own`. Bundled chunk names are left out, so that the
// same function matches across builds; with minified builds (NEXT_SERVER_MINIFY unset) most names
// are not ours to read.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type CallFrame, type CpuProfile, functionTimes } from "./support/cpu-profile";
import { type Endpoint, speedEndpoints } from "./support/speed-endpoints";
import { createSpeedFixtures } from "./support/speed-fixtures";
import { type SpeedServer, startSpeedServer } from "./support/speed-server";

const { values: args } = parseArgs({
  options: {
    base: { type: "string" },
    "base-root": { type: "string" },
    only: { type: "string" },
    warm: { type: "string", default: "500" },
    count: { type: "string", default: "5000" },
    rounds: { type: "string", default: "10" },
    top: { type: "string", default: "40" },
    own: { type: "boolean", default: false },
  },
});
const [warm, count, rounds, top] = [args.warm, args.count, args.rounds, args.top].map(Number) as [
  number,
  number,
  number,
  number,
];
if (!args.base || !args.only || ![warm, count, rounds, top].every((n) => Number.isSafeInteger(n) && n > 0)) {
  console.error(
    "usage: npx tsx bench/server-profile.ts --base <dist dir of the other build> [--base-root DIR] --only <row name> [--warm N --count N --rounds N --top N --own]",
  );
  process.exit(2);
}

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** A function's name and where it is, the same in both builds: bundles' chunk names are dropped. */
function nameOf(frame: CallFrame): string {
  const where = frame.url
    .replace(/^file:\/\/\/.*?\/node_modules\//, "")
    .replace(/^file:\/\/\/.*\/\.next[^/]*\/server\/chunks\/.*$/, "")
    .replace(/^file:\/\/\/.*?\/(scripts|lib|packages)\//, "$1/");
  return `${frame.functionName || "(anonymous)"}${where ? ` ${where}` : ""}`;
}

/** A stretch of the monotonic clock, in µs: one measured turn of a server. */
type Window = [from: number, to: number];

/** A build's server under the profiler, with the row it is measured on. */
interface Side {
  label: string;
  dir: string;
  server: SpeedServer;
  endpoint: Endpoint;
  windows: Window[];
  requests: number;
  mainCpuMs: number;
}

async function start(label: string, distDir: string | undefined, root: string | undefined): Promise<Side> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sia-server-profile-"));
  // startApp passes SERVER_NODE_ARGS to the server it starts (tests/support/app-server.ts).
  process.env.SERVER_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${dir}`;
  const server = await startSpeedServer({ connections: 10, distDir, root });
  delete process.env.SERVER_NODE_ARGS;
  const fixtures = await createSpeedFixtures(server.base, server.recordOrigin);
  const endpoint = speedEndpoints({ ...server, fixtures }).find((e) => e.name.includes(args.only as string));
  if (!endpoint) {
    await server.stop();
    throw new Error(`no speed-suite row is named like "${args.only}"`);
  }
  await endpoint.prepare?.(warm + count + 1);
  await server.client.round(endpoint.target, { requests: warm });
  return { label, dir, server, endpoint, windows: [], requests: 0, mainCpuMs: 0 };
}

async function turn(side: Side, requests: number): Promise<void> {
  const from = monotonicUs();
  const round = await side.server.client.round(side.endpoint.target, { requests });
  side.windows.push([from, monotonicUs()]);
  if (round.failures > 0) throw new Error(`${side.label}: ${side.endpoint.name}: ${round.firstFailure}`);
  side.requests += round.requests;
  side.mainCpuMs += round.serverMainCpuMs;
}

/** Stops the server (its profile is written as it exits) and reads its times a measured request. */
async function finish(side: Side): Promise<Map<string, number>> {
  process.kill(side.server.app.pid, "SIGTERM");
  for (let waited = 0; waited < 30_000 && !fs.readdirSync(side.dir).some((f) => f.endsWith(".cpuprofile")); ) {
    await new Promise((r) => setTimeout(r, 200));
    waited += 200;
  }
  await new Promise((r) => setTimeout(r, 1000)); // the file is written before the process ends
  await side.server.stop();
  const file = fs.readdirSync(side.dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error(`${side.label}: the server wrote no CPU profile`);
  const profile = JSON.parse(fs.readFileSync(path.join(side.dir, file), "utf8")) as CpuProfile;
  fs.rmSync(side.dir, { recursive: true, force: true });
  const inWindows = (at: number) => side.windows.some(([from, to]) => at >= from && at <= to);
  const times = functionTimes(profile, nameOf, inWindows);
  return new Map([...(args.own ? times.own : times.inclusive)].map(([name, us]) => [name, us / side.requests]));
}

const baseRoot = args["base-root"] ? path.resolve(args["base-root"]) : undefined;
const sides: Side[] = [];
const perRequest: Map<string, number>[] = [];
try {
  sides.push(await start("base", args.base, baseRoot));
  sides.push(await start("this build", undefined, undefined));
  for (let r = 0; r < rounds; r++) {
    const requests = Math.floor(count / rounds) + (r < count % rounds ? 1 : 0);
    for (const side of r % 2 === 0 ? sides : [...sides].reverse()) await turn(side, requests);
  }
  for (const side of sides) perRequest.push(await finish(side));
} catch (err) {
  for (const side of sides) await side.server.stop();
  throw err;
}
const [base, own] = sides as [Side, Side];
const [baseTimes, ownTimes] = perRequest as [Map<string, number>, Map<string, number>];
const mainMs = (side: Side) => (side.mainCpuMs / side.requests).toFixed(3);
console.log(
  `${own.endpoint.name}: ${count} requests after ${warm}, main-thread CPU a request (ms, under the profiler):`,
);
console.log(`  base ${mainMs(base)}, this build ${mainMs(own)}`);
console.log(`µs a request under the profiler (${args.own ? "own time" : "inclusive"}), largest difference first:`);
console.log("   diff   this   base  function");
const names = new Set([...baseTimes.keys(), ...ownTimes.keys()]);
const rows = [...names].map((name) => {
  const [b, o] = [baseTimes.get(name) ?? 0, ownTimes.get(name) ?? 0];
  return { name, b, o, diff: o - b };
});
rows.sort((x, y) => Math.abs(y.diff) - Math.abs(x.diff));
const us = (n: number) => n.toFixed(1).padStart(6);
for (const r of rows.slice(0, top)) console.log(`${us(r.diff)} ${us(r.o)} ${us(r.b)}  ${r.name}`);
process.exit(0);
