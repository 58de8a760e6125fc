import { fromBase64, verifyInclusion } from "@sociedades-ia/incorporate/tlog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddedStore } from "@/lib/store/embedded";
import { integrate } from "@/lib/tlog/integrate";
import { nodeSha256, tileKey } from "@/lib/tlog/layout";
import { readLogHead } from "@/lib/tlog/log-head";
import { proveInclusion } from "@/lib/tlog/read-log";
import { appendEntries } from "../support/audit-seed";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

// Inclusion proofs of the latest tree are built from hashes an earlier proof fixed (proven-hashes.ts).
// What must hold against someone who edits the tiles in the store: a proof that does not lead to the
// signed root keeps nothing, and one that did keeps serving the genuine hashes.

let dir: string;
let restore: () => void;
beforeAll(async () => {
  dir = tempDir("sia-proven-hashes-");
  restore = applyEnv({ DATA_DIR: dir });
  const writer = EmbeddedStore.open(dir);
  await appendEntries(writer, "proven-hashes-session-01", 300);
  await integrate(writer);
  await writer.close();
});
afterAll(() => {
  restore();
});

/** Whether a served proof leads to the signed root of the store's checkpoint. */
async function provesInHead(store: EmbeddedStore, index: number): Promise<boolean> {
  const head = await readLogHead(store);
  if (head === null) throw new Error("no checkpoint");
  const proof = await proveInclusion(index, undefined, store);
  const hashes = proof.hashes.map((h) => fromBase64(h) as Uint8Array);
  try {
    verifyInclusion(fromBase64(proof.leafHash) as Uint8Array, index, head.size, hashes, head.root, nodeSha256);
    return true;
  } catch {
    return false;
  }
}

// Leaves 256 onward: the level-0 tile not full yet, which the hot store holds.
const TAIL = tileKey(0, 1);
const tailHashes = (store: EmbeddedStore) => store.range(TAIL, 0, -1);

/** Rewrites the tail tile as an attacker with store access would, leaf `at`'s hash replaced unless null. */
async function writeTail(store: EmbeddedStore, hashes: string[], at: number | null): Promise<void> {
  const values = hashes.map((h, i) => (i + 256 === at ? Buffer.alloc(32, 7).toString("base64") : h));
  await store.del(TAIL);
  await store.batch([{ type: "append", key: TAIL, expectedLength: 0, values }]);
}

describe("proofs built from proven hashes", () => {
  it("keep nothing from tiles the store altered: once the store is repaired, the proof verifies", async () => {
    // A fresh process each time: its caches hold only what it reads.
    const store = EmbeddedStore.open(dir);
    try {
      const genuine = await tailHashes(store);
      expect(genuine).toHaveLength(300 - 256);
      // Leaf 293's sibling at level 0 is leaf 292.
      await writeTail(store, genuine, 292);
      expect(await provesInHead(store, 293)).toBe(false);
      expect(await provesInHead(store, 293)).toBe(false);
      await writeTail(store, genuine, null);
      expect(await provesInHead(store, 293)).toBe(true);
    } finally {
      await store.close();
    }
  });

  it("keep serving the genuine proof after the store's tiles are altered", async () => {
    const store = EmbeddedStore.open(dir);
    try {
      const genuine = await tailHashes(store);
      expect(await provesInHead(store, 295)).toBe(true);
      await writeTail(store, genuine, 294);
      expect(await provesInHead(store, 295)).toBe(true);
      // Leaf 296's proof needs the hash of leaves 292 to 295, which no proof built yet: it is read
      // from the altered tile, and its proof fails, as it did before proofs were kept.
      expect(await provesInHead(store, 296)).toBe(false);
      await writeTail(store, genuine, null);
    } finally {
      await store.close();
    }
  });
});
