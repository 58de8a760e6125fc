import { TlogError } from "./errors.ts";
import {
  appendStoredHashes,
  type Coord,
  consistencyProofFromStored,
  coordKey,
  inclusionProofFromStored,
  rootFromStored,
} from "./merkle-coords.ts";
import { emptyRoot, leafHash } from "./merkle-hash.ts";
import { type Hasher, sha256 } from "./sha256.ts";

/**
 * A log kept in memory, built on the same stored-hash functions a server uses: for tests, demos and
 * small tools. It can give the root and proofs of every size it has had.
 */
export class MemoryTree {
  readonly #stored = new Map<string, Uint8Array>();
  readonly #hash: Hasher;
  #size = 0;

  constructor(hash: Hasher = sha256) {
    this.#hash = hash;
  }

  get size(): number {
    return this.#size;
  }

  /** Appends leaves by their leaf hashes; returns the index of the first one. */
  appendLeafHashes(...leafHashes: Uint8Array[]): number {
    const first = this.#size;
    for (const s of appendStoredHashes(first, leafHashes, this.lookup, this.#hash))
      this.#stored.set(coordKey(s), s.hash);
    this.#size += leafHashes.length;
    return first;
  }

  /** Appends entries (hashed as RFC 6962 leaves); returns the index of the first one. */
  appendEntries(...entries: Uint8Array[]): number {
    return this.appendLeafHashes(...entries.map((e) => leafHash(e, this.#hash)));
  }

  /** The stored hash at a coordinate, as a server's store would return it. */
  readonly lookup = (coord: Coord): Uint8Array | undefined => this.#stored.get(coordKey(coord));

  /** The root of the tree at `size` (default: now); the empty tree's root for size 0. */
  root(size = this.#size): Uint8Array {
    this.#checkSize(size);
    return size === 0 ? emptyRoot(this.#hash) : rootFromStored(size, this.lookup, this.#hash);
  }

  inclusionProof(index: number, size = this.#size): Uint8Array[] {
    this.#checkSize(size);
    return inclusionProofFromStored(index, size, this.lookup, this.#hash);
  }

  consistencyProof(oldSize: number, newSize = this.#size): Uint8Array[] {
    this.#checkSize(newSize);
    return consistencyProofFromStored(oldSize, newSize, this.lookup, this.#hash);
  }

  #checkSize(size: number): void {
    if (size > this.#size) throw new TlogError("invalid_argument", `the tree has ${this.#size} leaves, not ${size}`);
  }
}
