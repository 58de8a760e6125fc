import {
  bundlePath,
  type Coord,
  concatBytes,
  decodeEntryBundle,
  encodeEntryBundle,
  equalBytes,
  type HashLookup,
  leafHash,
  nodeHash,
  rootFromStored,
  storedHashesFromTiles,
  TILE_HEIGHT,
  TILE_WIDTH,
  type Tile,
  type TileFetcher,
  tileHashes,
  tilePath,
} from "@sociedades-ia/incorporate/tlog";
import { evictOldest } from "../cache/evict-oldest";
import { perStoreValue } from "../store/per-store";
import { storeAlarm } from "../store/store-alarm";
import type { Store } from "../store/types";
import { getTileStore } from "./get-tile-store";
import { fromBase64, leafBucketKey, nodeSha256, tileKey } from "./layout";
import { leafOfItem } from "./sealed-leaf";
import type { TileStore } from "./tile-store";

/** The tree a read is checked against: a signed checkpoint's size and root. */
export interface TreeHead {
  size: number;
  root: Uint8Array;
}

const FULL = TILE_WIDTH;
const encoder = new TextEncoder();

/** A tile or bundle the log has but cannot give in a form that checks: the store was edited, or is down. */
export class TileUnavailable extends Error {
  override name = "TileUnavailable";
  readonly tileUnavailable = true;
}

export const isTileUnavailable = (err: unknown): err is TileUnavailable =>
  typeof err === "object" && err !== null && "tileUnavailable" in err;

/** A tile's hashes as the hot store holds them (its first `width`), or null when it holds fewer. */
export async function hotTile(store: Store, tile: Tile): Promise<Uint8Array | null> {
  const hashes = await store.range(tileKey(tile.level, tile.index), 0, tile.width - 1);
  return hashes.length === tile.width ? concatBytes(...hashes.map(fromBase64)) : null;
}

/** A bundle's first `width` leaves as the hot store holds them (their bytes, unsealed), or null. */
export async function hotBundle(store: Store, index: number, width: number): Promise<string[] | null> {
  const items = await store.range(leafBucketKey(index), 0, width - 1);
  return items.length === width ? items.map(leafOfItem) : null;
}

/**
 * The full tiles this process has checked against a signed root, by path: a full tile never changes,
 * so one check holds for good. Bounded; the oldest go first.
 */
const MAX_VERIFIED = 1024;
const verifiedOf = perStoreValue("sia.tlog.verified-tiles", () => new Map<string, Uint8Array>());

/** Remembers a full tile as checked (written by this process's integrator, or verified). */
export function rememberVerified(store: Store, tile: Tile, bytes: Uint8Array): void {
  const map = verifiedOf(store);
  map.set(tilePath(tile), bytes);
  evictOldest(map, MAX_VERIFIED);
}

/** The complete subtrees, left to right, of the leaf range [start, end). */
function rangeCoords(start: number, end: number): Coord[] {
  const coords: Coord[] = [];
  for (let at = start; at < end; ) {
    let level = 0;
    while (at % 2 ** (level + 1) === 0 && at + 2 ** (level + 1) <= end) level++;
    coords.push({ level, index: at / 2 ** level });
    at += 2 ** level;
  }
  return coords;
}

/** The largest power of two strictly below n (n >= 2): where RFC 6962 splits a tree. */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * The sibling ranges on the path from the complete subtree `node` up to the root of a tree of `size`
 * leaves, bottom first, each with the side it joins on.
 */
function pathToRoot(node: Coord, size: number): { start: number; end: number; right: boolean }[] {
  const first = node.index * 2 ** node.level;
  const width = 2 ** node.level;
  const path: { start: number; end: number; right: boolean }[] = [];
  let start = 0;
  let end = size;
  while (end - start > width) {
    const k = splitPoint(end - start);
    if (first - start < k) {
      path.push({ start: start + k, end, right: true });
      end = start + k;
    } else {
      path.push({ start, end: start + k, right: false });
      start += k;
    }
  }
  return path.reverse();
}

/** The hash of a full tile's subtree: its 256 hashes hashed up 8 levels. */
function tileRoot(bytes: Uint8Array): Uint8Array {
  let row = tileHashes({ level: 0, index: 0, width: FULL }, bytes);
  while (row.length > 1) {
    row = Array.from({ length: row.length / 2 }, (_, i) =>
      nodeHash(row[2 * i] as Uint8Array, row[2 * i + 1] as Uint8Array, nodeSha256),
    );
  }
  return row[0] as Uint8Array;
}

/**
 * True when the full tile's bytes are those of the tree `head` signed: its subtree's hash, joined with
 * the siblings on the path up (read from any tiles, trusted or not), gives the signed root.
 */
async function tileHolds(tile: Tile, bytes: Uint8Array, head: TreeHead, fetch: TileFetcher): Promise<boolean> {
  if (bytes.length !== FULL * 32) return false;
  const node = { level: (tile.level + 1) * TILE_HEIGHT, index: tile.index };
  if ((node.index + 1) * 2 ** node.level > head.size) return false;
  const path = pathToRoot(node, head.size);
  let lookup: HashLookup;
  try {
    lookup = await storedHashesFromTiles(
      head.size,
      path.flatMap((r) => rangeCoords(r.start, r.end)),
      fetch,
      nodeSha256,
    );
  } catch {
    return false;
  }
  let acc = tileRoot(bytes);
  for (const r of path) {
    // A range's hash: its complete subtrees folded right to left, as RFC 6962 builds it.
    const sibling = rootFromStored(
      r.end - r.start,
      (c) => lookup({ level: c.level, index: c.index + r.start / 2 ** c.level }),
      nodeSha256,
    );
    acc = r.right ? nodeHash(acc, sibling, nodeSha256) : nodeHash(sibling, acc, nodeSha256);
  }
  return equalBytes(acc, head.root);
}

