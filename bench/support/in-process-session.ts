// What bench/in-process-profile.ts and bench/in-process-allocations.ts share: their arguments, and
// the in-process incorporations run with one of V8's inspector profilers on for the measured calls.
import { Session } from "node:inspector/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { incorporateInProcess } from "./incorporate-in-process";

export interface InProcessRun {
  /** The checkout whose code runs. */
  root: string;
  warm: number;
  count: number;
  top: number;
  /** `--match`, where the tool takes it. */
  match?: string;
}

/** The tool's arguments (`--root --warm --count --top`, and `--match` when asked for); exits with usage on bad ones. */
export function inProcessArgs(
  tool: string,
  defaults: { warm: number; count: number },
  withMatch = false,
): InProcessRun {
  const { values } = parseArgs({
    options: {
      root: { type: "string", default: "." },
      warm: { type: "string", default: String(defaults.warm) },
      count: { type: "string", default: String(defaults.count) },
      top: { type: "string", default: "40" },
      ...(withMatch ? { match: { type: "string" as const } } : {}),
    },
  });
  const [warm, count, top] = [Number(values.warm), Number(values.count), Number(values.top)];
  if (![warm, count, top].every((n) => Number.isSafeInteger(n) && n >= 0) || count < 1) {
    console.error(
      `usage: npx tsx bench/${tool} [--root DIR --warm N --count N --top N${withMatch ? " --match TEXT" : ""}]`,
    );
    process.exit(2);
  }
  // As the server runs (in-process-compare sets it for its children the same way).
  (process.env as Record<string, string>).NODE_ENV = "production";
  const match = (values as { match?: string }).match;
  return { root: path.resolve(values.root as string), warm, count, top, ...(match ? { match } : {}) };
}

/**
 * Makes `run.warm` incorporations, then `run.count` more between `start` and `stop` (which turn a
 * profiler on and off through the session), and answers what `stop` read.
 */
export async function profiledInProcess<T>(
  run: InProcessRun,
  start: (session: Session) => Promise<unknown>,
  stop: (session: Session) => Promise<T>,
): Promise<T> {
  const calls = await incorporateInProcess(run.root);
  await calls.run(0, run.warm);
  const session = new Session();
  session.connect();
  await start(session);
  await calls.run(run.warm, run.warm + run.count);
  const result = await stop(session);
  session.disconnect();
  calls.close();
  return result;
}
