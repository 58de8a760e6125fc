import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeEntryBundle, encodeEntryBundle } from "../src/tlog/entry-bundle.ts";
import { TlogError } from "../src/tlog/errors.ts";
import { MemoryTree } from "../src/tlog/memory-tree.ts";
import { appendStoredHashes, type Coord, coordKey } from "../src/tlog/merkle-coords.ts";
import { leafHash } from "../src/tlog/merkle-hash.ts";
import { readEntriesFromTiles } from "../src/tlog/tile-entries.ts";
import { type BundleRef, bundlePath, parseTilePath, tilePath } from "../src/tlog/tile-path.ts";
import {
  consistencyProofFromTiles,
  inclusionProofFromTiles,
  type TileFetcher,
  verifyTreeFromTiles,
} from "../src/tlog/tile-verify.ts";
import { tileCoords, tileFromStored, tileHashes, tilesForSize, tileWidth } from "../src/tlog/tiles.ts";

const entry = (seed: number, i: number) => new TextEncoder().encode(`entry ${seed} #${i} ${"x".repeat(i % 7)}`);

/** A tiled log as a server publishes it: bundles and tiles by path, built from the entries. */
function publish(entries: Uint8Array[]) {
  const files = new Map<string, Uint8Array>();
  for (let start = 0; start < entries.length; start += 256) {
    const chunk = entries.slice(start, start + 256);
    files.set(bundlePath({ index: start / 256, width: chunk.length }), encodeEntryBundle(chunk));
  }
  // The server side of the round trip: entries come back out of the bundles, then get hashed.
  const leaves: Uint8Array[] = [];
  for (let index = 0; index * 256 < entries.length; index++) {
    const width = Math.min(256, entries.length - index * 256);
    leaves.push(
      ...decodeEntryBundle(files.get(bundlePath({ index, width })) as Uint8Array, width).map((e) => leafHash(e)),
    );
  }
  const stored = new Map<string, Uint8Array>();
  for (const s of appendStoredHashes(0, leaves, () => undefined)) stored.set(coordKey(s), s.hash);
  const lookup = (c: Coord) => stored.get(coordKey(c));
  for (const tile of tilesForSize(entries.length)) files.set(tilePath(tile), tileFromStored(tile, lookup));
  const requested: string[] = [];
  const fetchTile: TileFetcher = async (tile) => {
    requested.push(tilePath(tile));
    const bytes = files.get(tilePath(tile));
    if (!bytes) throw new Error(`404 ${tilePath(tile)}`);
    return bytes;
  };
  const fetchBundle = async (bundle: BundleRef) => {
    const bytes = files.get(bundlePath(bundle));
    if (!bytes) throw new Error(`404 ${bundlePath(bundle)}`);
    return bytes;
  };
  return { files, fetchTile, fetchBundle, requested };
}

async function rejection(p: Promise<unknown>): Promise<TlogError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(TlogError);
    return err as TlogError;
  }
  throw new Error("expected a rejection");
}

