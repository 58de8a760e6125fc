import { TILE_WIDTH } from "@sociedades-ia/incorporate/tlog";
import type { BatchWrite, Store, StoreRead } from "../store/types";
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

/** The bucket ranges that hold leaves [start, end) in the hot store, as reads for Store.readMany. */
export function hotLeafReads(start: number, end: number): StoreRead[] {
  const reads: StoreRead[] = [];
  for (let at = start; at < end; ) {
    const bundle = Math.floor(at / TILE_WIDTH);
    const stop = Math.min(end, (bundle + 1) * TILE_WIDTH);
    const first = bundle * TILE_WIDTH;
    reads.push({ type: "range", key: leafBucketKey(bundle), start: at - first, stop: stop - first - 1 });
    at = stop;
  }
  return reads;
}

/**
 * The items hotLeafReads read, joined in log order up to the first bucket that holds fewer than
 * asked: the leaves after it are not contiguous with those before.
 */
export function joinHotLeaves(reads: readonly StoreRead[], results: readonly string[][]): string[] {
  const items: string[] = [];
  for (const [i, read] of reads.entries()) {
    const got = results[i] ?? [];
    items.push(...got);
    if (read.type !== "range" || got.length < read.stop - read.start + 1) break;
  }
  return items;
}

/** The stored items (sealed leaves) [start, end) from the hot store, in one request. */
export async function hotLeafItems(store: Store, start: number, end: number): Promise<string[]> {
  const reads = hotLeafReads(start, end);
  if (reads.length === 0) return [];
  return joinHotLeaves(reads, (await store.readMany(reads)) as string[][]);
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
