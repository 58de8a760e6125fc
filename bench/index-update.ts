// The log's index alone, as the integrator updates and stores it, run by hand:
//   npx tsx bench/index-update.ts [--warm 5000 --count 4000 --batch 20 --each]
// Each incorporation adds two new subjects (its session and its registry record). Batches of
// `--batch` incorporations are indexed with the server's own node reader, cache and writes
// (lib/tlog/index-store.ts), then written to an embedded store in one batch, as an integration
// does; `--warm` incorporations first, then `--count` measured by the process's CPU clock (user and
// system: the store's writes and syncs count). No leaves, tiles or notes: the index's share only.
// An integration indexes its leaves as one IndexBatch, from the top of the trie the last one left in
// memory; `--each` updates the index one subject at a time instead (updateIndex, a batch of one
// each), as integrations did before.
import { parseArgs } from "node:util";
import { EMPTY_INDEX, IndexBatch, updateIndex } from "@sociedades-ia/incorporate/tlog";
import { EmbeddedStore } from "../lib/store/embedded";
import { IndexWrites, indexNodeReader, KEPT_LEVELS, takeIndexTop } from "../lib/tlog/index-store";
import { nodeSha256 } from "../lib/tlog/layout";
import { removeTempDirs, tempDir } from "../tests/support/temp-dir";

const { values } = parseArgs({
  options: {
    warm: { type: "string", default: "5000" },
    count: { type: "string", default: "4000" },
    batch: { type: "string", default: "20" },
    each: { type: "boolean", default: false },
  },
});
const [warm, count, batch] = [Number(values.warm), Number(values.count), Number(values.batch)];
if (![warm, count, batch].every((n) => Number.isSafeInteger(n) && n > 0)) {
  console.error("usage: npx tsx bench/index-update.ts [--warm N --count N --batch N --each]");
  process.exit(2);
}

const store = EmbeddedStore.open(tempDir("sia-index-update-"));
let root: Uint8Array = EMPTY_INDEX;
let made = 0;

/** Indexes and stores `n` incorporations' two subjects, as one integration. */
async function integration(n: number): Promise<void> {
  const writes = new IndexWrites();
  const read = indexNodeReader(store, writes);
  const update = values.each
    ? null
    : new IndexBatch(root, read, nodeSha256, { top: takeIndexTop(store), keep: KEPT_LEVELS });
  for (let i = 0; i < n; i++, made++) {
    for (const subject of [`session:s-${made}`, `record:r-${made}`]) {
      const value = { subject, seq: 0, index: made, hash: `sha256:${made.toString(16).padStart(64, "0")}` };
      if (update) await update.set(value);
      else root = await updateIndex(root, value, read, writes.add, nodeSha256);
    }
  }
  if (update) {
    root = update.finish(writes.add);
    writes.top = update.top;
  }
  const result = await store.batch(writes.writes());
  if (!result.ok) throw new Error("the store refused an index batch");
  writes.remember(store);
}

for (let done = 0; done < warm; done += batch) await integration(Math.min(batch, warm - done));
const before = process.cpuUsage();
for (let done = 0; done < count; done += batch) await integration(Math.min(batch, count - done));
const used = process.cpuUsage(before);
console.log(
  `${(((used.user + used.system) / count) | 0).toString()} µs of CPU an incorporation (two new subjects), ` +
    `${count} after ${warm}, integrations of ${batch}${values.each ? ", one subject at a time" : ", one batch each"}`,
);
await store.close();
removeTempDirs();