describe("tile paths", () => {
  it("encode the index in x-prefixed groups of three digits", () => {
    expect(tilePath({ level: 0, index: 1234067, width: 256 })).toBe("tile/0/x001/x234/067");
    expect(tilePath({ level: 2, index: 5, width: 17 })).toBe("tile/2/005.p/17");
    expect(tilePath({ level: 63, index: 1000, width: 256 })).toBe("tile/63/x001/000");
    expect(bundlePath({ index: 0, width: 1 })).toBe("tile/entries/000.p/1");
    expect(bundlePath({ index: 999, width: 256 })).toBe("tile/entries/999");
  });

  it("parse back to what they encode", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 63 }),
        fc.oneof(fc.integer({ min: 0, max: 2000 }), fc.maxSafeNat()),
        fc.integer({ min: 1, max: 256 }),
        (level, index, width) => {
          expect(parseTilePath(tilePath({ level, index, width }))).toEqual({ kind: "tile", level, index, width });
          expect(parseTilePath(bundlePath({ index, width }))).toEqual({ kind: "entries", index, width });
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each([
    ["tile/00/000", "level with a leading zero"],
    ["tile/64/000", "level above 63"],
    ["tile/-1/000", "negative level"],
    ["tile/0/1", "index group of one digit"],
    ["tile/0/0001", "index group of four digits"],
    ["tile/0/x000/001", "leading zero group"],
    ["tile/0/x001", "last group prefixed with x"],
    ["tile/0/001/234", "inner group without x"],
    ["tile/0/x1000/000", "long inner group"],
    ["tile/0/000.p/0", "width 0"],
    ["tile/0/000.p/256", "width 256 written as partial"],
    ["tile/0/000.p/07", "width with a leading zero"],
    ["tile/0/000.p", "partial without a width"],
    ["tile/0/000.p/", "empty width"],
    ["tile/0/000/", "trailing slash"],
    ["/tile/0/000", "leading slash"],
    ["tiles/0/000", "wrong first segment"],
    ["tile/0", "no index"],
    ["tile/entries/x000/000", "bundle index with a leading zero group"],
    ["tile/0/x009/x007/x199/x254/x740/x992/000", "index beyond 2^53"],
    ["tile/ 0/000", "space"],
  ])("rejects %s (%s)", (path) => {
    expect(() => parseTilePath(path)).toThrow(TlogError);
    expect(() => parseTilePath(path)).toThrow(/bad tile path/);
  });

  it("refuses to encode out-of-range tiles", () => {
    expect(() => tilePath({ level: 64, index: 0, width: 256 })).toThrow(TlogError);
    expect(() => tilePath({ level: 0, index: -1, width: 256 })).toThrow(TlogError);
    expect(() => tilePath({ level: 0, index: 0, width: 0 })).toThrow(TlogError);
    expect(() => bundlePath({ index: 0, width: 257 })).toThrow(TlogError);
  });
});

describe("which tiles a tree has", () => {
  it("matches the tlog-tiles examples (sizes 70,000 and 256)", () => {
    const tiles = tilesForSize(70_000);
    const at = (level: number) => tiles.filter((t) => t.level === level);
    expect(at(0).filter((t) => t.width === 256)).toHaveLength(273);
    expect(at(0).filter((t) => t.width < 256)).toEqual([{ level: 0, index: 273, width: 112 }]);
    expect(at(1)).toEqual([
      { level: 1, index: 0, width: 256 },
      { level: 1, index: 1, width: 17 },
    ]);
    expect(at(2)).toEqual([{ level: 2, index: 0, width: 1 }]);
    expect(tiles).toHaveLength(273 + 1 + 2 + 1);
    expect(tilesForSize(256)).toEqual([
      { level: 0, index: 0, width: 256 },
      { level: 1, index: 0, width: 1 },
    ]);
    expect(tilesForSize(0)).toEqual([]);
    expect(tileWidth(0, 273, 70_000)).toBe(112);
    expect(tileWidth(0, 274, 70_000)).toBe(0);
  });

  it("puts the hashes of Merkle level 8L in tile level L", () => {
    expect(tileCoords({ level: 1, index: 2, width: 3 })).toEqual([
      { level: 8, index: 512 },
      { level: 8, index: 513 },
      { level: 8, index: 514 },
    ]);
  });

  it("serves a tree of 70,000 leaves whose tiles rebuild its root", async () => {
    const tree = new MemoryTree();
    tree.appendLeafHashes(...Array.from({ length: 70_000 }, (_, i) => leafHash(entry(7, i))));
    const files = new Map(tilesForSize(70_000).map((t) => [tilePath(t), tileFromStored(t, tree.lookup)]));
    await verifyTreeFromTiles({ size: 70_000, root: tree.root() }, async (t) => files.get(tilePath(t)) as Uint8Array);
    const { proof } = await inclusionProofFromTiles(
      { size: 70_000, root: tree.root() },
      65_600,
      async (t) => files.get(tilePath(t)) as Uint8Array,
    );
    expect(proof).toEqual(tree.inclusionProof(65_600));
  });
});

