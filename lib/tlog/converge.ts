import { getStore } from "../store";
import type { Store } from "../store/types";
import { integrate } from "./integrate";
import { LEAVES_KEY } from "./layout";
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
 */
export async function convergeInBackground(store: Store = getStore()): Promise<void> {
  const g = globalThis as PendingGlobal;
  let target: number;
  try {
    target = await store.length(LEAVES_KEY);
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
    setTimeout(attempt, RETRY_MS).unref();
  };
  await attempt();
}
