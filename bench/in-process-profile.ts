// Where a valid incorporation's CPU goes, in process, run by hand:
//   npx tsx bench/in-process-profile.ts [--root ../base --warm 500 --count 4000 --top 40 --match audit]
// The same incorporations as bench/in-process-compare.ts (10 at a time, no HTTP, no Next), with
// V8's sampling profiler on for the measured calls only. Prints, per call, each function's own time
// and the time spent in it and everything it called ("inclusive"), for the functions of the
// checkout (`lib/`, `packages/`) and the garbage collector. Run it on two checkouts to see which
// parts make up the difference between them. `--root` runs another checkout's code (with its own
// node_modules), as in-process-compare does; run it from there: `cd ../base && npx tsx
// <this checkout>/bench/in-process-profile.ts --root .`.
import path from "node:path";
import { type CallFrame, type CpuProfile, functionTimes } from "./support/cpu-profile";
import { inProcessArgs, profiledInProcess } from "./support/in-process-session";

const run = inProcessArgs("in-process-profile.ts", { warm: 500, count: 4000 }, true);
const { root, warm, count, top } = run;
const profile = await profiledInProcess(
  run,
  async (session) => {
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 100 });
    await session.post("Profiler.start");
  },
  async (session) => ((await session.post("Profiler.stop")) as unknown as { profile: CpuProfile }).profile,
);

/** A function's name and where it is, relative to the checkout: one row per name and file. */
function nameOf({ functionName, url }: CallFrame): string {
  const file = url.startsWith("file://") ? path.relative(root, new URL(url).pathname) : url;
  return `${functionName || "(anonymous)"}${file ? ` ${file}` : ""}`;
}

const { busy, own, inclusive } = functionTimes(profile, nameOf);

const ours = (name: string) =>
  (name.includes(" lib/") || name.includes(" packages/") || name.startsWith("(garbage collector)")) &&
  (!run.match || name.includes(run.match));
const perCall = (us: number) => (us / count).toFixed(1).padStart(7);
console.log(`${root}: ${count} valid incorporations after ${warm}, µs a call on the main thread`);
console.log(`busy ${perCall(busy)} (idle left out; garbage collection on helper threads not seen)`);
console.log(" inclusive   own  function");
for (const [name, us] of [...inclusive]
  .filter(([name]) => ours(name))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top)) {
  console.log(`${perCall(us)} ${perCall(own.get(name) ?? 0)}  ${name}`);
}
process.exit(0);