describe("entry bundles", () => {
  it("round-trip entries of 0 to 65,535 bytes", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 256 }), (entries) => {
        expect(decodeEntryBundle(encodeEntryBundle(entries), entries.length)).toEqual(entries);
      }),
      { numRuns: 100 },
    );
    const big = new Uint8Array(65_535).fill(7);
    expect(decodeEntryBundle(encodeEntryBundle([big]))).toEqual([big]);
  });

  it("rejects a bundle cut inside an entry or its length", () => {
    const bundle = encodeEntryBundle([new Uint8Array([1, 2, 3]), new Uint8Array(300).fill(9)]);
    for (const cut of [1, 3, 4, 6, bundle.length - 1]) {
      expect(() => decodeEntryBundle(bundle.slice(0, cut))).toThrow(TlogError);
    }
    // Cut at an entry boundary, only the expected width shows the loss.
    expect(decodeEntryBundle(bundle.slice(0, 5))).toHaveLength(1);
    expect(() => decodeEntryBundle(bundle.slice(0, 5), 2)).toThrow(/holds 1 entries, expected 2/);
  });

  it("refuses entries over 65,535 bytes and more than 256 entries", () => {
    expect(() => encodeEntryBundle([new Uint8Array(65_536)])).toThrow(/more than 65535/);
    expect(() => encodeEntryBundle(Array.from({ length: 257 }, () => new Uint8Array()))).toThrow(TlogError);
    expect(() => decodeEntryBundle(new Uint8Array(257 * 2))).toThrow(/more than 256 entries/);
  });
});

