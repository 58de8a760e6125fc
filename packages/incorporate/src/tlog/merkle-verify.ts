import { requireCount, requireHash } from "./arguments.ts";
import { equalBytes } from "./bytes.ts";
import { TlogError } from "./errors.ts";
import { HASH_SIZE, nodeHash } from "./merkle-hash.ts";
import { type Hasher, sha256 } from "./sha256.ts";

// Index arithmetic uses division, not bit operators: JavaScript's bit operators truncate to 32 bits.
const isOdd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);

function requireProof(proof: readonly Uint8Array[]): void {
  for (const [i, p] of proof.entries()) {
    if (!(p instanceof Uint8Array) || p.length !== HASH_SIZE) {
      throw new TlogError("verification_failed", `proof hash ${i} is not a ${HASH_SIZE}-byte hash`);
    }
  }
}

/**
 * Checks an RFC 9162 (section 2.1.3.2) inclusion proof that the leaf with hash `leaf` sits at
 * `index` in the tree of `size` leaves whose root is `root`. Throws `TlogError` when it does not.
 */
export function verifyInclusion(
  leaf: Uint8Array,
  index: number,
  size: number,
  proof: readonly Uint8Array[],
  root: Uint8Array,
  hash: Hasher = sha256,
): void {
  requireCount("index", index);
  requireCount("size", size);
  requireHash("leaf hash", leaf);
  requireHash("root", root);
  if (index >= size) throw new TlogError("verification_failed", `index ${index} is not in a tree of size ${size}`);
  requireProof(proof);
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) throw new TlogError("verification_failed", "the inclusion proof is longer than the tree is high");
    if (isOdd(fn) || fn === sn) {
      r = nodeHash(p, r, hash);
      // Climb past the levels where this node has no right sibling (the tree's ragged right edge).
      while (!isOdd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      r = nodeHash(r, p, hash);
    }
    fn = half(fn);
    sn = half(sn);
  }
  if (sn !== 0) throw new TlogError("verification_failed", "the inclusion proof is shorter than the tree is high");
  if (!equalBytes(r, root)) throw new TlogError("verification_failed", "the inclusion proof does not lead to the root");
}

/**
 * Checks an RFC 9162 (section 2.1.4.2) consistency proof that the tree of `oldSize` leaves with
 * root `oldRoot` is a prefix of the tree of `newSize` leaves with root `newRoot`. An old size of 0
 * is refused: every tree extends the empty one, so such a proof would show nothing. Throws
 * `TlogError` when the proof fails.
 */
export function verifyConsistency(
  oldSize: number,
  newSize: number,
  proof: readonly Uint8Array[],
  oldRoot: Uint8Array,
  newRoot: Uint8Array,
  hash: Hasher = sha256,
): void {
  requireCount("old size", oldSize);
  requireCount("new size", newSize);
  if (oldSize === 0) throw new TlogError("invalid_argument", "a consistency proof from the empty tree proves nothing");
  if (newSize < oldSize) {
    throw new TlogError("verification_failed", `the new size ${newSize} is smaller than the old size ${oldSize}`);
  }
  if (oldSize === newSize) {
    // Nothing to hash: the proof is empty and the two roots are one and the same. The roots are
    // compared as given, not checked for length first, as in transparency-dev/merkle (whose probe
    // "sizes are equal (one) and proof is empty" passes two equal 12-byte roots).
    if (proof.length !== 0) throw new TlogError("verification_failed", "equal sizes need an empty consistency proof");
    if (!equalBytes(oldRoot, newRoot)) throw new TlogError("verification_failed", "equal sizes with different roots");
    return;
  }
  requireHash("old root", oldRoot);
  requireHash("new root", newRoot);
  requireProof(proof);
  if (proof.length === 0) throw new TlogError("verification_failed", "the consistency proof is empty");

  // When the old tree is a complete subtree its root is a node of the new tree, so the proof omits it.
  const path = isPowerOfTwo(oldSize) ? [oldRoot, ...proof] : proof;
  let fn = oldSize - 1;
  let sn = newSize - 1;
  while (isOdd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0] as Uint8Array;
  let sr = fr;
  for (const c of path.slice(1)) {
    if (sn === 0) throw new TlogError("verification_failed", "the consistency proof is too long");
    if (isOdd(fn) || fn === sn) {
      fr = nodeHash(c, fr, hash);
      sr = nodeHash(c, sr, hash);
      while (!isOdd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      sr = nodeHash(sr, c, hash);
    }
    fn = half(fn);
    sn = half(sn);
  }
  if (sn !== 0) throw new TlogError("verification_failed", "the consistency proof is too short");
  if (!equalBytes(fr, oldRoot))
    throw new TlogError("verification_failed", "the consistency proof does not give the old root");
  if (!equalBytes(sr, newRoot))
    throw new TlogError("verification_failed", "the consistency proof does not give the new root");
}

function isPowerOfTwo(n: number): boolean {
  while (n > 1 && !isOdd(n)) n = half(n);
  return n === 1;
}
