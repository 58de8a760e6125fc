// Inclusion proof sizes of the transparency log, run by hand: `npx tsx bench/tlog-proof-size.ts`.
// Builds trees of audit.entry leaves with the same stored-hash functions the server integrates with
// (MemoryTree over node:crypto SHA-256), takes the inclusion proof of every 997th leaf and the last,
// and prints the largest proof in hash bytes and as the /log/proof JSON body, against the bound of
// 32 × ⌈log2 n⌉ bytes. Exits 1 when a proof is over the bound or does not verify.

import { leafHash, MemoryTree, verifyInclusion } from "@sociedades-ia/incorporate/tlog";
import { canonicalJson } from "../lib/signing/canonical";
import { nodeSha256, toBase64 } from "../lib/tlog/layout";

const encoder = new TextEncoder();
const leaf = (i: number) =>
  encoder.encode(
    canonicalJson({
      kind: "audit.entry",
      sessionId: `session-${i % 1000}`,
      seq: i,
      entryHash: `sha256:${"0".repeat(64)}`,
    }),
  );

function measure(n: number): boolean {
  const tree = new MemoryTree(nodeSha256);
  for (let start = 0; start < n; start += 10_000) {
    const count = Math.min(10_000, n - start);
    tree.appendLeafHashes(...Array.from({ length: count }, (_, k) => leafHash(leaf(start + k), nodeSha256)));
  }
  const root = tree.root();
  const bound = 32 * Math.ceil(Math.log2(n));
  let hashBytes = 0;
  let jsonBytes = 0;
  let ok = true;
  const indexes = [...Array.from({ length: Math.ceil(n / 997) }, (_, k) => k * 997), n - 1];
  for (const index of indexes) {
    const proof = tree.inclusionProof(index);
    const lh = leafHash(leaf(index), nodeSha256);
    verifyInclusion(lh, index, n, proof, root);
    const body = JSON.stringify({
      index,
      size: n,
      leafHash: toBase64(lh),
      hashes: proof.map(toBase64),
      checkpoint: null,
    });
    hashBytes = Math.max(hashBytes, proof.length * 32);
    jsonBytes = Math.max(jsonBytes, Buffer.byteLength(body));
    if (proof.length * 32 > bound) ok = false;
  }
  console.log(`| ${n.toLocaleString("en")} | ${hashBytes} | ${bound} | ${jsonBytes} | ${ok ? "within" : "OVER"} |`);
  return ok;
}

console.log(
  "| leaves | largest proof (hash bytes) | bound 32 × ⌈log2 n⌉ | largest /log/proof JSON body (bytes, no checkpoint) | |",
);
console.log("|---|---|---|---|---|");
const results = [1_000, 1_000_000].map(measure);
process.exitCode = results.every(Boolean) ? 0 : 1;
