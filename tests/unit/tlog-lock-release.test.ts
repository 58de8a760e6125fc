import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddedStore } from "@/lib/store/embedded";
import type { BatchWrite } from "@/lib/store/types";
import { integrate } from "@/lib/tlog/integrate";
import { LOCK_KEY } from "@/lib/tlog/layout";
import { readLogHead } from "@/lib/tlog/log-head";
import { sequenceSessionLeaves as sequence } from "../support/sequence-leaves";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

// An integrator releases its lock in its last commit, one store command fewer. Its commit is then
// conditional on still holding the lock: one whose lock lapsed to another process must neither
// land nor take away the other's lock, and the other finishes the work.
let dir: string;
let restore: () => void;
beforeAll(() => {
  dir = tempDir("sia-lock-release-");
  restore = applyEnv({ DATA_DIR: dir });
});
afterAll(() => restore());

const releases = (writes: readonly BatchWrite[]) => writes.some((w) => w.type === "del" && w.key === LOCK_KEY);

/** Calls `before` with each batch's writes before the store applies them. */
function onBatch(store: EmbeddedStore, before: (writes: BatchWrite[]) => Promise<void> | void): () => void {
  const original = store.batch.bind(store);
  store.batch = async (writes) => {
    await before(writes);
    return original(writes);
  };
  return () => {
    store.batch = original;
  };
}

describe("the integrator's lock", () => {
  it("is gone once an integration returns, released by its commit", async () => {
    const store = EmbeddedStore.open(dir);
    try {
      // The first integration of a process also looks for full tiles to move, under its lock.
      await sequence(store, "lock-release-session-0", 1);
      await integrate(store);
      await sequence(store, "lock-release-session-1", 3);
      const batches: BatchWrite[][] = [];
      const restoreBatch = onBatch(store, (writes) => {
        batches.push(writes);
      });
      const head = await integrate(store);
      restoreBatch();
      expect(head?.size).toBe(4);
      expect(await store.get(LOCK_KEY)).toBeNull();
      // One batch: the commit, which also released the lock (no separate unlock after it).
      expect(batches).toHaveLength(1);
      expect(releases(batches[0] ?? [])).toBe(true);
    } finally {
      await store.close();
    }
  });

  it("refuses a commit made after the lock lapsed to another process, and leaves that one's lock", async () => {
    const store = EmbeddedStore.open(dir);
    try {
      await sequence(store, "lock-release-session-2", 1);
      await integrate(store);
      const before = await readLogHead(store);
      await sequence(store, "lock-release-session-3", 2);
      // Just before the commit, the lock lapses and another process takes it.
      const restoreBatch = onBatch(store, async (writes) => {
        if (releases(writes)) await store.set(LOCK_KEY, "another-process", { volatile: true });
      });
      expect(await integrate(store)).toBeNull();
      restoreBatch();
      expect(await store.get(LOCK_KEY)).toBe("another-process");
      expect((await readLogHead(store))?.size).toBe(before?.size);
      // The other process is done, or gone: the next integration takes the leaves.
      await store.batch([{ type: "del", key: LOCK_KEY, expect: ["another-process"] }]);
      expect((await integrate(store))?.size).toBe((before?.size ?? 0) + 2);
    } finally {
      await store.close();
    }
  });
});
