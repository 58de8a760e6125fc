import type { Coord, HashLookup } from "@sociedades-ia/incorporate/tlog";
import type { Store } from "../store/types";
import { TileReader, type TreeHead } from "./tile-read";

/** Reads the stored hashes at `coords` of the tree `head` signed, from its tiles (in parallel). */
export async function readStoredHashes(store: Store, head: TreeHead, coords: readonly Coord[]): Promise<HashLookup> {
  return new TileReader(store, head).hashes(coords);
}

/** A lookup over several, the first that has the coordinate winning. */
export function lookupIn(...lookups: HashLookup[]): HashLookup {
  return (coord) => {
    for (const lookup of lookups) {
      const hash = lookup(coord);
      if (hash !== undefined) return hash;
    }
    return undefined;
  };
}
