import {
  bundlePath,
  decodeEntryBundle,
  encodeEntryBundle,
  equalBytes,
  leafHash,
  TILE_WIDTH,
  type Tile,
  tileHashes,
  tilePath,
} from "@sociedades-ia/incorporate/tlog";
import { perStore } from "../store/per-store";
import { storeAlarm } from "../store/store-alarm";
import type { BatchWrite, Store } from "../store/types";
import { getTileStore } from "./get-tile-store";
import { FLUSHED_KEY, leafBucketKey, nodeSha256, tileKey } from "./layout";
import { hotBundle, rememberVerified, TileReader, type TreeHead } from "./tile-read";
import { isTileConflict, type TileStore } from "./tile-store";

/** Bundles moved per call at most: bounds the time one integration spends on it. */
const MAX_PER_CALL = 16;

/** How many bundles this process knows the tile store holds, per hot store: saves a read per integration. */
const known = () => perStore<number>("sia.tlog.flushed");

const encoder = new TextEncoder();

/** The full tiles that leaf bundle `bundle` completes: its level-0 tile, and a tile above each 256th. */
export function tilesCompletedBy(bundle: number): Tile[] {
  const tiles: Tile[] = [{ level: 0, index: bundle, width: TILE_WIDTH }];
  for (let level = 1, n = bundle + 1; n % TILE_WIDTH === 0; level++, n /= TILE_WIDTH) {
    tiles.push({ level, index: n / TILE_WIDTH - 1, width: TILE_WIDTH });
  }
  return tiles;
}

/**
 * Moves each full entry bundle the signed tree `head` covers, and the full tiles it completes, from
 * the hot store to the tile store, oldest first: written there (once; a second write of the same
 * bytes is a no-op), then deleted from the hot store with the count of moved bundles in one batch. A
 * crash between the two leaves both copies, and the next call writes the same bytes again. Nothing is
 * written that does not check against the signed root. Never throws: a tile store that is down or
 * refuses only leaves the tiles in the hot store a while longer (with an alarm when it refuses).
 */
/**
 * Whether flushTiles would have work for a tree of `size`: a tile store, and a full tile this process
 * has not seen moved to it. When not, an integrator needs its lock no longer once its commit lands.
 */
export function tilesToFlush(store: Store, size: number, tiles: TileStore | null = getTileStore()): boolean {
  return tiles !== null && (known().get(store) ?? -1) < Math.floor(size / TILE_WIDTH);
}

export async function flushTiles(
  store: Store,
  head: TreeHead,
  tiles: TileStore | null = getTileStore(),
): Promise<void> {
  if (tiles === null) return;
  const full = Math.floor(head.size / TILE_WIDTH);
  if ((known().get(store) ?? -1) >= full) return;
  try {
    const stored = await store.get(FLUSHED_KEY);
    let flushed = Number(stored ?? "0");
    const reader = new TileReader(store, head, tiles);
    for (let moved = 0; flushed < full && moved < MAX_PER_CALL; moved++) {
      const writes = await moveBundle(store, reader, tiles, flushed);
      if (writes === null) return;
      const next = String(flushed + 1);
      const result = await store.batch([
        ...writes,
        { type: "set", key: FLUSHED_KEY, value: next, expect: flushed === 0 ? [null, "0"] : [String(flushed)] },
      ]);
      if (!result.ok) return; // another integrator moved it meanwhile
      flushed++;
    }
    known().set(store, flushed);
  } catch (err) {
    console.error("[tlog] moving tiles to the tile store failed; they stay in the hot store for now:", err);
  }
}

/** Writes bundle `bundle` and the tiles it completes to the tile store; the hot store's deletes, or null. */
async function moveBundle(
  store: Store,
  reader: TileReader,
  tiles: TileStore,
  bundle: number,
): Promise<BatchWrite[] | null> {
  const completed = tilesCompletedBy(bundle);
  const leaves = await hotBundle(store, bundle, TILE_WIDTH);
  if (leaves === null) {
    // Already gone from the hot store: moved by a process whose count write was lost? Only if the tile store has it.
    const inStore = await tiles.get(bundlePath({ index: bundle, width: TILE_WIDTH }));
    if (inStore === null) {
      storeAlarm("tlog", "a full entry bundle is in neither store", bundlePath({ index: bundle, width: TILE_WIDTH }));
      return null;
    }
    return [];
  }
  // Each tile checked against the signed root (a copy that does not check raises an alarm and throws).
  const bytes = new Map<Tile, Uint8Array>();
  for (const tile of completed) bytes.set(tile, await reader.full(tile));
  const bundleBytes = encodeEntryBundle(leaves.map((leaf) => encoder.encode(leaf)));
  const level0 = tileHashes(completed[0] as Tile, bytes.get(completed[0] as Tile) as Uint8Array);
  const holds = decodeEntryBundle(bundleBytes, TILE_WIDTH).every((e, i) =>
    equalBytes(leafHash(e, nodeSha256), level0[i] as Uint8Array),
  );
  if (!holds) {
    storeAlarm("tlog", "a full leaf bucket in the hot store does not match its tile: not moved", String(bundle));
    return null;
  }
  try {
    await tiles.put(bundlePath({ index: bundle, width: TILE_WIDTH }), bundleBytes);
    for (const tile of completed) {
      await tiles.put(tilePath(tile), bytes.get(tile) as Uint8Array);
      rememberVerified(store, tile, bytes.get(tile) as Uint8Array);
    }
  } catch (err) {
    if (!isTileConflict(err)) throw err;
    storeAlarm("tlog", `the tile store refused a tile: ${err.message}`, String(bundle));
    return null;
  }
  return [
    { type: "del", key: leafBucketKey(bundle) },
    ...completed.map((t) => ({ type: "del" as const, key: tileKey(t.level, t.index) })),
  ];
}
