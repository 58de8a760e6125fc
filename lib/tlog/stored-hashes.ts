import type { Coord, HashLookup } from "../../packages/incorporate/src/tlog/merkle-coords";
import type { Store } from "../store/types";
import { fromBase64, levelKey } from "./layout";

/** Reads the stored hashes at `coords` (in parallel: one round trip on Upstash's pipeline). */
export async function readStoredHashes(store: Store, coords: readonly Coord[]): Promise<HashLookup> {
  const found = new Map<string, Uint8Array>();
  await Promise.all(
    coords.map(async ({ level, index }) => {
      const [text] = await store.range(levelKey(level), index, index);
      if (text !== undefined) found.set(`${level}/${index}`, fromBase64(text));
    }),
  );
  return ({ level, index }) => found.get(`${level}/${index}`);
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
