// Instructions per valid incorporation, counted by valgrind's callgrind, run by hand:
//   npx tsx bench/instructions.ts [--warm 300] [--count 1000]
// On a shared virtual machine the CPU time of one request moves by 10 to 30 % from one run to the
// next, which hides any change smaller than that. Instructions executed do not move with the load:
// this counts them for incorporations called in process (lib/incorporation, the audit append, the
// transparency log and the embedded store, 10 at a time; no HTTP and no Next), and so tells apart
// two versions of that code that differ by 1 %. What it cannot see: system calls (the store's
// writes and disk syncs), and what the HTTP server and Next add around a route (bench/run.ts).
//
// Two processes run under callgrind at once, both with `--warm` incorporations first; one then makes
// `--count` more. The difference of their totals over `--count` is the steady-state cost of one
// incorporation, start-up and warm-up cancelling out. Needs valgrind (Debian's package).
import { execFile } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { incorporateInProcess } from "./support/incorporate-in-process";

const CHILD = "SIA_INSTRUCTIONS_CHILD";

async function child(total: number): Promise<void> {
  const calls = await incorporateInProcess(path.resolve(import.meta.dirname, ".."));
  await calls.run(0, total);
  calls.close();
  process.exit(0);
}

/** Total instructions of one process making `total` incorporations under callgrind. */
function counted(total: number): Promise<number> {
  const args = ["--tool=callgrind", "--callgrind-out-file=/dev/null", "--smc-check=all-non-file"];
  args.push(process.execPath, "--import", "tsx", import.meta.filename);
  return new Promise((resolve, reject) => {
    const env = { ...process.env, [CHILD]: String(total), NODE_ENV: "production" as const };
    execFile("valgrind", args, { env, maxBuffer: 16 * 1024 * 1024 }, (err, _stdout, stderr) => {
      const collected = /Collected : (\d+)/.exec(stderr);
      if (err || !collected) reject(new Error(`callgrind run failed: ${err?.message ?? ""}\n${stderr.slice(-2000)}`));
      else resolve(Number(collected[1]));
    });
  });
}

if (process.env[CHILD]) {
  await child(Number(process.env[CHILD]));
} else {
  const { values } = parseArgs({
    options: { warm: { type: "string", default: "300" }, count: { type: "string", default: "1000" } },
  });
  const warm = Number(values.warm);
  const count = Number(values.count);
  if (!(Number.isSafeInteger(warm) && warm >= 0 && Number.isSafeInteger(count) && count > 0)) {
    console.error("usage: npx tsx bench/instructions.ts [--warm N] [--count N>0]");
    process.exit(2);
  }
  const started = Date.now();
  const [short, long] = await Promise.all([counted(warm), counted(warm + count)]);
  const perCall = (long - short) / count;
  console.log(
    `${(perCall / 1e6).toFixed(3)} M instructions per valid incorporation (in process, embedded store; ` +
      `${warm} warm-up calls, difference over ${count} more; ${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
}
