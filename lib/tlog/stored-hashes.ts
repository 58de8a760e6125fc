import type { Coord, HashLookup } from "@sociedades-ia/incorporate/tlog";
import type { Store } from "../store/types";
import { fromBase64, levelKey } from "./layout";

/** Reads the stored hashes at `coords`, in one request. */
export async function readStoredHashes(store: Store, coords: readonly Coord[]): Promise<HashLookup> {
  const found = new Map<string, Uint8Array>();
  const read = await store.readMany(
    coords.map(({ level, index }) => ({ type: "range", key: levelKey(level), start: index, stop: index })),
  );
  coords.forEach(({ level, index }, i) => {
    const [text] = read[i] as string[];
    if (text !== undefined) found.set(`${level}/${index}`, fromBase64(text));
  });
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
