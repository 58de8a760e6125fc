// What a valid incorporation allocates, in process, run by hand:
//   npx tsx bench/in-process-allocations.ts [--root ../base --warm 1000 --count 2000 --top 40]
// The same incorporations as bench/in-process-profile.ts, with V8's sampling heap profiler on for
// the measured calls only, counting objects the garbage collector has already taken as well as
// those still alive. Prints the bytes allocated per call in all, then per function: allocated by
// the function itself ("own", built-ins such as `join` count as their own rows) and by it and all
// it called ("inclusive"). Why it matters: under load, the server's young-generation collections
// come once per so many megabytes allocated, and each costs the main thread and V8's helper
// threads about the same whatever was allocated, so every kilobyte a request allocates costs it
// CPU time (docs/performance.md, "Allocation is CPU"). Run from another checkout as
// in-process-profile.ts is: `cd ../base && npx tsx <this checkout>/bench/in-process-allocations.ts --root .`.
import path from "node:path";
import { inProcessArgs, profiledInProcess } from "./support/in-process-session";

interface SampledNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: SampledNode[];
}

const { root, warm, count, top } = inProcessArgs("in-process-allocations.ts", { warm: 1000, count: 2000 });
const profile = await profiledInProcess(
  { root, warm, count, top },
  async (session) => {
    await session.post("HeapProfiler.enable");
    await session.post("HeapProfiler.startSampling", {
      samplingInterval: 512,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  },
  async (session) =>
    ((await session.post("HeapProfiler.stopSampling")) as unknown as { profile: { head: SampledNode } }).profile,
);

function nameOf(node: SampledNode): string {
  const { functionName, url } = node.callFrame;
  const file = url.startsWith("file://") ? path.relative(root, new URL(url).pathname) : url;
  return `${functionName || "(anonymous)"}${file ? ` ${file}` : ""}`;
}

const own = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
/** Adds `node`'s subtree; a name recurring on its own stack counts once in its inclusive bytes. */
function walk(node: SampledNode, onStack: Set<string>): number {
  const name = nameOf(node);
  own.set(name, (own.get(name) ?? 0) + node.selfSize);
  total += node.selfSize;
  const first = !onStack.has(name);
  if (first) onStack.add(name);
  let bytes = node.selfSize;
  for (const child of node.children) bytes += walk(child, onStack);
  if (first) {
    onStack.delete(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + bytes);
  }
  return bytes;
}
walk(profile.head, new Set());

const kb = (bytes: number) => (bytes / count / 1024).toFixed(2).padStart(8);
console.log(`${root}: ${count} valid incorporations after ${warm}, kB allocated a call`);
console.log(`in all ${kb(total)}`);
console.log("      own inclusive  function");
for (const [name, bytes] of [...own].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  if (name.startsWith("(root)")) continue;
  console.log(`${kb(bytes)} ${kb(inclusive.get(name) ?? 0)}  ${name}`);
}
process.exit(0);
