import { createHash } from "node:crypto";
import {
  decodeIndexNode,
  EMPTY_INDEX,
  encodeIndexNode,
  formatIndexNote,
  generateNoteKey,
  INDEX_ARITY,
  IndexBatch,
  type IndexNode,
  type IndexNodeReader,
  type IndexTop,
  type IndexValue,
  keyDigit,
  leafSubject,
  MemoryIndex,
  nextIndexValue,
  openIndexNote,
  parseIndexNote,
  signerFromKey,
  signNote,
  updateIndex,
  verifyIndexProof,
  type WrittenNode,
} from "@sociedades-ia/incorporate/tlog";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const value = (subject: string, seq: number, index = seq): IndexValue => ({
  subject,
  seq,
  index,
  hash: `sha256:${subject}:${seq}`,
});

describe("the log index (sparse Merkle map)", () => {
  it("proves every subject's latest value and the absence of others, whatever the order of updates", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 5 })), { maxLength: 60 }),
        async (updates) => {
          const index = new MemoryIndex();
          const latest = new Map<string, IndexValue>();
          for (const [n, seq] of updates) {
            const v = value(`session:s${n}`, seq);
            await index.set(v);
            latest.set(v.subject, v);
          }
          // The same contents in another order give the same root: the shape depends on contents only.
          const other = new MemoryIndex();
          for (const v of [...latest.values()].reverse()) await other.set(v);
          expect(Buffer.from(other.root).equals(Buffer.from(index.root))).toBe(true);
          for (let n = 0; n <= 45; n++) {
            const subject = `session:s${n}`;
            const found = await index.get(subject);
            expect(found.value).toEqual(latest.get(subject) ?? null);
            verifyIndexProof(index.root, subject, found.value, found.proof);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("in batches, gives the same roots and leaves the same node at each position as one update at a time", async () => {
    // A store laid out as the server's: one node per position (depth and the key's digits that far).
    const position = (w: WrittenNode) =>
      `${w.depth}:${Array.from({ length: w.depth }, (_, d) => keyDigit(w.keyHash, d)).join("")}`;
    const layout = () => {
      const byHash = new Map<string, IndexNode>();
      const byPosition = new Map<string, string>();
      const write = (w: WrittenNode) => {
        byHash.set(Buffer.from(w.hash).toString("hex"), w.node);
        byPosition.set(position(w), encodeIndexNode(w.node));
      };
      const read: IndexNodeReader = (hash) => {
        const node = byHash.get(Buffer.from(hash).toString("hex"));
        if (!node) throw new Error("no such node");
        return node;
      };
      return { write, read, byPosition };
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 15 }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 5 }),
        async (batches, keep) => {
          const one = layout();
          const many = layout();
          // The levels each batch leaves in memory for the next; below them, nodes are read again.
          let top: IndexTop | null = null;
          const seqs = new Map<number, number>();
          let at = 0;
          let oneRoot: Uint8Array = EMPTY_INDEX;
          let manyRoot: Uint8Array = EMPTY_INDEX;
          for (const batch of batches) {
            const updates = batch.map((n) => {
              const seq = (seqs.get(n) ?? -1) + 1;
              seqs.set(n, seq);
              return value(`session:s${n}`, seq, at++);
            });
            for (const v of updates) oneRoot = await updateIndex(oneRoot, v, one.read, one.write);
            const indexBatch = new IndexBatch(manyRoot, many.read, undefined, { top, keep });
            for (const v of updates) await indexBatch.set(v);
            manyRoot = indexBatch.finish(many.write);
            top = indexBatch.top;
            expect(Buffer.from(manyRoot).toString("hex")).toBe(Buffer.from(oneRoot).toString("hex"));
            expect(new Map([...many.byPosition].sort())).toEqual(new Map([...one.byPosition].sort()));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("in a batch, hands each update its subject's value as the updates before it left it", async () => {
    const seen: (number | null)[] = [];
    const batch = new IndexBatch(EMPTY_INDEX, () => {
      throw new Error("an empty index has no node to read");
    });
    for (let i = 0; i < 3; i++) {
      await batch.set({
        subject: "session:a",
        next: (previous) => {
          seen.push(previous?.seq ?? null);
          return value("session:a", (previous?.seq ?? -1) + 1, i);
        },
      });
    }
    await batch.set(value("session:b", 0, 3));
    const index = new MemoryIndex();
    await index.set(value("session:a", 2, 2));
    await index.set(value("session:b", 0, 3));
    expect(seen).toEqual([null, 0, 1]);
    expect(Buffer.from(batch.finish(() => {})).equals(Buffer.from(index.root))).toBe(true);
    await expect(batch.set(value("session:c", 0, 4))).rejects.toThrow(/finished/);
  });

  it("starts from a kept top only when it is the top of the index it is given", async () => {
    const nodes = new Map<string, IndexNode>();
    const read: IndexNodeReader = (hash) => nodes.get(Buffer.from(hash).toString("hex")) as IndexNode;
    const write = (w: WrittenNode) => nodes.set(Buffer.from(w.hash).toString("hex"), w.node);
    const reference = new MemoryIndex();
    const first = new IndexBatch(EMPTY_INDEX, read, undefined, { keep: 4 });
    for (let n = 0; n < 20; n++) {
      await first.set(value(`session:s${n}`, 0, n));
      await reference.set(value(`session:s${n}`, 0, n));
    }
    const afterFirst = first.finish(write);
    // Another writer moved the index on meanwhile: the first batch's top is not the index's any more.
    const other = new IndexBatch(afterFirst, read);
    await other.set(value("session:s0", 1, 20));
    await reference.set(value("session:s0", 1, 20));
    const afterOther = other.finish(write);
    const stale = new IndexBatch(afterOther, read, undefined, { top: first.top, keep: 4 });
    await stale.set(value("session:s1", 1, 21));
    await reference.set(value("session:s1", 1, 21));
    expect(Buffer.from(stale.finish(write)).equals(Buffer.from(reference.root))).toBe(true);
  });

  it("refuses a proof of another value, of absence for a member, or against another root", async () => {
    const index = new MemoryIndex();
    for (let n = 0; n < 20; n++) await index.set(value(`session:s${n}`, n % 3));
    const found = await index.get("session:s7");
    expect(found.value).toEqual(value("session:s7", 1));
    const member = found.value as IndexValue;
    expect(() => verifyIndexProof(index.root, "session:s7", { ...member, seq: 0 }, found.proof)).toThrow(/index root/);
    expect(() => verifyIndexProof(index.root, "session:s7", { ...member, index: 99 }, found.proof)).toThrow();
    expect(() => verifyIndexProof(index.root, "session:s7", null, found.proof)).toThrow(/value/);
    expect(() => verifyIndexProof(EMPTY_INDEX, "session:s7", member, found.proof)).toThrow(/index root/);
    const missing = await index.get("session:nobody");
    expect(missing.value).toBeNull();
    verifyIndexProof(index.root, "session:nobody", null, missing.proof);
    // Claiming the absent subject holds a value fails; so does a shortened path.
    expect(() => verifyIndexProof(index.root, "session:nobody", value("session:nobody", 0), missing.proof)).toThrow();
    const cut = { ...found.proof, siblings: found.proof.siblings.slice(3) };
    expect(() => verifyIndexProof(index.root, "session:s7", member, cut)).toThrow(/index root/);
  });

  it("hashes as docs/decisions/log-index.md says: four children a node, two key bits a level", async () => {
    // Built here from the written rule alone, with node:crypto, not with the package's code.
    const sha = (...parts: (Buffer | Uint8Array | string)[]) => {
      const h = createHash("sha256");
      for (const part of parts) h.update(part);
      return h.digest();
    };
    const digitAt = (key: Buffer, depth: number) => ((key[depth >> 2] as number) >> (6 - 2 * (depth & 3))) & 3;
    const leafOf = (v: IndexValue) =>
      sha(
        Buffer.from([0]),
        sha(v.subject),
        sha(
          `{"hash":${JSON.stringify(v.hash)},"index":${v.index},"seq":${v.seq},"subject":${JSON.stringify(v.subject)}}`,
        ),
      );
    const rootOf = (values: IndexValue[], depth: number): Buffer => {
      if (values.length === 0) return Buffer.alloc(32);
      if (values.length === 1) return leafOf(values[0] as IndexValue);
      const children = Array.from({ length: INDEX_ARITY }, (_, digit) =>
        rootOf(
          values.filter((v) => digitAt(sha(v.subject), depth) === digit),
          depth + 1,
        ),
      );
      return sha(Buffer.from([1]), ...children);
    };
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 0, max: 500 }), { maxLength: 40 }), async (ns) => {
        const index = new MemoryIndex();
        const values = ns.map((n) => value(`record:r${n}`, n % 4, n));
        for (const v of values) await index.set(v);
        expect(Buffer.from(index.root).toString("hex")).toBe(rootOf(values, 0).toString("hex"));
        for (const v of values.slice(0, 3)) {
          const { proof } = await index.get(v.subject);
          expect(proof.siblings.length % 3).toBe(0);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("refuses a proof whose siblings do not come three a level", async () => {
    const index = new MemoryIndex();
    for (let n = 0; n < 30; n++) await index.set(value(`session:s${n}`, 0));
    const found = await index.get("session:s3");
    expect(found.proof.siblings.length).toBeGreaterThanOrEqual(3);
    const member = found.value as IndexValue;
    verifyIndexProof(index.root, "session:s3", member, found.proof);
    const short = { ...found.proof, siblings: found.proof.siblings.slice(0, -1) };
    expect(() => verifyIndexProof(index.root, "session:s3", member, short)).toThrow(/three a level/);
    // A level's siblings in another order are another tree.
    const [a, b, c, ...rest] = found.proof.siblings;
    if (a !== b) {
      const swapped = { ...found.proof, siblings: [b, a, c, ...rest] as string[] };
      expect(() => verifyIndexProof(index.root, "session:s3", member, swapped)).toThrow(/index root/);
    }
  });

  it("stores a node as one line that decodes to the same node, and refuses any other line", () => {
    const children = [1, 2, 3, 4].map((n) => new Uint8Array(32).fill(n));
    const inner: IndexNode = { kind: "inner", children };
    const text = encodeIndexNode(inner);
    expect(text).toBe(`I${Buffer.concat(children).toString("base64")}`);
    expect(decodeIndexNode(text)).toEqual(inner);
    const leaf: IndexNode = { kind: "leaf", value: value("session:a", 2, 7) };
    expect(decodeIndexNode(encodeIndexNode(leaf))).toEqual(leaf);
    for (const bad of [
      text.slice(0, -4),
      `${text.slice(0, -2)}B=`, // the same bytes, with an unused bit set: not canonical base64
      `X${text.slice(1)}`,
      `L${JSON.stringify({ subject: "session:a", seq: 2, index: 7, hash: "h" })}`, // members out of order
      "L{}",
    ]) {
      expect(() => decodeIndexNode(bad), bad).toThrow(/malformed index node/);
    }
  });

  it("the empty index proves absence with no siblings", async () => {
    const index = new MemoryIndex();
    const found = await index.get("session:x");
    expect(found).toEqual({ value: null, proof: { siblings: [], terminal: { kind: "empty" } } });
    verifyIndexProof(EMPTY_INDEX, "session:x", null, found.proof);
  });
});

describe("which subject a leaf speaks of", () => {
  it("takes a session's next seq and refuses a repeated or skipped one", () => {
    const leaf = (seq: number) =>
      JSON.stringify({ kind: "audit.entry", sessionId: "abcdefgh", seq, entryHash: `sha256:${seq}` });
    const first = leafSubject(leaf(0));
    if (typeof first === "string") throw new Error(first);
    const v0 = nextIndexValue(first, 10, null);
    expect(v0).toEqual({ subject: "session:abcdefgh", seq: 0, index: 10, hash: "sha256:0" });
    const again = nextIndexValue(first, 11, v0 as IndexValue);
    expect(again).toMatch(/already has a leaf at seq 0/);
    const skip = leafSubject(leaf(2));
    if (typeof skip === "string") throw new Error(skip);
    expect(nextIndexValue(skip, 12, v0 as IndexValue)).toMatch(/skips from seq 0 to 2/);
  });

  it("counts key events on and names what it cannot read", () => {
    const key = leafSubject(JSON.stringify({ kind: "key.event", purpose: "log", kid: "k1", event: "in-use" }));
    if (typeof key === "string") throw new Error(key);
    const v0 = nextIndexValue(key, 0, null) as IndexValue;
    expect(nextIndexValue(key, 5, v0)).toEqual({ subject: "key:log:k1", seq: 1, index: 5, hash: "k1" });
    expect(leafSubject("not json")).toMatch(/not JSON/);
    expect(leafSubject(JSON.stringify({ kind: "other" }))).toMatch(/unknown leaf kind/);
  });
});

describe("the index note", () => {
  it("round-trips, is signed by the log key and can never pass for a checkpoint", async () => {
    const { signerKey, verifierKey: verifier } = await generateNoteKey("example.com/log");
    const signer = await signerFromKey(signerKey);
    const body = formatIndexNote({
      origin: "example.com/log",
      size: 3,
      root: new Uint8Array(32).fill(1),
      indexRoot: EMPTY_INDEX,
    });
    const note = await signNote(body, signer);
    const opened = await openIndexNote(note, verifier, { origin: "example.com/log" });
    expect(opened.size).toBe(3);
    await expect(openIndexNote(note, verifier, { origin: "other/log" })).rejects.toThrow(/not "other\/log"/);
    const forged = note.replace("\n3\n", "\n4\n");
    await expect(openIndexNote(forged, verifier)).rejects.toThrow();
    expect(() => parseIndexNote("example.com/log\n3\nAAAA\n")).toThrow(/malformed/);
  });
});
