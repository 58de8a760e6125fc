import { getConfig } from "../config/config";
import { getStore } from "../store";
import type { Store } from "../store/types";
import { integrate } from "./integrate";
import { sequencedCount } from "./leaf-items";
import { readLogHead } from "./log-head";
import { isIntegrationRefused } from "./log-stall";

/** How often a process retries while another (perhaps dead) process holds the integration lock. */
const RETRY_MS = 500;

const PENDING = Symbol.for("sia.tlog.converging");
type PendingGlobal = typeof globalThis & { [PENDING]?: { target: number } };

/**
 * Keeps integrating in the background until the tree covers every leaf sequenced so far. Integration
 * otherwise only runs when a write waits for it: a leaf left pending (its writer's wait ran out while
 * a killed process's lock was still alive, or a server restarted under such a lock) would stay
 * unprovable until the next write, and forever if none came. One loop per process; never throws.
 * Without background timers (BACKGROUND_TIMERS=off, a serverless function) it tries once, and the
 * cron route (convergeNow) finishes the work.
 */
export async function convergeInBackground(store: Store = getStore()): Promise<void> {
  const g = globalThis as PendingGlobal;
  let target: number;
  try {
    target = await sequencedCount(store);
  } catch {
    return; // the store is down: the next write or start-up tries again
  }
  if (g[PENDING]) {
    g[PENDING].target = Math.max(g[PENDING].target, target);
    return;
  }
  const pending = { target };
  g[PENDING] = pending;
  const attempt = async () => {
    try {
      const head = (await integrate(store)) ?? (await readLogHead(store));
      if (head !== null && head.size >= pending.target) {
        g[PENDING] = undefined;
        return;
      }
    } catch (err) {
      // A refusal is the store's state, not a passing fault: retrying would only repeat the alarm.
      if (isIntegrationRefused(err)) {
        g[PENDING] = undefined;
        return;
      }
      console.error("[tlog] background integration failed; retrying:", err);
    }
    if (!getConfig().backgroundTimers) {
      g[PENDING] = undefined;
      return;
    }
    setTimeout(attempt, RETRY_MS).unref();
  };
  await attempt();
}

export interface Convergence {
  /** The integrated tree's size afterwards (0 before the first checkpoint). */
  size: number;
  /** Leaves sequenced and not integrated yet (another process holding the lock past the budget). */
  pending: number;
}

/**
 * Integrates until the tree covers every leaf sequenced when it started, for at most `budgetMs`:
 * the scheduled call's work, which no frozen function's timer can be trusted with. Throws
 * IntegrationRefused when the log is stalled.
 */
export async function convergeNow(store: Store, budgetMs: number): Promise<Convergence> {
  const deadline = Date.now() + budgetMs;
  const target = await sequencedCount(store);
  for (let pause = 20; ; pause = Math.min(pause * 2, RETRY_MS)) {
    const head = (await integrate(store)) ?? (await readLogHead(store));
    const size = head?.size ?? 0;
    if (size >= target || Date.now() >= deadline) return { size, pending: Math.max(0, target - size) };
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
