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
import { inProcessArgs, profiledInProcess } from "./support/in-process-session";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const run = inProcessArgs("in-process-profile.ts", { warm: 500, count: 4000 }, true);
const { root, warm, count, top } = run;
const profile = await profiledInProcess(
  run,
  async (session) => {
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 100 });
    await session.post("Profiler.start");
  },
  async (session) => ((await session.post("Profiler.stop")) as unknown as { profile: Profile }).profile,
);

/** A function's name and where it is, relative to the checkout: one row per name and file. */
function nameOf(node: ProfileNode): string {
  const { functionName, url } = node.callFrame;
  const file = url.startsWith("file://") ? path.relative(root, new URL(url).pathname) : url;
  return `${functionName || "(anonymous)"}${file ? ` ${file}` : ""}`;
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
const own = new Map<string, number>();
const inclusive = new Map<string, number>();
let busy = 0;
for (const [i, id] of profile.samples.entries()) {
  const node = byId.get(id) as ProfileNode;
  if (node.callFrame.functionName === "(idle)") continue;
  const us = profile.timeDeltas[i] ?? 0;
  busy += us;
  own.set(nameOf(node), (own.get(nameOf(node)) ?? 0) + us);
  // Each name once per sample, however often it recurs on the stack.
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const name = nameOf(byId.get(at) as ProfileNode);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  }
}

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
