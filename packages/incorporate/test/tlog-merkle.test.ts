import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TlogError } from "../src/tlog/errors.ts";
import { MemoryTree } from "../src/tlog/memory-tree.ts";
import {
  appendStoredHashes,
  type Coord,
  consistencyProofCoords,
  consistencyProofFromStored,
  coordKey,
  inclusionProofCoords,
  inclusionProofFromStored,
  rootCoords,
  rootFromStored,
} from "../src/tlog/merkle-coords.ts";
import { emptyRoot, leafHash, nodeHash } from "../src/tlog/merkle-hash.ts";
import { verifyConsistency, verifyInclusion } from "../src/tlog/merkle-verify.ts";

// Reference: RFC 6962 section 2.1 written as its recursive definitions, independent of the
// stored-hash code under test.
function mth(leaves: Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return emptyRoot();
  if (leaves.length === 1) return leaves[0] as Uint8Array;
  const k = split(leaves.length);
  return nodeHash(mth(leaves.slice(0, k)), mth(leaves.slice(k)));
}
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}
function path(m: number, leaves: Uint8Array[]): Uint8Array[] {
  if (leaves.length <= 1) return [];
  const k = split(leaves.length);
  return m < k
    ? [...path(m, leaves.slice(0, k)), mth(leaves.slice(k))]
    : [...path(m - k, leaves.slice(k)), mth(leaves.slice(0, k))];
}
function subproof(m: number, leaves: Uint8Array[], b: boolean): Uint8Array[] {
  if (m === leaves.length) return b ? [] : [mth(leaves)];
  const k = split(leaves.length);
  return m <= k
    ? [...subproof(m, leaves.slice(0, k), b), mth(leaves.slice(k))]
    : [...subproof(m - k, leaves.slice(k), false), mth(leaves.slice(0, k))];
}

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const leavesOf = (n: number, seed = 0) =>
  Array.from({ length: n }, (_, i) => leafHash(new TextEncoder().encode(`entry ${seed}/${i}`)));

/** A stored-hash map filled the way a server does it: appends in batches. */
function storeInBatches(leaves: Uint8Array[], batches: number[]): Map<string, Uint8Array> {
  const stored = new Map<string, Uint8Array>();
  const lookup = (c: Coord) => stored.get(coordKey(c));
  let size = 0;
  let b = 0;
  while (size < leaves.length) {
    const take = Math.min(batches[b++ % batches.length] ?? 1, leaves.length - size);
    for (const s of appendStoredHashes(size, leaves.slice(size, size + take), lookup)) {
      expect(stored.has(coordKey(s)), `${coordKey(s)} written twice`).toBe(false);
      stored.set(coordKey(s), s.hash);
    }
    size += take;
  }
  return stored;
}

function flipBit(proof: Uint8Array[], which: number): Uint8Array[] {
  const copy = proof.map((p) => Uint8Array.from(p));
  const bit = which % (copy.length * 256);
  const target = copy[Math.floor(bit / 256)] as Uint8Array;
  const byte = Math.floor((bit % 256) / 8);
  target[byte] = (target[byte] as number) ^ (1 << (bit % 8));
  return copy;
}

const throwsTlog = (fn: () => unknown, code: string) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(TlogError);
    expect((err as TlogError).code).toBe(code);
    return;
  }
  throw new Error("expected a TlogError");
};

