import { TILE_WIDTH } from "@sociedades-ia/incorporate/tlog";
import type { Store } from "../store/types";
import { leafBucketKey } from "./layout";
import { sequencedCount } from "./leaf-items";
import { leafOfItem } from "./sealed-leaf";

/** The most leaves searched, newest first. */
const MAX_SEARCHED = 100_000;

/**
 * The index of a leaf that was sequenced but whose batch's answer was lost, found by its exact bytes
 * among the newest leaves the hot store holds (a leaf names its session, seq and entry hash, so it is
 * unique); null when it is not among them.
 */
export async function findRecentLeaf(store: Store, leaf: string): Promise<number | null> {
  const length = await sequencedCount(store);
  for (let bundle = Math.ceil(length / TILE_WIDTH) - 1; bundle >= 0; bundle--) {
    if (length - bundle * TILE_WIDTH > MAX_SEARCHED) break;
    const items = await store.range(leafBucketKey(bundle), 0, -1);
    if (items.length === 0) break; // moved to the tile store: integrated long ago
    const at = items.map(leafOfItem).lastIndexOf(leaf);
    if (at >= 0) return bundle * TILE_WIDTH + at;
  }
  return null;
}