describe("verifying a log from its tiles", () => {
  const sizes = fc.integer({ min: 1, max: 1300 });

  it("tiles rebuilt from entry bundles give the root, proofs and consistency", async () => {
    await fc.assert(
      fc.asyncProperty(sizes, fc.nat(), fc.nat(), async (size, a, b) => {
        const entries = Array.from({ length: size }, (_, i) => entry(size, i));
        const log = publish(entries);
        const tree = new MemoryTree();
        tree.appendEntries(...entries);
        const head = { size, root: tree.root() };
        await verifyTreeFromTiles(head, log.fetchTile);

        const index = a % size;
        const got = await inclusionProofFromTiles(head, index, log.fetchTile);
        expect(got.leafHash).toEqual(leafHash(entries[index] as Uint8Array));
        expect(got.proof).toEqual(tree.inclusionProof(index));

        const oldSize = 1 + (b % size);
        const proof = await consistencyProofFromTiles({ size: oldSize, root: tree.root(oldSize) }, head, log.fetchTile);
        expect(proof).toEqual(tree.consistencyProof(oldSize));
        // Only tiles that exist at this size were asked for.
        for (const p of log.requested) expect(log.files.has(p), p).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it("any changed bit in a fetched tile is caught", async () => {
    await fc.assert(
      fc.asyncProperty(sizes, fc.nat(), fc.nat(), async (size, pick, bit) => {
        const entries = Array.from({ length: size }, (_, i) => entry(size, i));
        const log = publish(entries);
        const tree = new MemoryTree();
        tree.appendEntries(...entries);
        const head = { size, root: tree.root() };
        await verifyTreeFromTiles(head, log.fetchTile);
        const victim = log.requested[pick % log.requested.length] as string;
        const bytes = Uint8Array.from(log.files.get(victim) as Uint8Array);
        const at = bit % (bytes.length * 8);
        bytes[at >> 3] = (bytes[at >> 3] as number) ^ (1 << (at & 7));
        log.files.set(victim, bytes);
        expect((await rejection(verifyTreeFromTiles(head, log.fetchTile))).code).toBe("verification_failed");
      }),
      { numRuns: 25 },
    );
  });

  it("rejects a wrong root, a short tile and a tile that cannot be fetched", async () => {
    const entries = Array.from({ length: 300 }, (_, i) => entry(1, i));
    const log = publish(entries);
    const tree = new MemoryTree();
    tree.appendEntries(...entries);
    const wrong = await rejection(verifyTreeFromTiles({ size: 300, root: tree.root(299) }, log.fetchTile));
    expect(wrong.code).toBe("verification_failed");

    log.files.set("tile/0/001.p/44", new Uint8Array(43 * 32));
    const short = await rejection(verifyTreeFromTiles({ size: 300, root: tree.root() }, log.fetchTile));
    expect(short.message).toMatch(/has 1376 bytes, expected 1408/);

    log.files.delete("tile/0/000");
    const missing = await rejection(inclusionProofFromTiles({ size: 300, root: tree.root() }, 3, log.fetchTile));
    expect(missing.code).toBe("missing_data");
    expect(missing.message).toMatch(/tile\/0\/000/);
    expect(() => tileHashes({ level: 0, index: 0, width: 2 }, new Uint8Array(65))).toThrow(TlogError);
  });

  it("accepts the empty tree only with the empty root", async () => {
    const none: TileFetcher = async () => {
      throw new Error("nothing to fetch");
    };
    await verifyTreeFromTiles({ size: 0, root: new MemoryTree().root() }, none);
    await rejection(verifyTreeFromTiles({ size: 0, root: new Uint8Array(32) }, none));
  });
});

describe("reading entries from bundles", () => {
  const entries = Array.from({ length: 600 }, (_, i) => entry(600, i));
  const tree = new MemoryTree();
  tree.appendEntries(...entries);
  const head = { size: 600, root: tree.root() };

  it("returns each entry of a full and a partial bundle, proven against the root", async () => {
    const log = publish(entries);
    const full = await readEntriesFromTiles(head, 1, log.fetchTile, log.fetchBundle);
    expect(full.map((e) => e.index)).toEqual(Array.from({ length: 256 }, (_, i) => 256 + i));
    expect(full.map((e) => e.entry)).toEqual(entries.slice(256, 512));
    log.requested.length = 0;
    const partial = await readEntriesFromTiles(head, 2, log.fetchTile, log.fetchBundle);
    expect(partial.map((e) => e.entry)).toEqual(entries.slice(512));
    // Each tile is fetched once per call, not once per leaf.
    expect(log.requested.length).toBeGreaterThan(0);
    expect(new Set(log.requested).size).toBe(log.requested.length);
  });

  it("catches an entry changed in its bundle, even with the level-0 tile changed to match", async () => {
    const log = publish(entries);
    const forged = entries.slice(512).map((e, i) => (i === 5 ? new TextEncoder().encode("forged") : e));
    log.files.set("tile/entries/002.p/88", encodeEntryBundle(forged));
    const alone = await rejection(readEntriesFromTiles(head, 2, log.fetchTile, log.fetchBundle));
    expect(alone.message).toMatch(/entry 517 in tile\/entries\/002.p\/88 does not hash to its leaf/);

    const tile = Uint8Array.from(log.files.get("tile/0/002.p/88") as Uint8Array);
    tile.set(leafHash(forged[5] as Uint8Array), 5 * 32);
    log.files.set("tile/0/002.p/88", tile);
    const matched = await rejection(readEntriesFromTiles(head, 2, log.fetchTile, log.fetchBundle));
    expect(matched.code).toBe("verification_failed");
    expect(matched.message).toMatch(/inclusion proof/);
  });

  it("refuses bundles the tree does not have, and reports ones it cannot fetch or decode", async () => {
    const log = publish(entries);
    expect((await rejection(readEntriesFromTiles(head, 3, log.fetchTile, log.fetchBundle))).code).toBe(
      "invalid_argument",
    );
    log.files.set("tile/entries/002.p/88", encodeEntryBundle(entries.slice(512, 599)));
    expect((await rejection(readEntriesFromTiles(head, 2, log.fetchTile, log.fetchBundle))).code).toBe("malformed");
    log.files.delete("tile/entries/000");
    expect((await rejection(readEntriesFromTiles(head, 0, log.fetchTile, log.fetchBundle))).code).toBe("missing_data");
  });
});
