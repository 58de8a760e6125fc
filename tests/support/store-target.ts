// A live service on one store backend, and a way to edit that store directly, as an attacker who
// holds the store (the Upstash REST token, or the embedded store's directory) but no key would.
import { EmbeddedStore } from "@/lib/store/embedded";
import type { Store } from "@/lib/store/types";
import { type AppServer, startApp } from "./app-server";
import { startUpstashStack } from "./upstash-stack";

export interface StoreTarget {
  url(): string;
  /** What the current server process printed so far. */
  output(): string;
  /** Runs `edit` on the store directly. */
  edit<T>(edit: (store: Store) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The embedded store belongs to one process: an edit stops the server, edits its files, starts it again. */
export async function embeddedTarget(env: Record<string, string> = {}): Promise<StoreTarget> {
  let app: AppServer = await startApp({ env });
  const dataDir = app.dataDir;
  return {
    url: () => app.url,
    output: () => app.output(),
    async edit(edit) {
      await app.stop();
      const store = EmbeddedStore.open(dataDir);
      try {
        return await edit(store);
      } finally {
        await store.close();
        app = await startApp({ env, dataDir, port: app.port });
      }
    },
    close: () => app.stop(),
  };
}

/** A service on Upstash (a real redis-server behind the REST bridge), edited through the bridge. */
export async function upstashTarget(env: Record<string, string> = {}): Promise<StoreTarget> {
  const stack = await startUpstashStack();
  const app = await startApp({ env: { ...stack.env, ...env } });
  return {
    url: () => app.url,
    output: () => app.output(),
    edit: (edit) => edit(stack.store),
    async close() {
      await app.stop();
      await stack.close();
    },
  };
}

/** Replaces a stored list with `items`, as a forger with store access can. */
export async function writeList(store: Store, key: string, items: string[]): Promise<void> {
  await store.del(key);
  if (items.length > 0)
    await store.batch([{ type: "append", key, expectedLength: 0, values: items, expiry: "persist" }]);
}
