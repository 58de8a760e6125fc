import fs from "node:fs";

const TICK_MS = 10; // Linux reports CPU time in clock ticks of 1/100 s (getconf CLK_TCK)

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc; NaN where there is no
 * /proc. Unlike throughput, it barely moves when other work competes for the cores.
 */
export const processCpuMs = (pid: number): number => cpuMsIn(`/proc/${pid}/stat`);

/**
 * The same for the process's main thread alone (its thread id is the process id): the thread that
 * runs a Node server's JavaScript, so the one whose time bounds its rate. Work in libuv's thread
 * pool (disk syncs, pool signatures) and V8's helper threads (most of the young collections) is not
 * in it.
 */
export const mainThreadCpuMs = (pid: number): number => cpuMsIn(`/proc/${pid}/task/${pid}/stat`);

function cpuMsIn(statFile: string): number {
  try {
    const stat = fs.readFileSync(statFile, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}
