import { perStore } from "../store/per-store";
import type { Store } from "../store/types";

/**
 * The integrator refused what the store holds (a leaf this service did not sequence, a second leaf
 * for one position of a session, tree state its signatures do not vouch for): it signs nothing more
 * until the store is repaired. Writes that would add leaves are refused meanwhile (503
 * `tlog_stalled`), so that nothing piles up behind a log that cannot take it, and health shows why.
 */
export class IntegrationRefused extends Error {
  override name = "IntegrationRefused";
  readonly integrationRefused = true;
}

export const isIntegrationRefused = (err: unknown): err is IntegrationRefused =>
  typeof err === "object" && err !== null && "integrationRefused" in err;

export interface Stall {
  reason: string;
  since: string;
}

const stalls = () => perStore<Stall>("sia.tlog.stalled");

/** Marks the log stalled and raises the alarm, once per reason. */
export function stallLog(store: Store, reason: string): IntegrationRefused {
  const known = stalls().get(store);
  if (known?.reason !== reason) {
    stalls().set(store, { reason, since: new Date().toISOString() });
    console.error(`[tlog] ALARM: integration refused, the log is stalled until the store is repaired: ${reason}`);
  }
  return new IntegrationRefused(reason);
}

export function clearStall(store: Store): void {
  if (stalls().get(store)) {
    stalls().delete(store);
    console.error("[tlog] integration resumed");
  }
}

/** Why this process's integrator refuses the store's log, or null. */
export const logStall = (store: Store): Stall | null => stalls().get(store) ?? null;
