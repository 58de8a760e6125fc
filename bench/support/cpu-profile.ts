// A V8 CPU profile (Profiler.stop's answer, or a `--cpu-prof` file) read as time per function, for
// the profiling tools in bench/.

export interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  /** Microseconds on the machine's monotonic clock (as process.hrtime reads it), for `--cpu-prof`. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface CallFrame {
  functionName: string;
  url: string;
}

export interface FunctionTimes {
  /** µs of samples counted, idle left out. */
  busy: number;
  /** µs each name was on top of the stack. */
  own: Map<string, number>;
  /** µs each name was anywhere on the stack, once per sample however often it recurs there. */
  inclusive: Map<string, number>;
}

/**
 * Each function's time by `nameOf` its frame (functions of one name add up), over the samples taken
 * when `counts` (given a sample's time on the profile's clock) says so: all of them by default.
 */
export function functionTimes(
  profile: CpuProfile,
  nameOf: (frame: CallFrame) => string,
  counts: (at: number) => boolean = () => true,
): FunctionTimes {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const times: FunctionTimes = { busy: 0, own: new Map(), inclusive: new Map() };
  let at = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === "(idle)" || !counts(at)) continue;
    times.busy += us;
    const top = nameOf(node.callFrame);
    times.own.set(top, (times.own.get(top) ?? 0) + us);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parentOf.get(n)) {
      const name = nameOf((byId.get(n) as CpuProfile["nodes"][number]).callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      times.inclusive.set(name, (times.inclusive.get(name) ?? 0) + us);
    }
  }
  return times;
}
