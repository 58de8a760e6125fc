import { TILE_HEIGHT, TILE_WIDTH } from "@sociedades-ia/incorporate/tlog";
import type { BatchWrite, Store } from "../store/types";
import { LEAF_BUCKET_PREFIX, LEGACY_LEAVES_KEY, legacyLevelKey, SEQUENCED_KEY, tileKey } from "./layout";

/**
 * Moves a log stored in the layout before tiles (one list of every leaf, one list per Merkle level)
 * into buckets and tiles, in one batch: all or nothing, and only once (the sequencer's counter must
 * be missing). Start the new version with no process of the old one writing. Returns how many leaves moved.
 */
export async function moveLegacyLayout(store: Store): Promise<number> {
  const count = await store.length(LEGACY_LEAVES_KEY);
  if (count === 0 || (await store.get(SEQUENCED_KEY)) !== null) return 0;
  const leaves = await store.range(LEGACY_LEAVES_KEY, 0, -1);
  const writes: BatchWrite[] = [{ type: "set", key: SEQUENCED_KEY, value: String(leaves.length), expect: [null] }];
  for (let start = 0; start < leaves.length; start += TILE_WIDTH) {
    writes.push({
      type: "append",
      key: `${LEAF_BUCKET_PREFIX}${start / TILE_WIDTH}`,
      expectedLength: 0,
      values: leaves.slice(start, start + TILE_WIDTH),
    });
  }
  const dropped: string[] = [LEGACY_LEAVES_KEY];
  for (let level = 0; ; level++) {
    const hashes = await store.range(legacyLevelKey(level), 0, -1);
    if (hashes.length === 0) break;
    dropped.push(legacyLevelKey(level));
    if (level % TILE_HEIGHT !== 0) continue;
    for (let start = 0; start < hashes.length; start += TILE_WIDTH) {
      writes.push({
        type: "append",
        key: tileKey(level / TILE_HEIGHT, start / TILE_WIDTH),
        expectedLength: 0,
        values: hashes.slice(start, start + TILE_WIDTH),
      });
    }
  }
  writes.push(...dropped.map((key): BatchWrite => ({ type: "del", key })));
  const result = await store.batch(writes);
  if (!result.ok) return 0; // another process moved it first
  console.warn(`[tlog] moved ${leaves.length} leaves from the layout before tiles`);
  return leaves.length;
}
