import { getStore } from "../store";
import type { Store } from "../store/types";
import { convergeNow } from "./converge";
import { isIntegrationRefused } from "./log-stall";
import { witnessNow } from "./witness-loop";

/** Integration's share of the scheduled call, whose route may run 60 s: the witnesses get the rest. */
const INTEGRATION_BUDGET_MS = 40_000;

export interface CronRound {
  /** The integrated tree's size after the round, and the leaves still waiting (null when stalled). */
  size: number | null;
  pending: number | null;
  /** Why the log takes no leaves, when it is stalled (an alarm was raised). */
  stalled: string | null;
  /** Each witness's cosigned size after the round; null when another request held its slot. */
  witnesses: { label: string; cosigned: number | null; error: string | null }[];
}

/**
 * The scheduled call's work (GET /api/cron/transparency-log): integrate every leaf sequenced so far,
 * then ask each witness for the latest checkpoint. A deployment whose functions freeze once they
 * have answered (BACKGROUND_TIMERS=off, serverless) relies on it for whatever after() did not finish.
 */
export async function runCronRound(store: Store = getStore()): Promise<CronRound> {
  let integrated: Pick<CronRound, "size" | "pending" | "stalled">;
  try {
    integrated = { ...(await convergeNow(store, INTEGRATION_BUDGET_MS)), stalled: null };
  } catch (err) {
    if (!isIntegrationRefused(err)) throw err;
    integrated = { size: null, pending: null, stalled: err.message };
  }
  const rounds = integrated.stalled === null ? await witnessNow(store) : [];
  return {
    ...integrated,
    witnesses: rounds.map(({ label, status }) => ({
      label,
      cosigned: status?.cosigned?.size ?? null,
      error: status?.error ?? null,
    })),
  };
}
