// A live service on one store backend, and a way to edit that store directly, as an attacker who
// holds the store (the Upstash REST token, or the embedded store's directory) but no key would.

import { expect } from "vitest";
import { EmbeddedStore } from "@/lib/store/embedded";
import type { Store } from "@/lib/store/types";
import { type AppServer, startApp, startAppExpectingFailure } from "./app-server";
import { startUpstashStack } from "./upstash-stack";

export interface StoreTarget {
  url(): string;
  /** What the server printed so far, the processes it replaced included. */
  output(): string;
  /** Runs `edit` on the store directly. */
  edit<T>(edit: (store: Store) => Promise<T>): Promise<T>;
  /**
   * An edit after which the embedded server refuses to start (its start-up checks the store's log):
   * its output then; null on Upstash, whose server keeps running through the edit.
   */
  editRefusingStart(edit: (store: Store) => Promise<void>): Promise<string | null>;
  /** A new server process on the same store: it knows only what the store holds. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** The embedded store belongs to one process: an edit stops the server, edits its files, starts it again. */
export async function embeddedTarget(env: Record<string, string> = {}): Promise<StoreTarget> {
  let app: AppServer = await startApp({ env });
  const dataDir = app.dataDir;
  let before = "";
  const stop = async () => {
    await app.stop();
    before += app.output();
  };
  const editStopped = async <T>(edit: (store: Store) => Promise<T>): Promise<T> => {
    const store = EmbeddedStore.open(dataDir);
    try {
      return await edit(store);
    } finally {
      await store.close();
    }
  };
  return {
    url: () => app.url,
    output: () => before + app.output(),
    async edit(edit) {
      await stop();
      try {
        return await editStopped(edit);
      } finally {
        app = await startApp({ env, dataDir, port: app.port });
      }
    },
    async editRefusingStart(edit) {
      await stop();
      await editStopped(edit);
      const refused = await startAppExpectingFailure({ ...env, DATA_DIR: dataDir });
      expect(refused.code).not.toBe(0);
      return refused.output;
    },
    async restart() {
      await stop();
      app = await startApp({ env, dataDir, port: app.port });
    },
    close: () => app.stop(),
  };
}

/** A service on Upstash (a real redis-server behind the REST bridge), edited through the bridge. */
export async function upstashTarget(env: Record<string, string> = {}): Promise<StoreTarget> {
  const stack = await startUpstashStack();
  const appEnv = { ...stack.env, ...env };
  let app = await startApp({ env: appEnv });
  let before = "";
  return {
    url: () => app.url,
    output: () => before + app.output(),
    edit: (edit) => edit(stack.store),
    async editRefusingStart(edit) {
      await edit(stack.store);
      return null;
    },
    async restart() {
      await app.stop();
      before += app.output();
      app = await startApp({ env: appEnv, port: app.port });
    },
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
