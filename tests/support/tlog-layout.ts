import { TILE_WIDTH } from "@sociedades-ia/incorporate/tlog";
import type { Store } from "@/lib/store/types";
import { LEAF_BUCKET_PREFIX, leafBucketKey, SEQUENCED_KEY, tileKey } from "@/lib/tlog/layout";

/**
 * What an attacker with write access to the hot store sees of the log, and edits: the sequenced
 * items (sealed leaves) in their buckets of 256, and each tile level's hashes in tiles of 256.
 */

/** How many leaves were sequenced (the sequencer's counter). */
export async function sequenced(store: Store): Promise<number> {
  return Number((await store.get(SEQUENCED_KEY)) ?? "0");
}

/** The hot store's leaf items in log order, as stored (a bucket moved to the tile store reads as none). */
export async function leafItems(store: Store): Promise<string[]> {
  const count = await sequenced(store);
  const items: string[] = [];
  for (let bundle = 0; bundle * TILE_WIDTH < count; bundle++) {
    items.push(...(await store.range(leafBucketKey(bundle), 0, -1)));
  }
  return items;
}

/** Replaces the hot store's leaf items (and the counter) with `items`, as an attacker would. */
export async function writeLeafItems(store: Store, items: string[]): Promise<void> {
  const count = await sequenced(store);
  for (let bundle = 0; bundle * TILE_WIDTH < Math.max(count, items.length); bundle++) {
    await store.del(leafBucketKey(bundle));
  }
  await store.del(SEQUENCED_KEY);
  if (items.length > 0) {
    await store.batch([
      { type: "push", key: SEQUENCED_KEY, values: items, bucket: { prefix: LEAF_BUCKET_PREFIX, size: TILE_WIDTH } },
    ]);
  }
}

/** Pushes items as the next leaves, as an attacker who can write the store but not seal would. */
export async function pushLeafItems(store: Store, items: string[]): Promise<void> {
  await store.batch([
    { type: "push", key: SEQUENCED_KEY, values: items, bucket: { prefix: LEAF_BUCKET_PREFIX, size: TILE_WIDTH } },
  ]);
}

/** Every hash of Merkle level `8 * level` the hot store holds, in order (base64). */
export async function levelHashes(store: Store, level: number): Promise<string[]> {
  const hashes: string[] = [];
  for (let index = 0; ; index++) {
    const tile = await store.range(tileKey(level, index), 0, -1);
    hashes.push(...tile);
    if (tile.length < TILE_WIDTH) return hashes;
  }
}

/** Replaces Merkle level `8 * level`'s hashes in the hot store with `hashes`. */
export async function writeLevelHashes(store: Store, level: number, hashes: string[]): Promise<void> {
  const old = await levelHashes(store, level);
  for (let index = 0; index * TILE_WIDTH < Math.max(old.length, 1); index++) await store.del(tileKey(level, index));
  for (let index = 0; index * TILE_WIDTH < hashes.length; index++) {
    const values = hashes.slice(index * TILE_WIDTH, (index + 1) * TILE_WIDTH);
    await store.batch([{ type: "append", key: tileKey(level, index), expectedLength: 0, values }]);
  }
}
