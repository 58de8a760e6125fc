import type { Store } from "../store/types";
import { LEAVES_KEY } from "./layout";
import { leafOfItem } from "./sealed-leaf";

/** Leaves read per round, and the most searched, newest first. */
const CHUNK = 1000;
const MAX_SEARCHED = 100_000;

/**
 * The index of a leaf that was sequenced but whose batch's answer was lost, found by its exact bytes
 * among the newest leaves (a leaf names its session, seq and entry hash, so it is unique); null when
 * it is not among them.
 */
export async function findRecentLeaf(store: Store, leaf: string): Promise<number | null> {
  const length = await store.length(LEAVES_KEY);
  for (let end = length; end > 0 && length - end < MAX_SEARCHED; end -= CHUNK) {
    const start = Math.max(0, end - CHUNK);
    const at = (await store.range(LEAVES_KEY, start, end - 1)).map(leafOfItem).lastIndexOf(leaf);
    if (at >= 0) return start + at;
  }
  return null;
}
