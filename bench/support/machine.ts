import os from "node:os";

/** "CPU model, N cores, Node vX" for the header of every result. */
export function machineLine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim().replace(/\s+/g, " ") ?? "unknown CPU";
  return `${model}, ${cpus.length} cores, Node ${process.version}, ${os.platform()} ${os.release()}`;
}
