import { getConfig } from "../config/config";
import { type CompactionStep, EmbeddedStore } from "./embedded";
import type { Store } from "./types";
import { UpstashStore } from "./upstash";

export type { Store } from "./types";
export { isStoreUnavailable, StoreUnavailableError } from "./types";

// One store per process. Kept on globalThis because a Next server can load a lib/ module more
// than once (route handlers and server-rendered pages get separate copies).
const KEY = Symbol.for("sia.store");
type StoreGlobal = typeof globalThis & { [KEY]?: Store };

/** A test switch: a compaction that reaches `step` waits there for good (the test then kills the server). */
function holdAt(step: CompactionStep | undefined): ((at: CompactionStep) => Promise<void>) | undefined {
  if (!step) return undefined;
  return (at) => {
    if (at !== step) return Promise.resolve();
    console.warn(`[store] compaction held at "${step}" (STORE_TEST_HOLD_COMPACTION)`);
    return new Promise<void>(() => undefined);
  };
}

/** The process's store, chosen by configuration: Upstash when configured, else the embedded one. */
export function getStore(): Store {
  const g = globalThis as StoreGlobal;
  if (!g[KEY]) {
    const { store } = getConfig();
    g[KEY] =
      store.backend === "upstash"
        ? new UpstashStore(store)
        : EmbeddedStore.open(store.dataDir, {
            compactMinBytes: store.compactMinBytes,
            onCompactionStep: holdAt(store.holdCompaction),
          });
  }
  return g[KEY] as Store;
}
