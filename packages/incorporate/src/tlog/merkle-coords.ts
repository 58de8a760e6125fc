import { requireCount, requireHash } from "./arguments.ts";
import { TlogError } from "./errors.ts";
import { nodeHash } from "./merkle-hash.ts";
import { type Hasher, sha256 } from "./sha256.ts";

/**
 * A complete subtree of the log: the `2^level` leaves starting at leaf `index * 2^level`. Its hash
 * never changes once the log has that many leaves, so it is what a log stores (the "stored hash"
 * of tlog-tiles); every root and proof of any size is computed from a few of them.
 */
export interface Coord {
  level: number;
  index: number;
}

export interface StoredHash extends Coord {
  hash: Uint8Array;
}

/** Returns the stored hash at a coordinate, or undefined when it is not at hand. */
export type HashLookup = (coord: Coord) => Uint8Array | undefined;

/** A stable string key for maps and key-value stores: `<level>/<index>`. */
export function coordKey(coord: Coord): string {
  return `${coord.level}/${coord.index}`;
}

/** The leaf range [start, end) of a node of the RFC 6962 tree; start is aligned to its width. */
interface Range {
  start: number;
  end: number;
}

/** The largest power of two strictly below n (n >= 2): where RFC 6962 splits a tree of n leaves. */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** The complete subtrees, left to right, whose hashes fold into the hash of the range. */
function rangeCoords({ start, end }: Range): Coord[] {
  const coords: Coord[] = [];
  let at = start;
  while (at < end) {
    let width = 1;
    let level = 0;
    while (width * 2 <= end - at) {
      width *= 2;
      level++;
    }
    coords.push({ level, index: at / width });
    at += width;
  }
  return coords;
}

function rangeHash(range: Range, lookup: HashLookup, hash: Hasher): Uint8Array {
  const hashes = rangeCoords(range).map((c) => {
    const h = lookup(c);
    if (h === undefined) throw new TlogError("missing_data", `the stored hash ${coordKey(c)} is missing`);
    requireHash(`stored hash ${coordKey(c)}`, h);
    return h;
  });
  // Right to left: MTH(D[a:b]) = node(MTH(left complete subtree), MTH(the rest)).
  let acc = hashes[hashes.length - 1] as Uint8Array;
  for (let i = hashes.length - 2; i >= 0; i--) acc = nodeHash(hashes[i] as Uint8Array, acc, hash);
  return acc;
}

/** RFC 6962 PATH(m, D[0:n]): the sibling ranges from the leaf up to the root. */
function inclusionRanges(index: number, size: number): Range[] {
  requireCount("index", index);
  requireCount("size", size);
  if (index >= size) throw new TlogError("invalid_argument", `index ${index} is not in a tree of size ${size}`);
  const ranges: Range[] = [];
  let start = 0;
  let end = size;
  while (end - start > 1) {
    const k = splitPoint(end - start);
    if (index - start < k) {
      ranges.push({ start: start + k, end });
      end = start + k;
    } else {
      ranges.push({ start, end: start + k });
      start += k;
    }
  }
  return ranges.reverse();
}

/** RFC 6962 PROOF(m, D[0:n]) via SUBPROOF: the ranges from the bottom of the proof up. */
function consistencyRanges(oldSize: number, newSize: number): Range[] {
  requireCount("old size", oldSize);
  requireCount("new size", newSize);
  if (oldSize === 0) throw new TlogError("invalid_argument", "a consistency proof from the empty tree proves nothing");
  if (oldSize > newSize) {
    throw new TlogError("invalid_argument", `the old size ${oldSize} is larger than the new size ${newSize}`);
  }
  const ranges: Range[] = [];
  let m = oldSize;
  let start = 0;
  let end = newSize;
  // Whether the old tree is still the left edge of the current subtree (then its root is known).
  let onLeftEdge = true;
  while (m !== end - start) {
    const k = splitPoint(end - start);
    if (m <= k) {
      ranges.push({ start: start + k, end });
      end = start + k;
    } else {
      ranges.push({ start, end: start + k });
      m -= k;
      start += k;
      onLeftEdge = false;
    }
  }
  if (!onLeftEdge) ranges.push({ start, end });
  return ranges.reverse();
}

/** The stored hashes the root of a tree of `size` leaves is computed from (none for size 0). */
export function rootCoords(size: number): Coord[] {
  requireCount("size", size);
  return rangeCoords({ start: 0, end: size });
}

/** The stored hashes an inclusion proof of leaf `index` in a tree of `size` leaves needs. */
export function inclusionProofCoords(index: number, size: number): Coord[] {
  return inclusionRanges(index, size).flatMap(rangeCoords);
}

/** The stored hashes a consistency proof from `oldSize` to `newSize` needs. */
export function consistencyProofCoords(oldSize: number, newSize: number): Coord[] {
  return consistencyRanges(oldSize, newSize).flatMap(rangeCoords);
}

/** The root of the tree of `size` leaves (size >= 1) from stored hashes ({@link rootCoords}). */
export function rootFromStored(size: number, lookup: HashLookup, hash: Hasher = sha256): Uint8Array {
  requireCount("size", size);
  if (size === 0) throw new TlogError("invalid_argument", "the empty tree has no stored hashes: use emptyRoot()");
  return rangeHash({ start: 0, end: size }, lookup, hash);
}

/** The RFC 9162 inclusion proof of leaf `index` in the tree of `size` leaves, from stored hashes. */
export function inclusionProofFromStored(
  index: number,
  size: number,
  lookup: HashLookup,
  hash: Hasher = sha256,
): Uint8Array[] {
  return inclusionRanges(index, size).map((r) => rangeHash(r, lookup, hash));
}

/** The RFC 9162 consistency proof from `oldSize` to `newSize` (0 < oldSize <= newSize), from stored hashes. */
export function consistencyProofFromStored(
  oldSize: number,
  newSize: number,
  lookup: HashLookup,
  hash: Hasher = sha256,
): Uint8Array[] {
  return consistencyRanges(oldSize, newSize).map((r) => rangeHash(r, lookup, hash));
}

/**
 * Appends leaves to a log of `size` leaves: returns every complete-subtree hash that the new leaves
 * (leaf hashes of indices size, size+1, ...) create, leaves included, for the caller to store. It
 * reads only the stored hashes at `rootCoords(size)`, the right edge of the old tree.
 */
export function appendStoredHashes(
  size: number,
  leafHashes: readonly Uint8Array[],
  lookup: HashLookup,
  hash: Hasher = sha256,
): StoredHash[] {
  requireCount("size", size);
  const stack: StoredHash[] = rootCoords(size).map((c) => {
    const h = lookup(c);
    if (h === undefined) throw new TlogError("missing_data", `the stored hash ${coordKey(c)} is missing`);
    requireHash(`stored hash ${coordKey(c)}`, h);
    return { ...c, hash: h };
  });
  const created: StoredHash[] = [];
  for (const [i, leaf] of leafHashes.entries()) {
    requireHash(`leaf hash ${i}`, leaf);
    let node: StoredHash = { level: 0, index: size + i, hash: leaf };
    created.push(node);
    // A node with an even index is a left child; it completes a parent once its right sibling arrives.
    for (let top = stack.at(-1); top !== undefined && top.level === node.level; top = stack.at(-1)) {
      stack.pop();
      node = { level: node.level + 1, index: top.index / 2, hash: nodeHash(top.hash, node.hash, hash) };
      created.push(node);
    }
    stack.push(node);
  }
  return created;
}