describe("Merkle hashing", () => {
  it("matches the RFC 6962 reference tree of eight leaves", () => {
    // The eight test leaves of the RFC 6962 reference implementations and their published roots.
    const entries = [
      "",
      "00",
      "10",
      "2021",
      "3031",
      "40414243",
      "5051525354555657",
      "606162636465666768696a6b6c6d6e6f",
    ];
    const tree = new MemoryTree();
    tree.appendEntries(...entries.map((e) => new Uint8Array(Buffer.from(e, "hex"))));
    expect(hex(tree.root(1))).toBe("6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d");
    expect(hex(tree.root(8))).toBe("5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328");
    expect(hex(tree.root(0))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("uses an injected hasher everywhere", () => {
    const calls: number[] = [];
    const native = (d: Uint8Array) => {
      calls.push(d.length);
      return new Uint8Array(createHash("sha256").update(d).digest());
    };
    const a = new MemoryTree(native);
    const b = new MemoryTree();
    a.appendEntries(new Uint8Array([1]), new Uint8Array([2]), new Uint8Array([3]));
    b.appendEntries(new Uint8Array([1]), new Uint8Array([2]), new Uint8Array([3]));
    expect(a.root()).toEqual(b.root());
    expect(calls).toContain(65);
  });
});

describe("stored hashes, roots and proofs", () => {
  it("after random batched appends, roots and proofs equal RFC 6962's definitions and verify", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.integer({ min: 1, max: 17 }), { minLength: 1, maxLength: 6 }),
        (n, batches) => {
          const leaves = leavesOf(n);
          const stored = storeInBatches(leaves, batches);
          const lookup = (c: Coord) => stored.get(coordKey(c));
          const tree = new MemoryTree();
          tree.appendLeafHashes(...leaves);
          for (let size = 1; size <= n; size++) {
            const root = rootFromStored(size, lookup);
            expect(hex(root)).toBe(hex(mth(leaves.slice(0, size))));
            expect(tree.root(size)).toEqual(root);
            for (let i = 0; i < size; i++) {
              const proof = inclusionProofFromStored(i, size, lookup);
              expect(proof.map(hex)).toEqual(path(i, leaves.slice(0, size)).map(hex));
              verifyInclusion(leaves[i] as Uint8Array, i, size, proof, root);
              verifyInclusion(leaves[i] as Uint8Array, i, size, tree.inclusionProof(i, size), tree.root(size));
            }
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it("every earlier root is consistent with every later one", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 36 }), (n) => {
        const leaves = leavesOf(n, n);
        const tree = new MemoryTree();
        tree.appendLeafHashes(...leaves);
        for (let m = 1; m <= n; m++) {
          for (let k = m; k <= n; k++) {
            const proof = tree.consistencyProof(m, k);
            expect(proof.map(hex)).toEqual(subproof(m, leaves.slice(0, k), true).map(hex));
            verifyConsistency(m, k, proof, tree.root(m), tree.root(k));
          }
        }
      }),
      { numRuns: 8 },
    );
  });

  it("the coordinate lists name exactly the stored hashes each computation reads", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 300 })
          .chain((size) =>
            fc.tuple(fc.constant(size), fc.integer({ min: 0, max: size - 1 }), fc.integer({ min: 1, max: size })),
          ),
        ([size, index, oldSize]) => {
          const tree = new MemoryTree();
          tree.appendLeafHashes(...leavesOf(size));
          const reads = (fn: (lookup: (c: Coord) => Uint8Array | undefined) => unknown) => {
            const seen: string[] = [];
            fn((c) => {
              seen.push(coordKey(c));
              return tree.lookup(c);
            });
            return seen.sort();
          };
          const keys = (cs: Coord[]) => cs.map(coordKey).sort();
          expect(reads((l) => rootFromStored(size, l))).toEqual(keys(rootCoords(size)));
          expect(reads((l) => inclusionProofFromStored(index, size, l))).toEqual(
            keys(inclusionProofCoords(index, size)),
          );
          expect(reads((l) => consistencyProofFromStored(oldSize, size, l))).toEqual(
            keys(consistencyProofCoords(oldSize, size)),
          );
          // Each coordinate is a complete subtree inside the tree of that size.
          for (const c of [...rootCoords(size), ...inclusionProofCoords(index, size)]) {
            expect((c.index + 1) * 2 ** c.level).toBeLessThanOrEqual(size);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("needs at most one stored hash per level for a root", () => {
    expect(rootCoords(0)).toEqual([]);
    expect(rootCoords(13)).toEqual([
      { level: 3, index: 0 },
      { level: 2, index: 2 },
      { level: 0, index: 12 },
    ]);
    expect(rootCoords(2 ** 40 + 1)).toEqual([
      { level: 40, index: 0 },
      { level: 0, index: 2 ** 40 },
    ]);
  });
});

describe("proofs that must fail", () => {
  const proofCase = fc
    .integer({ min: 2, max: 200 })
    .chain((size) => fc.tuple(fc.constant(size), fc.integer({ min: 0, max: size - 1 }), fc.nat()));

  it("any one-bit change to an inclusion proof fails", () => {
    fc.assert(
      fc.property(proofCase, ([size, index, bit]) => {
        const tree = new MemoryTree();
        tree.appendLeafHashes(...leavesOf(size));
        const proof = tree.inclusionProof(index, size);
        const leaf = tree.lookup({ level: 0, index }) as Uint8Array;
        throwsTlog(
          () => verifyInclusion(leaf, index, size, flipBit(proof, bit), tree.root(size)),
          "verification_failed",
        );
      }),
      { numRuns: 200 },
    );
  });

  it("an inclusion proof fails for another index, another size or another leaf", () => {
    fc.assert(
      fc.property(proofCase, fc.integer({ min: 1, max: 40 }), ([size, index], delta) => {
        const tree = new MemoryTree();
        tree.appendLeafHashes(...leavesOf(size + 40));
        const proof = tree.inclusionProof(index, size);
        const root = tree.root(size);
        const leaf = tree.lookup({ level: 0, index }) as Uint8Array;
        const other = (index + delta) % size;
        if (other !== index) expect(() => verifyInclusion(leaf, other, size, proof, root)).toThrow(TlogError);
        expect(() => verifyInclusion(leaf, index, size + delta, proof, tree.root(size + delta))).toThrow(TlogError);
        const otherLeaf = tree.lookup({ level: 0, index: size }) as Uint8Array;
        expect(() => verifyInclusion(otherLeaf, index, size, proof, root)).toThrow(TlogError);
      }),
      { numRuns: 200 },
    );
  });

  it("any one-bit change to a consistency proof fails, and so do other sizes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 200 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 1, max: n - 1 }))),
        fc.nat(),
        ([n, m], bit) => {
          const tree = new MemoryTree();
          tree.appendLeafHashes(...leavesOf(n + 1));
          const proof = tree.consistencyProof(m, n);
          const [oldRoot, newRoot] = [tree.root(m), tree.root(n)];
          throwsTlog(() => verifyConsistency(m, n, flipBit(proof, bit), oldRoot, newRoot), "verification_failed");
          expect(() => verifyConsistency(m, n + 1, proof, oldRoot, tree.root(n + 1))).toThrow(TlogError);
          if (m > 1) expect(() => verifyConsistency(m - 1, n, proof, tree.root(m - 1), newRoot)).toThrow(TlogError);
          expect(() => verifyConsistency(m, n, proof, newRoot, oldRoot)).toThrow(TlogError);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("bad input", () => {
  const tree = new MemoryTree();
  tree.appendLeafHashes(...leavesOf(5));
  const root = tree.root();

  it("refuses sizes and indices that are not non-negative safe integers", () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      throwsTlog(() => rootCoords(bad), "invalid_argument");
      throwsTlog(() => inclusionProofCoords(bad, 5), "invalid_argument");
      throwsTlog(() => verifyInclusion(leavesOf(1)[0] as Uint8Array, bad, 5, [], root), "invalid_argument");
    }
  });

  it("refuses an index outside the tree and an empty or shrinking consistency range", () => {
    throwsTlog(() => inclusionProofCoords(5, 5), "invalid_argument");
    throwsTlog(() => consistencyProofCoords(0, 5), "invalid_argument");
    throwsTlog(() => consistencyProofCoords(6, 5), "invalid_argument");
    throwsTlog(() => rootFromStored(0, tree.lookup), "invalid_argument");
    throwsTlog(() => tree.root(6), "invalid_argument");
    expect(consistencyProofCoords(5, 5)).toEqual([]);
  });

  it("refuses hashes that are not 32 bytes", () => {
    const proof = tree.inclusionProof(1);
    throwsTlog(() => verifyInclusion(new Uint8Array(31), 1, 5, proof, root), "invalid_argument");
    throwsTlog(
      () => verifyInclusion(leavesOf(5)[1] as Uint8Array, 1, 5, proof, new Uint8Array(33)),
      "invalid_argument",
    );
    throwsTlog(() => appendStoredHashes(0, [new Uint8Array(20)], () => undefined), "invalid_argument");
  });

  it("says which stored hash is missing", () => {
    expect(() => rootFromStored(5, () => undefined)).toThrow(/stored hash 2\/0 is missing/);
    throwsTlog(() => appendStoredHashes(5, leavesOf(1), () => undefined), "missing_data");
  });
});
