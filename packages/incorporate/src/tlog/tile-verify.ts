import { requireCount, requireHash } from "./arguments.ts";
import { equalBytes } from "./bytes.ts";
import { TlogError } from "./errors.ts";
import {
  type Coord,
  consistencyProofCoords,
  consistencyProofFromStored,
  coordKey,
  type HashLookup,
  inclusionProofCoords,
  inclusionProofFromStored,
  rootCoords,
  rootFromStored,
} from "./merkle-coords.ts";
import { emptyRoot, nodeHash } from "./merkle-hash.ts";
import { verifyConsistency, verifyInclusion } from "./merkle-verify.ts";
import { type Hasher, sha256 } from "./sha256.ts";
import { TILE_HEIGHT, TILE_WIDTH, type Tile, tilePath } from "./tile-path.ts";
import { tileHashes, tileWidth } from "./tiles.ts";

/** Fetches a tile's bytes (`<prefix>/` + {@link tilePath}); rejects when it cannot. */
export type TileFetcher = (tile: Tile) => Promise<Uint8Array>;

/** What a checkpoint commits to: the tree size and its root. */
export interface TreeHead {
  size: number;
  root: Uint8Array;
}

/**
 * Fetches, in parallel, the tiles of the tree of `size` leaves that hold the given stored hashes
 * and returns a lookup over those hashes. A stored hash at level k is rebuilt from the tile at
 * level floor(k / 8) by hashing up the levels between. Nothing here is trusted yet: callers check
 * what they build from it against a checkpoint's root.
 */
export async function storedHashesFromTiles(
  size: number,
  coords: readonly Coord[],
  fetchTile: TileFetcher,
  hash: Hasher = sha256,
): Promise<HashLookup> {
  requireCount("size", size);
  const plans = coords.map((c) => {
    if ((c.index + 1) * 2 ** c.level > size) {
      throw new TlogError("invalid_argument", `the stored hash ${coordKey(c)} is not in a tree of size ${size}`);
    }
    const level = Math.floor(c.level / TILE_HEIGHT);
    const span = 2 ** (c.level - level * TILE_HEIGHT);
    const first = c.index * span;
    const tileIndex = Math.floor(first / TILE_WIDTH);
    const tile = { level, index: tileIndex, width: tileWidth(level, tileIndex, size) };
    return { coord: c, tile, offset: first - tileIndex * TILE_WIDTH, span };
  });

  const tiles = new Map<string, Promise<Uint8Array[]>>();
  for (const { tile } of plans) {
    const path = tilePath(tile);
    if (!tiles.has(path)) {
      tiles.set(
        path,
        fetchTile(tile).then(
          (bytes) => tileHashes(tile, bytes),
          (err: unknown) => {
            throw new TlogError("missing_data", `fetching ${path} failed`, { cause: err });
          },
        ),
      );
    }
  }
  const fetched = new Map<string, Uint8Array[]>();
  await Promise.all([...tiles].map(async ([path, p]) => fetched.set(path, await p)));

  const hashes = new Map<string, Uint8Array>();
  for (const { coord, tile, offset, span } of plans) {
    let row = (fetched.get(tilePath(tile)) as Uint8Array[]).slice(offset, offset + span);
    while (row.length > 1) {
      row = Array.from({ length: row.length / 2 }, (_, i) =>
        nodeHash(row[2 * i] as Uint8Array, row[2 * i + 1] as Uint8Array, hash),
      );
    }
    hashes.set(coordKey(coord), row[0] as Uint8Array);
  }
  return (c) => hashes.get(coordKey(c));
}

function checkHead(head: TreeHead): void {
  requireCount("size", head.size);
  requireHash("root", head.root);
}

/** Rebuilds the root of a checkpoint's tree from the log's tiles; throws unless it is the checkpoint's. */
export async function verifyTreeFromTiles(
  head: TreeHead,
  fetchTile: TileFetcher,
  hash: Hasher = sha256,
): Promise<void> {
  checkHead(head);
  const root =
    head.size === 0
      ? emptyRoot(hash)
      : rootFromStored(head.size, await storedHashesFromTiles(head.size, rootCoords(head.size), fetchTile, hash), hash);
  if (!equalBytes(root, head.root)) {
    throw new TlogError("verification_failed", `the tiles give another root than the checkpoint of size ${head.size}`);
  }
}

/**
 * Reads leaf `index`'s hash and its inclusion proof from the tiles, and checks the proof against
 * the checkpoint's root before returning them.
 */
export async function inclusionProofFromTiles(
  head: TreeHead,
  index: number,
  fetchTile: TileFetcher,
  hash: Hasher = sha256,
): Promise<{ leafHash: Uint8Array; proof: Uint8Array[] }> {
  checkHead(head);
  const leafCoord = { level: 0, index };
  const coords = [leafCoord, ...inclusionProofCoords(index, head.size)];
  const lookup = await storedHashesFromTiles(head.size, coords, fetchTile, hash);
  const leafHash = lookup(leafCoord) as Uint8Array;
  const proof = inclusionProofFromStored(index, head.size, lookup, hash);
  verifyInclusion(leafHash, index, head.size, proof, head.root, hash);
  return { leafHash, proof };
}

/**
 * Builds the consistency proof between two checkpoints from the tiles of the newer tree, and checks
 * it against both roots before returning it.
 */
export async function consistencyProofFromTiles(
  oldHead: TreeHead,
  newHead: TreeHead,
  fetchTile: TileFetcher,
  hash: Hasher = sha256,
): Promise<Uint8Array[]> {
  checkHead(oldHead);
  checkHead(newHead);
  const coords = consistencyProofCoords(oldHead.size, newHead.size);
  const lookup = await storedHashesFromTiles(newHead.size, coords, fetchTile, hash);
  const proof = consistencyProofFromStored(oldHead.size, newHead.size, lookup, hash);
  verifyConsistency(oldHead.size, newHead.size, proof, oldHead.root, newHead.root, hash);
  return proof;
}
