import { getConfig } from "../config/config";
import { getStore } from "../store";
import { perStore } from "../store/per-store";
import type { Store } from "../store/types";
import { integrate } from "./integrate";
import { sequencedCount } from "./leaf-items";
import { readLogHead } from "./log-head";
import { isIntegrationRefused } from "./log-stall";

/** How often a process retries while another (perhaps dead) process holds the integration lock. */
const RETRY_MS = 500;

// One loop per store (a test opens several stores in one process): what it must reach so far.
const pendings = () => perStore<{ target: number }>("sia.tlog.converging");

/**
 * Keeps integrating in the background until the tree covers every leaf sequenced so far. Integration
 * otherwise only runs when a write waits for it: a leaf left pending (its writer's wait ran out while
 * a killed process's lock was still alive, or a server restarted under such a lock) would stay
 * unprovable until the next write, and forever if none came. One loop per store; never throws.
 * Without background timers (BACKGROUND_TIMERS=off, a serverless function) it tries once, and the
 * cron route (convergeNow) finishes the work.
 */
export async function convergeInBackground(store: Store = getStore()): Promise<void> {
  let target: number;
  try {
    target = await sequencedCount(store);
  } catch {
    return; // the store is down: the next write or start-up tries again
  }
  const running = pendings().get(store);
  if (running) {
    running.target = Math.max(running.target, target);
    return;
  }
  const pending = { target };
  pendings().set(store, pending);
  const stop = (): void => {
    pendings().delete(store);
  };
  const attempt = async (): Promise<void> => {
    // A closed store is done with: its loop ends rather than fail every RETRY_MS for good.
    if (store.closed) return stop();
    try {
      const head = (await integrate(store)) ?? (await readLogHead(store));
      if (head !== null && head.size >= pending.target) return stop();
    } catch (err) {
      // A refusal is the store's state, not a passing fault: retrying would only repeat the alarm.
      // A store closed meanwhile failed the attempt for that reason alone.
      if (isIntegrationRefused(err) || store.closed) return stop();
      console.error("[tlog] background integration failed; retrying:", err);
    }
    if (!getConfig().backgroundTimers) return stop();
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
