import { canonicalJson, hashOf } from "../signing/canonical";
import { getStore } from "../store";
import type { Store } from "../store/types";
import { LEAVES_KEY } from "../tlog/layout";
import { leafBytes, leafHashOf } from "../tlog/leaf";
import { type TransparencyReceipt, transparencyReceipt } from "../tlog/receipt";
import { leafOfItem } from "../tlog/sealed-leaf";
import { openCheckpoint } from "./checkpoint";
import type { AuditEntry } from "./entry";
import { checkpointsKey } from "./store-checkpoint";

/**
 * The transparency receipt of an entry appended earlier, for an idempotent replay, which must answer
 * what the first call answered. The checkpoint stored by that append names the entry's leaf index;
 * the session's checkpoints grow in size, so a binary search finds it in a few reads. The leaf stored
 * at that index must be this entry's leaf: a store edit gets no receipt, never someone else's.
 * Null when no checkpoint of exactly that head is stored (its store failed and a later append covered
 * it), or the store does not hold the leaf.
 */
export async function storedEntryReceipt(
  entry: AuditEntry,
  store: Store = getStore(),
): Promise<TransparencyReceipt | null> {
  const key = checkpointsKey(entry.sessionId);
  const entryHash = hashOf(canonicalJson(entry));
  let low = 0;
  let high = (await store.length(key)) - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [jws] = await store.range(key, middle, middle);
    const signed = jws === undefined ? null : await openCheckpoint(jws, entry.sessionId);
    if (signed === null) return null;
    if (signed.size === entry.seq + 1) {
      if (signed.head !== entryHash || signed.logIndex === undefined) return null;
      const leaf = leafBytes({ kind: "audit.entry", sessionId: entry.sessionId, seq: entry.seq, entryHash });
      const [stored] = await store.range(LEAVES_KEY, signed.logIndex, signed.logIndex);
      if (stored === undefined || leafOfItem(stored) !== leaf) return null;
      return transparencyReceipt({ index: signed.logIndex, leafHash: leafHashOf(leaf) }, store);
    }
    if (signed.size < entry.seq + 1) low = middle + 1;
    else high = middle - 1;
  }
  return null;
}
