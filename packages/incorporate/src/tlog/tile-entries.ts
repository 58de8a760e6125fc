import { equalBytes } from "./bytes.ts";
import { decodeEntryBundle } from "./entry-bundle.ts";
import { TlogError } from "./errors.ts";
import { type Coord, coordKey, inclusionProofCoords, inclusionProofFromStored } from "./merkle-coords.ts";
import { leafHash } from "./merkle-hash.ts";
import { verifyInclusion } from "./merkle-verify.ts";
import { type Hasher, sha256 } from "./sha256.ts";
import { type BundleRef, bundlePath, TILE_WIDTH } from "./tile-path.ts";
import { storedHashesFromTiles, type TileFetcher, type TreeHead } from "./tile-verify.ts";
import { tileWidth } from "./tiles.ts";

/** Fetches an entry bundle's bytes (`<prefix>/` + `bundlePath(bundle)`); rejects when it cannot. */
export type BundleFetcher = (bundle: BundleRef) => Promise<Uint8Array>;

/**
 * Reads entry bundle `index` of the checkpoint's tree and proves every entry in it: each entry's
 * leaf hash must be the tile's, and each leaf must be included under the checkpoint's root.
 * Returns the entries with their log indices.
 */
export async function readEntriesFromTiles(
  head: TreeHead,
  index: number,
  fetchTile: TileFetcher,
  fetchBundle: BundleFetcher,
  hash: Hasher = sha256,
): Promise<{ index: number; entry: Uint8Array }[]> {
  const width = tileWidth(0, index, head.size);
  if (width === 0) throw new TlogError("invalid_argument", `a tree of size ${head.size} has no entry bundle ${index}`);
  const bundle = { index, width };
  let bytes: Uint8Array;
  try {
    bytes = await fetchBundle(bundle);
  } catch (err) {
    throw new TlogError("missing_data", `fetching ${bundlePath(bundle)} failed`, { cause: err });
  }
  const entries = decodeEntryBundle(bytes, width);

  const first = index * TILE_WIDTH;
  const needed = new Map<string, Coord>();
  for (let i = first; i < first + width; i++) {
    for (const c of [{ level: 0, index: i }, ...inclusionProofCoords(i, head.size)]) needed.set(coordKey(c), c);
  }
  // One fetch per tile, however many leaves share it.
  const lookup = await storedHashesFromTiles(head.size, [...needed.values()], fetchTile, hash);
  return entries.map((entry, k) => {
    const i = first + k;
    const leaf = lookup({ level: 0, index: i }) as Uint8Array;
    if (!equalBytes(leafHash(entry, hash), leaf)) {
      throw new TlogError("verification_failed", `entry ${i} in ${bundlePath(bundle)} does not hash to its leaf`);
    }
    verifyInclusion(leaf, i, head.size, inclusionProofFromStored(i, head.size, lookup, hash), head.root, hash);
    return { index: i, entry };
  });
}
