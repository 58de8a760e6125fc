import { TILE_WIDTH } from "../../packages/incorporate/src/tlog/tile-path";
import type { BatchWrite, Store } from "../store/types";
import { LEAF_BUCKET_PREFIX, leafBucketKey, SEQUENCED_KEY } from "./layout";
import { readLogHead } from "./log-head";
import { TileReader } from "./tile-read";

/** The bucketed push that sequences `item`: its index is the batch's answer (`pushedAt`). */
export const sequencePush = (item: string): BatchWrite => ({
  type: "push",
  key: SEQUENCED_KEY,
  values: [item],
  bucket: { prefix: LEAF_BUCKET_PREFIX, size: TILE_WIDTH },
});

/** How many leaves were ever sequenced: integrated or waiting. */
export async function sequencedCount(store: Store): Promise<number> {
  return Number((await store.get(SEQUENCED_KEY)) ?? "0");
}

/** The stored items (sealed leaves) [start, end) from the hot store, where every unintegrated leaf is. */
export async function hotLeafItems(store: Store, start: number, end: number): Promise<string[]> {
  const reads: Promise<string[]>[] = [];
  for (let at = start; at < end; ) {
    const bundle = Math.floor(at / TILE_WIDTH);
    const stop = Math.min(end, (bundle + 1) * TILE_WIDTH);
    reads.push(store.range(leafBucketKey(bundle), at - bundle * TILE_WIDTH, stop - bundle * TILE_WIDTH - 1));
    at = stop;
  }
  return (await Promise.all(reads)).flat();
}

/**
 * The leaves [start, end) (their bytes), integrated or not: from the hot store, or for bundles moved
 * to the tile store, from there, checked against the latest signed checkpoint.
 */
export async function readLeafRange(store: Store, start: number, end: number): Promise<string[]> {
  if (end <= start) return [];
  const head = (await readLogHead(store)) ?? { size: 0, root: new Uint8Array(32) };
  return new TileReader(store, head).leaves(start, end);
}
