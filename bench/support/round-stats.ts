import { percentile, type RoundResult } from "./http-load";

export const sum = (rs: RoundResult[], f: (r: RoundResult) => number) => rs.reduce((a, r) => a + f(r), 0);

/** Requests per second over the rounds. */
export const rate = (rs: RoundResult[]) => sum(rs, (r) => r.requests) / sum(rs, (r) => r.seconds);

export const p99 = (rs: RoundResult[]) =>
  percentile(
    rs.flatMap((r) => r.latenciesMs),
    0.99,
  );

/** Server CPU time per request over the rounds, in ms. */
export const cpuPerRequest = (rs: RoundResult[]) => sum(rs, (r) => r.serverCpuMs) / sum(rs, (r) => r.requests);

/** The same for the server's main thread alone. */
export const mainCpuPerRequest = (rs: RoundResult[]) => sum(rs, (r) => r.serverMainCpuMs) / sum(rs, (r) => r.requests);

export const median = (xs: number[]) => percentile(xs, 0.5);
