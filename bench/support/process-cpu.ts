import fs from "node:fs";

const TICK_MS = 10; // Linux reports CPU time in clock ticks of 1/100 s (getconf CLK_TCK)

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc; NaN where there is no
 * /proc. Unlike throughput, it barely moves when other work competes for the cores.
 */
export function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}
