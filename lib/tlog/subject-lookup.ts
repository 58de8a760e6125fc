import { type IndexProof, type IndexValue, lookupIndex } from "@sociedades-ia/incorporate/tlog";
import { getStore } from "../store";
import type { Store, StoreRead, StoreReadResult } from "../store/types";
import {
  INDEX_NOTE_KEY,
  indexNodeReader,
  indexRootOf,
  isIndexStateError,
  type NodesAhead,
  nodesAhead,
  pathRead,
} from "./index-store";
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
export function lookupSubject(
  subject: string,
  store: Store = getStore(),
  preread?: StoreReadResult[],
): Promise<SubjectLookup | null> {
  if (preread === undefined) return sharedLookups(store)(subject);
  const [note, indexNote, path] = preread as [string | null, string | null, string[]];
  return sharedLookups(store, { notes: [note, indexNote], nodes: nodesAhead([pathRead(subject)], [path]) })(subject);
}

/**
 * The reads lookupSubject takes as `preread`: the notes and the subject's path, to send with other
 * reads in one request. A deeper path, or nodes replaced since, are read as the walk needs them.
 */
export function subjectReads(subject: string): StoreRead[] {
  return [{ type: "get", key: CHECKPOINT_KEY }, { type: "get", key: INDEX_NOTE_KEY }, pathRead(subject)];
}

export type SubjectLookupFn = (subject: string) => Promise<SubjectLookup | null>;

/**
 * lookupSubject for many subjects at once (a page of registry records): the checkpoint and the
 * index note are read once for all of them, not once per subject.
 */
export function sharedLookups(
  store: Store = getStore(),
  preread?: { notes: (string | null)[]; nodes: NodesAhead },
): SubjectLookupFn {
  let notes: Promise<(string | null)[]> | null = preread ? Promise.resolve(preread.notes) : null;
  let ahead = preread?.nodes;
  return async (subject) => {
    // An integration may replace nodes between the reads of one lookup: a mismatch is read again
    // from the newer notes before it counts as an edit.
    for (let attempt = 0; ; attempt++) {
      notes ??= Promise.all([store.get(CHECKPOINT_KEY), store.get(INDEX_NOTE_KEY)]);
      const [note, indexNote] = (await notes) as [string | null, string | null];
      if (note === null) return null;
      const head = headOf(note);
      try {
        const root = await indexRootOf(store, head, indexNote);
        if (root === null) return null;
        const found = await lookupIndex(root, subject, indexNodeReader(store, undefined, ahead), nodeSha256);
        return { head, indexNote, ...found };
      } catch (err) {
        if (!isIndexStateError(err) || attempt >= 2) throw err;
        notes = null;
        ahead = undefined;
      }
    }
  };
}

export const sessionSubject = (sessionId: string) => `session:${sessionId}`;
export const recordSubject = (id: string) => `record:${id}`;
