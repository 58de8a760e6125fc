import { formatCheckpoint, MemoryTree, signNote } from "@sociedades-ia/incorporate/tlog";
import { afterEach, describe, expect, it } from "vitest";
import { getConfig } from "@/lib/config/config";
import { EmbeddedStore } from "@/lib/store/embedded";
import { CHECKPOINT_KEY } from "@/lib/tlog/layout";
import { leafBytes } from "@/lib/tlog/leaf";
import { logNoteKey } from "@/lib/tlog/log-key";
import { readRecentLeaves } from "@/lib/tlog/recent-leaves";
import { tempDir } from "../support/temp-dir";
import { pushLeafItems } from "../support/tlog-layout";

// What the /log page lists of each leaf: its index, kind and ids, read from a real store. Hashes
// and anything a leaf may carry besides its ids stay out.
const stores: EmbeddedStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

const LEAVES = [
  leafBytes({ kind: "key.event", purpose: "log", kid: "sha256:abc", event: "in-use" }),
  leafBytes({ kind: "audit.entry", sessionId: "session-0001", seq: 0, entryHash: `sha256:${"1".repeat(64)}` }),
  leafBytes({
    kind: "registry.record",
    id: "acme-sa",
    seq: 1,
    event: "certified",
    status: "live",
    recordHash: `sha256:${"2".repeat(64)}`,
  }),
  JSON.stringify({ kind: "future.kind", id: "x", note: "unknown kinds show no ids" }),
  "not json",
];

async function storeWithLog(size: number) {
  const store = EmbeddedStore.open(tempDir("sia-leaves-"));
  stores.push(store);
  const tree = new MemoryTree();
  const encoder = new TextEncoder();
  tree.appendEntries(...LEAVES.slice(0, size).map((leaf) => encoder.encode(leaf)));
  await pushLeafItems(store, LEAVES);
  // Signed by the configured log key: readers take no checkpoint the log did not sign.
  const note = await signNote(
    formatCheckpoint({ origin: getConfig().tlog.origin, size, root: tree.root(), extensions: [] }),
    logNoteKey(),
  );
  await store.set(CHECKPOINT_KEY, note);
  return { store, note };
}

describe("the /log page's recent leaves", () => {
  it("lists the newest leaves of the signed tree, newest first, with their kind and ids only", async () => {
    const { store, note } = await storeWithLog(5);
    const recent = await readRecentLeaves(10, store);
    expect(recent).toMatchObject({ origin: getConfig().tlog.origin, size: 5, note });
    expect(recent.leaves).toEqual([
      { index: 4, kind: "other", ids: [] },
      { index: 3, kind: "other", ids: [] },
      {
        index: 2,
        kind: "registry.record",
        ids: [
          { name: "id", value: "acme-sa" },
          { name: "event", value: "certified" },
          { name: "status", value: "live" },
        ],
      },
      {
        index: 1,
        kind: "audit.entry",
        ids: [
          { name: "sessionId", value: "session-0001" },
          { name: "seq", value: "0" },
        ],
      },
      {
        index: 0,
        kind: "key.event",
        ids: [
          { name: "purpose", value: "log" },
          { name: "kid", value: "sha256:abc" },
        ],
      },
    ]);
  });

  it("stops at the signed size and at the count asked for", async () => {
    // Leaves sequenced past the checkpoint are not in the signed tree yet.
    const { store } = await storeWithLog(3);
    const recent = await readRecentLeaves(2, store);
    expect(recent.size).toBe(3);
    expect(recent.leaves.map((l) => l.index)).toEqual([2, 1]);
  });
});
