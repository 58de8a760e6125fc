import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { EmbeddedStore } from "@/lib/store/embedded";
import type { Store } from "@/lib/store/types";
import { awaitIntegration } from "@/lib/tlog/integrate";
import { CHECKPOINT_KEY, LOCK_KEY } from "@/lib/tlog/layout";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

// On Upstash every store call is a billed command: a writer waiting while another process integrates
// should mostly read the checkpoint, not also try the lock every round.

let store: EmbeddedStore;
let restore: () => void;
beforeAll(() => {
  const dir = tempDir("sia-await-");
  restore = applyEnv({ DATA_DIR: dir });
  store = EmbeddedStore.open(dir);
});
afterAll(async () => {
  await store?.close();
  restore();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The store, counting lock tries and checkpoint reads. */
function counting(inner: Store) {
  const counts = { lockTries: 0, checkpointReads: 0 };
  const proxy = new Proxy(inner, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (prop === "set" && args[0] === LOCK_KEY) counts.lockTries++;
        if (prop === "get" && args[0] === CHECKPOINT_KEY) counts.checkpointReads++;
        return value.apply(target, args);
      };
    },
  });
  return { store: proxy as Store, counts };
}

describe("a writer waiting for its leaf while another process integrates", () => {
  it("reads the checkpoint each round and tries the lock only every few rounds", async () => {
    await store.set(LOCK_KEY, "held-by-another-process", { ttlMs: 600_000 });
    const { store: counted, counts } = counting(store);
    vi.useFakeTimers({ toFake: ["setTimeout", "Date"] });
    const waiting = awaitIntegration(1_000_000, 2_000, counted);
    for (let i = 0; i < 60; i++) await vi.advanceTimersByTimeAsync(50);
    // Nothing integrates the leaf in time: the writer answers without the proof.
    expect(await waiting).toBeNull();
    expect(counts.checkpointReads).toBeGreaterThanOrEqual(20);
    // One try in five rounds after the first two (before: one every round).
    expect(counts.lockTries).toBeLessThanOrEqual(2 + Math.ceil((counts.checkpointReads - 2) / 5));
  });
});
