import { getConfig } from "../config/config";
import { EmbeddedStore } from "./embedded";
import type { Store } from "./types";
import { UpstashStore } from "./upstash";

export type { Store } from "./types";
export { isStoreUnavailable, StoreUnavailableError } from "./types";

// One store per process. Kept on globalThis because a Next server can load a lib/ module more
// than once (route handlers and server-rendered pages get separate copies).
const KEY = Symbol.for("sia.store");
type StoreGlobal = typeof globalThis & { [KEY]?: Store };

/** The process's store, chosen by configuration: Upstash when configured, else the embedded one. */
export function getStore(): Store {
  const g = globalThis as StoreGlobal;
  if (!g[KEY]) {
    const { store } = getConfig();
    g[KEY] = store.backend === "upstash" ? new UpstashStore(store) : EmbeddedStore.open(store.dataDir);
  }
  return g[KEY] as Store;
}
