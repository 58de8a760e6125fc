import { canonicalJson, hashOf } from "../signing/canonical";
import { getStore } from "../store";
import type { Store } from "../store/types";
import { findRecentLeaf } from "../tlog/find-leaf";
import { leafBytes, leafHashOf } from "../tlog/leaf";
import { readLeafRange } from "../tlog/leaf-items";
import { type TransparencyReceipt, transparencyReceipt } from "../tlog/receipt";
import { openCheckpoint } from "./checkpoint";
import type { AuditEntry } from "./entry";
import { readCheckpoint } from "./store-checkpoint";

/**
 * The transparency receipt of an entry appended earlier, for an idempotent replay, which must answer
 * what the first call answered. The session's newest checkpoint names the leaf of its head; an
 * earlier entry's leaf is found by its exact bytes among the log's newest leaves (replays come
 * within a day). The leaf stored at that index must be this entry's leaf: a store edit gets no
 * receipt, never someone else's. Null when the store does not hold the leaf.
 */
export async function storedEntryReceipt(
  entry: AuditEntry,
  store: Store = getStore(),
): Promise<TransparencyReceipt | null> {
  const entryHash = hashOf(canonicalJson(entry));
  const leaf = leafBytes({ kind: "audit.entry", sessionId: entry.sessionId, seq: entry.seq, entryHash });
  const { checkpoint } = await readCheckpoint(entry.sessionId, store);
  const signed = checkpoint === null ? null : await openCheckpoint(checkpoint, entry.sessionId);
  const named = signed?.size === entry.seq + 1 && signed.head === entryHash ? signed.logIndex : undefined;
  const index = named ?? (await findRecentLeaf(store, leaf));
  if (index === null) return null;
  const [stored] = await readLeafRange(store, index, index + 1).catch(() => []);
  if (stored !== leaf) return null;
  return transparencyReceipt({ index, leafHash: leafHashOf(leaf) }, store);
}
