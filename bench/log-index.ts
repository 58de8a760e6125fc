// The log's index (docs/decisions/log-index.md): proof size and the time to build, prove and verify,
// by the number of subjects, run by hand: npx tsx bench/log-index.ts [--sizes 1000,10000,100000]
// In memory (MemoryIndex, with node:crypto's SHA-256), so it measures the map itself: what a monitor
// pays to recompute it, and what a verifier pays per lookup, whatever the store.
import { hash } from "node:crypto";
import { parseArgs } from "node:util";
import { MemoryIndex, verifyIndexProof } from "@sociedades-ia/incorporate/tlog";

const sha = (data: Uint8Array) => new Uint8Array(hash("sha256", data, "buffer"));
const { values } = parseArgs({ options: { sizes: { type: "string", default: "1000,10000,100000" } } });
const sizes = (values.sizes as string).split(",").map(Number);

for (const n of sizes) {
  const index = new MemoryIndex(sha);
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    await index.set({
      subject: `session:s-${i}`,
      seq: 0,
      index: i,
      hash: `sha256:${i.toString(16).padStart(64, "0")}`,
    });
  }
  const buildMs = Number(process.hrtime.bigint() - started) / 1e6;
  const probes = 2000;
  let siblings = 0;
  let bytes = 0;
  let verifyNs = 0n;
  for (let p = 0; p < probes; p++) {
    const subject = `session:s-${(p * 7919) % n}`;
    const found = await index.get(subject);
    siblings += found.proof.siblings.length;
    bytes += JSON.stringify(found).length;
    const t = process.hrtime.bigint();
    verifyIndexProof(index.root, subject, found.value, found.proof, sha);
    verifyNs += process.hrtime.bigint() - t;
  }
  console.log(
    `${n} subjects: build ${((buildMs / n) * 1000).toFixed(1)} µs per update; a lookup's proof ${(siblings / probes).toFixed(1)} hashes, ${Math.round(bytes / probes)} bytes of JSON; verify ${(Number(verifyNs) / probes / 1000).toFixed(1)} µs`,
  );
}
