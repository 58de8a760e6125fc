import { requireCount, requireHash } from "./arguments.ts";
import { concatBytes } from "./bytes.ts";
import { TlogError } from "./errors.ts";
import { type Coord, coordKey, type HashLookup } from "./merkle-coords.ts";
import { HASH_SIZE } from "./merkle-hash.ts";
import { TILE_HEIGHT, TILE_WIDTH, type Tile, tilePath } from "./tile-path.ts";

/** How many hashes Merkle level `8 * level` has in a tree of `size` leaves. */
function hashesAtTileLevel(size: number, level: number): number {
  return Math.floor(size / TILE_WIDTH ** level);
}

/**
 * The width of tile (level, index) in the tree of `size` leaves: 256 when full, 1 to 255 when
 * partial, 0 when the tree does not have it yet.
 */
export function tileWidth(level: number, index: number, size: number): number {
  requireCount("tile level", level);
  requireCount("tile index", index);
  requireCount("size", size);
  const remaining = hashesAtTileLevel(size, level) - index * TILE_WIDTH;
  return Math.max(0, Math.min(TILE_WIDTH, remaining));
}

/**
 * Every tile a tree of `size` leaves has: at each level, its full tiles and, when the level's
 * count is not a multiple of 256, the partial tile at its right edge. One tile per 256 leaves or
 * so: for a large log, list only what you need with {@link tileWidth}.
 */
export function tilesForSize(size: number): Tile[] {
  requireCount("size", size);
  const tiles: Tile[] = [];
  for (let level = 0; hashesAtTileLevel(size, level) > 0; level++) {
    const count = hashesAtTileLevel(size, level);
    for (let index = 0; index * TILE_WIDTH < count; index++) {
      tiles.push({ level, index, width: Math.min(TILE_WIDTH, count - index * TILE_WIDTH) });
    }
  }
  return tiles;
}

/** The stored-hash coordinates a tile holds, in order: Merkle level 8L, hashes N*256 onwards. */
export function tileCoords(tile: Tile): Coord[] {
  tilePath(tile); // validates level, index and width
  const first = tile.index * TILE_WIDTH;
  return Array.from({ length: tile.width }, (_, i) => ({ level: tile.level * TILE_HEIGHT, index: first + i }));
}

/** A tile's bytes: its hashes concatenated, read from stored hashes. */
export function tileFromStored(tile: Tile, lookup: HashLookup): Uint8Array {
  return concatBytes(
    ...tileCoords(tile).map((c) => {
      const h = lookup(c);
      if (h === undefined) throw new TlogError("missing_data", `the stored hash ${coordKey(c)} is missing`);
      requireHash(`stored hash ${coordKey(c)}`, h);
      return h;
    }),
  );
}

/** Splits a tile's bytes into its hashes, refusing a body whose length is not `width` hashes. */
export function tileHashes(tile: Tile, bytes: Uint8Array): Uint8Array[] {
  tilePath(tile);
  if (bytes.length !== tile.width * HASH_SIZE) {
    throw new TlogError(
      "malformed",
      `${tilePath(tile)} has ${bytes.length} bytes, expected ${tile.width * HASH_SIZE} (${tile.width} hashes)`,
    );
  }
  return Array.from({ length: tile.width }, (_, i) => bytes.slice(i * HASH_SIZE, (i + 1) * HASH_SIZE));
}