/**
 * Reads tiles for the tree `head`: full tiles from the tile store (or the hot store until they are
 * moved), each checked against the signed root before it is used; partial tiles from the hot store
 * (the prefix of the full tile once the tile store has it). Throws TileUnavailable when the log has
 * the tile but no copy of it checks.
 */
export class TileReader {
  constructor(
    readonly store: Store,
    readonly head: TreeHead,
    readonly tiles: TileStore | null = getTileStore(),
  ) {}

  /** Any copy, unchecked: what sibling hashes are read from (the root check covers them). */
  readonly raw: TileFetcher = async (tile) => {
    const known = verifiedOf(this.store).get(tilePath({ ...tile, width: FULL }));
    if (known) return known.slice(0, tile.width * 32);
    const hot = await hotTile(this.store, tile);
    if (hot) return hot;
    const stored = this.tiles ? await this.tiles.get(tilePath({ ...tile, width: FULL })) : null;
    if (stored && stored.length === FULL * 32) return stored.slice(0, tile.width * 32);
    throw new TileUnavailable(`${tilePath(tile)} is in neither store`);
  };

  /** A full tile, checked against the signed root; whichever store holds a copy that checks. */
  async full(tile: Tile): Promise<Uint8Array> {
    const full = { ...tile, width: FULL };
    const path = tilePath(full);
    const known = verifiedOf(this.store).get(path);
    if (known) return known;
    const copies: [string, () => Promise<Uint8Array | null>][] = [
      ["the tile store", async () => (this.tiles ? this.tiles.get(path) : null)],
      ["the hot store", () => hotTile(this.store, full)],
    ];
    let found = false;
    for (const [where, read] of copies) {
      const bytes = await read();
      if (bytes === null) continue;
      found = true;
      if (await tileHolds(full, bytes, this.head, this.raw)) {
        rememberVerified(this.store, full, bytes);
        return bytes;
      }
      storeAlarm("tlog", `${where} holds a tile that does not give the signed root`, path);
    }
    throw new TileUnavailable(found ? `no stored copy of ${path} checks` : `${path} is in neither store`);
  }

  /** Tile bytes as tlog-tiles serves them: full tiles and prefixes of full tiles checked; the tail as stored. */
  readonly fetch: TileFetcher = async (tile) => {
    const fullUnder = (tile.index + 1) * FULL * FULL ** tile.level <= this.head.size;
    if (fullUnder) return (await this.full(tile)).slice(0, tile.width * 32);
    const hot = await hotTile(this.store, tile);
    if (hot) return hot;
    throw new TileUnavailable(`${tilePath(tile)} is not in the hot store`);
  };

  /** The stored hashes at `coords` in the tree of `size` leaves (size <= the head's), from tiles. */
  hashes(coords: readonly Coord[], size = this.head.size): Promise<HashLookup> {
    return storedHashesFromTiles(size, coords, this.fetch, nodeSha256);
  }

  /**
   * The first `width` leaves of bundle `index` (their bytes): from the hot store while it has them,
   * else from the tile store's bundle, each leaf checked against the checked level-0 tile.
   */
  async bundle(index: number, width: number): Promise<string[]> {
    const hot = await hotBundle(this.store, index, width);
    if (hot) return hot;
    if ((index + 1) * FULL > this.head.size || !this.tiles) {
      throw new TileUnavailable(`${bundlePath({ index, width })} is not in the hot store`);
    }
    const path = bundlePath({ index, width: FULL });
    const bytes = await this.tiles.get(path);
    if (bytes === null) throw new TileUnavailable(`${path} is in neither store`);
    const hashes = tileHashes({ level: 0, index, width: FULL }, await this.full({ level: 0, index, width: FULL }));
    let entries: Uint8Array[];
    try {
      entries = decodeEntryBundle(bytes, FULL);
    } catch {
      entries = [];
    }
    const holds =
      entries.length === FULL && entries.every((e, i) => equalBytes(leafHash(e, nodeSha256), hashes[i] as Uint8Array));
    if (!holds) {
      storeAlarm("tlog", "the tile store holds an entry bundle whose leaves are not the log's", path);
      throw new TileUnavailable(`the stored ${path} does not match the log's tree`);
    }
    const decoder = new TextDecoder();
    return entries.slice(0, width).map((e) => decoder.decode(e));
  }

  /** The entry bundle's bytes as tlog-tiles serves them. */
  async bundleBytes(index: number, width: number): Promise<Uint8Array> {
    return encodeEntryBundle((await this.bundle(index, width)).map((leaf) => encoder.encode(leaf)));
  }

  /** The leaves [start, end) of the tree (their bytes), bundle by bundle. */
  async leaves(start: number, end: number): Promise<string[]> {
    const out: string[] = [];
    for (let at = start; at < end; ) {
      const index = Math.floor(at / FULL);
      const stop = Math.min(end, (index + 1) * FULL);
      const leaves = await this.bundle(index, stop - index * FULL);
      out.push(...leaves.slice(at - index * FULL));
      at = stop;
    }
    return out;
  }
}
