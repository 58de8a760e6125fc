import {
  EMPTY_INDEX,
  IndexBatch,
  type IndexValue,
  lookupIndex,
  MemoryIndex,
  verifyIndexProof,
} from "@sociedades-ia/incorporate/tlog";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { EmbeddedStore } from "@/lib/store/embedded";
import { IndexWrites, indexNodeReader, KEPT_LEVELS, takeIndexTop } from "@/lib/tlog/index-store";
import { nodeSha256 } from "@/lib/tlog/layout";
import { tempDir } from "../support/temp-dir";

// The server's index goes through a node cache, links from each node to the children walks found
// under it, and the store: whatever the order of updates and batches, it must give the same roots
// and proofs as the package's plain in-memory index. Subjects are updated again and again, so
// positions are rewritten and a walk meets nodes replaced since it last passed.

const open: EmbeddedStore[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

const sessionValue = (n: number, seq: number, at: number): IndexValue => ({
  subject: `session:s${n}`,
  seq,
  index: at,
  hash: `sha256:${at.toString(16).padStart(64, "0")}`,
});

describe("the server's index store", () => {
  it("gives the in-memory index's roots and proofs, batch after batch", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 12 }), { maxLength: 12 }),
        // The levels an integration leaves in memory for the next (the server keeps KEPT_LEVELS).
        fc.constantFrom(0, 1, 3, KEPT_LEVELS),
        async (batches, keep) => {
          const store = EmbeddedStore.open(tempDir("sia-index-store-"));
          open.push(store);
          const reference = new MemoryIndex(nodeSha256);
          const seqs = new Map<number, number>();
          let root: Uint8Array = EMPTY_INDEX;
          let at = 0;
          for (const batch of batches) {
            // As the integrator indexes a batch of leaves.
            const writes = new IndexWrites();
            const update = new IndexBatch(root, indexNodeReader(store, writes), nodeSha256, {
              top: takeIndexTop(store),
              keep,
            });
            for (const n of batch) {
              const seq = (seqs.get(n) ?? -1) + 1;
              seqs.set(n, seq);
              const value = sessionValue(n, seq, at++);
              await update.set(value);
              await reference.set(value);
            }
            root = update.finish(writes.add);
            writes.top = update.top;
            expect((await store.batch(writes.writes())).ok).toBe(true);
            writes.remember(store);
            expect(Buffer.from(root).toString("hex")).toBe(Buffer.from(reference.root).toString("hex"));
          }
          // Every subject, present or not, is proven from what the store and the cache hold.
          const read = indexNodeReader(store);
          for (let n = 0; n <= 60; n++) {
            const subject = `session:s${n}`;
            const { value, proof } = await lookupIndex(root, subject, read, nodeSha256);
            const seq = seqs.get(n);
            expect(value?.seq).toBe(seq);
            verifyIndexProof(root, subject, value, proof, nodeSha256);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
