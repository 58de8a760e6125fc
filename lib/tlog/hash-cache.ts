import type { Coord, HashLookup, StoredHash } from "@sociedades-ia/incorporate/tlog";
import { Generations } from "../cache/generations";
import { perStoreValue } from "../store/per-store";
import type { Store } from "../store/types";
import { readStoredHashes } from "./stored-hashes";
import type { TreeHead } from "./tile-read";

/**
 * Tree hashes this process stored or read, for the write path: a receipt's inclusion proof and the
 * next integration's edge then cost no store call. A stored hash never changes (each level only
 * grows, and a hash is a function of leaves that never change), so a remembered one cannot go stale;
 * a store edited behind the service's back changes what the store holds, not what the service
 * computed. The hashes near the tree's right edge are the ones new leaves' proofs need: they are the
 * newest, and those no proof used for a while go once the cache is full.
 */
const MAX_HASHES = 16_384;

const cacheOf = perStoreValue("sia.tlog.hash-cache", () => new Generations<number, Uint8Array>(MAX_HASHES));

/**
 * A coordinate as one number, for maps of tree hashes: no string to make and hash per lookup (a receipt's
 * proof and an integration's edge look up dozens). Levels are under 64, and an index stays far
 * below 2^47 (a leaf count), so the number is exact.
 */
export const coordKey = ({ level, index }: Coord) => index * 64 + level;

/** Remembers hashes an integration has just stored. */
export function rememberHashes(store: Store, stored: readonly StoredHash[]): void {
  const hashes = cacheOf(store);
  for (const h of stored) hashes.set(coordKey(h), h.hash);
}

/**
 * readStoredHashes, reading from the store only the hashes this process does not hold yet. The
 * hashes it holds are taken before it reads the others: requests running meanwhile may evict them,
 * and a hash it held a moment ago must not come back missing (a missing edge stalls the log). A hash
 * in use stays (see Generations): the high ones every proof needs stay while the old edge goes.
 */
export async function readHashesCached(store: Store, head: TreeHead, coords: readonly Coord[]): Promise<HashLookup> {
  const hashes = cacheOf(store);
  const found = new Map<number, Uint8Array>();
  const missing: Coord[] = [];
  for (const c of coords) {
    const key = coordKey(c);
    const hash = hashes.get(key);
    if (hash === undefined) missing.push(c);
    else found.set(key, hash);
  }
  if (missing.length > 0) {
    const read = await readStoredHashes(store, head, missing);
    for (const c of missing) {
      const hash = read(c);
      if (hash === undefined) continue;
      const key = coordKey(c);
      found.set(key, hash);
      hashes.set(key, hash);
    }
  }
  return (coord) => found.get(coordKey(coord));
}
