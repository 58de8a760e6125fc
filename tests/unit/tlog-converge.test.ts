import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { EmbeddedStore } from "@/lib/store/embedded";
import { convergeInBackground } from "@/lib/tlog/converge";
import { LOCK_KEY } from "@/lib/tlog/layout";
import { readLogHead } from "@/lib/tlog/log-head";
import { sequenceSessionLeaves as sequence } from "../support/sequence-leaves";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

// The background loop that integrates leaves no write waited for: one per store, and none left
// retrying on a store that was closed (a process with several stores, as tests have, must see
// each store's log converge on its own).
let restore: () => void;
beforeAll(() => {
  restore = applyEnv({ DATA_DIR: tempDir("sia-converge-") });
});
afterAll(() => restore());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A store whose integration lock another (live) process holds: its loop has to wait and retry. */
async function lockedStore(sessionId: string): Promise<EmbeddedStore> {
  const store = EmbeddedStore.open(tempDir("sia-converge-store-"));
  await sequence(store, sessionId, 2);
  await store.set(LOCK_KEY, "another-process", { nx: true, ttlMs: 60_000, volatile: true });
  return store;
}

describe("convergeInBackground", () => {
  it("integrates a store's leaves while another store's loop still waits for its lock", async () => {
    const waiting = await lockedStore("converge-waiting");
    const other = EmbeddedStore.open(tempDir("sia-converge-store-"));
    try {
      await convergeInBackground(waiting);
      expect(await readLogHead(waiting)).toBeNull();
      await sequence(other, "converge-other", 3);
      await convergeInBackground(other);
      expect((await readLogHead(other))?.size).toBe(3);
    } finally {
      await waiting.close();
      await other.close();
    }
  });

  it("stops retrying once its store is closed, without an error for it", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const store = await lockedStore("converge-closed");
    await convergeInBackground(store);
    // Still waiting for the other process's lock: one retry is scheduled.
    expect(vi.getTimerCount()).toBe(1);
    await store.close();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(vi.getTimerCount()).toBe(0);
    expect(errors).not.toHaveBeenCalled();
    // A new loop for the closed store does not start either.
    await convergeInBackground(store);
    expect(vi.getTimerCount()).toBe(0);
  });
});
