import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddedStore } from "@/lib/store/embedded";
import { readHashesCached, rememberHashes } from "@/lib/tlog/hash-cache";
import { integrate } from "@/lib/tlog/integrate";
import { readLogHead } from "@/lib/tlog/log-head";
import { appendEntries } from "../support/audit-seed";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

// A long-running process once declared its log stalled ("the stored tree hashes do not give the
// signed root") on a sound store: a hash the cache held when a read began was evicted by other
// requests while the read awaited the rest, and came back missing.

let dir: string;
let restore: () => void;
beforeAll(async () => {
  dir = tempDir("sia-hash-cache-");
  restore = applyEnv({ DATA_DIR: dir });
  const writer = EmbeddedStore.open(dir);
  await appendEntries(writer, "hash-cache-session-01", 300);
  await integrate(writer);
  await writer.close();
});
afterAll(() => {
  restore();
});

describe("the tree hash cache", () => {
  it("keeps a hash it held when a read began, whatever other requests evict meanwhile", async () => {
    // A fresh process: its cache holds only what it reads.
    const store = EmbeddedStore.open(dir);
    try {
      const head = await readLogHead(store);
      if (head === null) throw new Error("no checkpoint");
      const held = { level: 8, index: 0 };
      const other = { level: 0, index: 299 };
      const first = (await readHashesCached(store, head, [held]))(held);
      expect(first).toBeDefined();

      const reading = readHashesCached(store, head, [held, other]);
      // Other requests remember a cache's worth of hashes while this read waits for the store.
      rememberHashes(
        store,
        Array.from({ length: 20_000 }, (_, i) => ({ level: 40, index: i, hash: new Uint8Array(32) })),
      );
      const lookup = await reading;
      expect(lookup(held)).toEqual(first);
      expect(lookup(other)).toBeDefined();
    } finally {
      await store.close();
    }
  });
});
