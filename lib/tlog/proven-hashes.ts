import { type Coord, type HashLookup, verifyInclusion } from "@sociedades-ia/incorporate/tlog";
import { Generations } from "../cache/generations";
import { perStoreValue } from "../store/per-store";
import type { Store } from "../store/types";
import { coordKey } from "./hash-cache";
import { nodeSha256 } from "./layout";
import type { TreeHead } from "./tile-read";

/**
 * Tree hashes that an inclusion proof checked against a signed root has fixed: a proof that leads
 * to the root holds the only hashes that can (SHA-256 has no known collisions), whatever the store
 * held. A stored hash never changes as the tree grows, so a proven one serves the proofs of every
 * later tree too. Reads prove the same few heads again and again (a session's badge, its verified
 * read), and building a proof from tiles hashes up to 255 tile entries per sibling.
 */
const MAX_HASHES = 16_384;

const cacheOf = perStoreValue("sia.tlog.proven-hashes", () => new Generations<number, Uint8Array>(MAX_HASHES));

/** The hashes at `coords` if every one of them is proven, else null. */
export function provenHashes(store: Store, coords: readonly Coord[]): HashLookup | null {
  const hashes = cacheOf(store);
  const found = new Map<number, Uint8Array>();
  for (const c of coords) {
    const hash = hashes.get(coordKey(c));
    if (hash === undefined) return null;
    found.set(coordKey(c), hash);
  }
  return (c) => found.get(coordKey(c));
}

/** True when `proof` proves `leaf` at `index` in the tree `head` signed. */
export function leadsToRoot(head: TreeHead, index: number, leaf: Uint8Array, proof: readonly Uint8Array[]): boolean {
  try {
    verifyInclusion(leaf, index, head.size, proof, head.root, nodeSha256);
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps the hashes at `coords` (from `lookup`), which a proof built from them has just led to a
 * signed root (leadsToRoot): each is then fixed, since the proof's hashes are folded from them.
 */
export function rememberProven(store: Store, coords: readonly Coord[], lookup: HashLookup): void {
  const hashes = cacheOf(store);
  for (const c of coords) {
    const hash = lookup(c);
    if (hash !== undefined) hashes.set(coordKey(c), hash);
  }
}
