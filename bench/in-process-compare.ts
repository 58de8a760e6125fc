// Two checkouts' valid incorporations in process, CPU per call, run by hand:
//   npx tsx bench/in-process-compare.ts --base-root ../base [--runs 8 --warm 500 --count 3000]
// On a shared virtual machine one process's CPU per call moves by 10 to 20 % from the next, and a
// comparison over HTTP (bench:compare) adds Next's share to both sides, so a change to the write
// path worth a few percent is lost in either. Here each run is a fresh process on a fresh store
// (bench/support/incorporate-in-process.ts), `--warm` calls first, then `--count` measured by the
// process's own CPU clock (user and system: the store's writes and syncs count); the two checkouts
// take turns, which goes first alternating, and the medians over `--runs` each are compared.
// The base runs its own code and fixtures from its own checkout (with its own node_modules).
import { execFile } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { median } from "./support/round-stats";

const CHILD = "SIA_IN_PROCESS_CHILD";

async function child(): Promise<void> {
  const { incorporateInProcess } = await import("./support/incorporate-in-process");
  const [warm, count] = [Number(process.env.SIA_WARM), Number(process.env.SIA_COUNT)];
  const calls = await incorporateInProcess(process.cwd());
  await calls.run(0, warm);
  const before = process.cpuUsage();
  await calls.run(warm, warm + count);
  const used = process.cpuUsage(before);
  calls.close();
  console.log(JSON.stringify({ cpuUs: (used.user + used.system) / count }));
  process.exit(0);
}

/** One run of `root`'s code in a process of its own: CPU µs per measured call. */
function measured(root: string, warm: number, count: number): Promise<number> {
  const env = {
    ...process.env,
    [CHILD]: "1",
    SIA_WARM: String(warm),
    SIA_COUNT: String(count),
    NODE_ENV: "production" as const,
  };
  return new Promise((resolve, reject) => {
    // Run from `root`, so that its node_modules and tsconfig resolve its code.
    execFile(process.execPath, ["--import", "tsx", import.meta.filename], { cwd: root, env }, (err, stdout, stderr) => {
      const line = stdout.trim().split("\n").at(-1) ?? "";
      if (err) reject(new Error(`a run in ${root} failed: ${err.message}\n${stderr.slice(-2000)}`));
      else resolve((JSON.parse(line) as { cpuUs: number }).cpuUs);
    });
  });
}

if (process.env[CHILD]) {
  await child();
} else {
  const { values } = parseArgs({
    options: {
      "base-root": { type: "string" },
      runs: { type: "string", default: "8" },
      warm: { type: "string", default: "500" },
      count: { type: "string", default: "3000" },
    },
  });
  const [runs, warm, count] = [Number(values.runs), Number(values.warm), Number(values.count)];
  const counts = [runs, warm, count];
  if (!values["base-root"] || !counts.every((n) => Number.isSafeInteger(n) && n >= 0) || runs < 1 || count < 1) {
    console.error("usage: npx tsx bench/in-process-compare.ts --base-root DIR [--runs N --warm N --count N]");
    process.exit(2);
  }
  const sides = [
    { label: "base", root: path.resolve(values["base-root"]), cpu: [] as number[] },
    { label: "this checkout", root: path.resolve(import.meta.dirname, ".."), cpu: [] as number[] },
  ];
  for (let run = 0; run < runs; run++) {
    for (const side of run % 2 === 0 ? sides : [...sides].reverse())
      side.cpu.push(await measured(side.root, warm, count));
    process.stderr.write(
      `run ${run + 1}/${runs}: ${sides.map((s) => (s.cpu.at(-1) as number).toFixed(0)).join(" and ")} µs\n`,
    );
  }
  const [base, mine] = sides.map((s) => median(s.cpu)) as [number, number];
  console.log(`CPU per valid incorporation in process, median of ${runs} runs of ${count} calls after ${warm}:`);
  for (const side of sides) {
    const sorted = [...side.cpu].sort((a, b) => a - b).map((v) => v.toFixed(0));
    console.log(`  ${side.label.padEnd(14)} ${median(side.cpu).toFixed(0)} µs (runs ${sorted.join(", ")})`);
  }
  console.log(`  this checkout against the base: ${(mine / base).toFixed(3)} of its CPU per call`);
}
