import type { IndexProof, IndexValue } from "../../packages/incorporate/src/tlog/log-index";
import { lookupIndex } from "../../packages/incorporate/src/tlog/log-index";
import { getStore } from "../store";
import type { Store } from "../store/types";
import { INDEX_NOTE_KEY, indexNodeReader, indexRootOf, isIndexStateError } from "./index-store";
import { CHECKPOINT_KEY, nodeSha256 } from "./layout";
import { headOf, type LogHead } from "./log-head";

export interface SubjectLookup {
  /** The checkpoint the lookup answers for, and the index note that commits to its index. */
  head: LogHead;
  indexNote: string | null;
  /** The subject's latest leaf at that checkpoint; null when the log holds none. */
  value: IndexValue | null;
  proof: IndexProof;
}

/**
 * A subject's latest leaf in the log's index at the latest checkpoint, with its proof. Null when the
 * log has no checkpoint or no index yet (a log from before the index, until its next integration).
 * Throws IndexStateError when the store holds index state the log's signatures do not vouch for.
 */
export async function lookupSubject(subject: string, store: Store = getStore()): Promise<SubjectLookup | null> {
  // An integration may replace nodes between the reads of one lookup: a mismatch is read again
  // from the newer notes before it counts as an edit.
  for (let attempt = 0; ; attempt++) {
    const [note, indexNote] = await Promise.all([store.get(CHECKPOINT_KEY), store.get(INDEX_NOTE_KEY)]);
    if (note === null) return null;
    const head = headOf(note);
    try {
      const root = await indexRootOf(store, head, indexNote);
      if (root === null) return null;
      const found = await lookupIndex(root, subject, indexNodeReader(store), nodeSha256);
      return { head, indexNote, ...found };
    } catch (err) {
      if (!isIndexStateError(err) || attempt >= 2) throw err;
    }
  }
}

export const sessionSubject = (sessionId: string) => `session:${sessionId}`;
export const recordSubject = (id: string) => `record:${id}`;
