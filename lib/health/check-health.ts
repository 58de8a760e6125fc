import pkg from "../../package.json" with { type: "json" };
import { type PlayModelInfo, playModelInfo } from "../play/model";
import { getStore } from "../store";
import { isStoreUnavailable, StoreUnavailableError } from "../store/types";
import { logStall } from "../tlog/log-stall";
import { type WitnessesReport, witnessesReport } from "../tlog/witness-report";

export interface Health {
  /** false exactly when `status` is degraded. */
  ok: boolean;
  /**
   * degraded: the service answers, but its log is not trustworthy as served: a configured witness
   * refuses it (a fork, or a witness that does not know it) or the integrator stalled. Still a 200:
   * the process is alive and a restart would change nothing.
   */
  status: "ok" | "degraded";
  /** Why it is degraded, each reason in full; absent when ok. */
  problems?: string[];
  store: "embedded" | "upstash";
  /** The embedded store's log file, in bytes: what a restart reads (docs/performance.md). */
  storeBytes?: number;
  version: string;
  /** The demo agent's model source and model (never a key or a server address). */
  play: PlayModelInfo;
  /** The transparency log's witnesses (TLOG_WITNESSES), when configured: which are behind, by how much. */
  witnesses?: WitnessesReport;
  /** Whether this process's integrator refuses the store's log (log-stall.ts), and why. */
  log: { state: "integrating" | "stalled"; reason?: string; since?: string };
}

/** Pings the store for real; throws StoreUnavailableError (a 503) when it does not answer. */
export async function checkHealth(): Promise<Health> {
  const store = getStore();
  try {
    await store.ping();
  } catch (err) {
    if (isStoreUnavailable(err)) throw err;
    throw new StoreUnavailableError((err as Error).message);
  }
  const commit = process.env.VERCEL_GIT_COMMIT_SHA?.slice(0, 7);
  const witnesses = await witnessesReport(store);
  const stall = logStall(store);
  const problems = [
    ...(witnesses?.witnesses ?? [])
      .filter((w) => w.state === "refused")
      .map((w) => `witness ${w.name} (${w.url}) refuses this log's checkpoint: ${w.error ?? "no reason given"}`),
    ...(stall === null ? [] : [`the transparency log is stalled: ${stall.reason}`]),
  ];
  return {
    ok: problems.length === 0,
    status: problems.length === 0 ? "ok" : "degraded",
    ...(problems.length > 0 ? { problems } : {}),
    store: store.backend,
    ...(store.sizeOnDisk ? { storeBytes: store.sizeOnDisk() } : {}),
    version: commit ? `${pkg.version}+${commit}` : pkg.version,
    play: playModelInfo(),
    ...(witnesses ? { witnesses } : {}),
    log: stall === null ? { state: "integrating" } : { state: "stalled", ...stall },
  };
}
