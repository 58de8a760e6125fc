// Audit log speed, run by hand: npx tsx bench/audit.ts
// 1. Verification throughput over a 10,000-entry log, as a ratio to a bare loop doing the same
//    cryptography per entry (one canonicalisation, one HMAC, one SHA-256).
// 2. Append latency p50/p99 on the embedded store and on Upstash (a local redis-server behind the
//    REST bridge), and the p99 of reading and verifying a 1,000-entry session on the embedded store.
// Results go in docs/performance.md; nothing here asserts a time.
import { createHash, createHmac } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import canonicalize from "canonicalize";
import type { AuditEntry } from "../lib/audit/entry";
import { hmacKeys } from "../lib/audit/keys";
import { appendAuditEvent, readAuditEntries } from "../lib/audit/log";
import { verifyEntries } from "../lib/audit/verify";
import { EmbeddedStore } from "../lib/store/embedded";
import type { Store } from "../lib/store/types";
import { applyEnv, startUpstashStack } from "../tests/support/upstash-stack";

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] as number;
const ms = (n: number) => `${n.toFixed(3)} ms`;
const event = (n: number) => ({
  kind: "tool-call" as const,
  action: "emitir_factura",
  actor: "ip:bench",
  input: { tipo: "C", importe: 1000 + n, cuit: "30-71234567-1" },
  output: { cae: String(74000000000000 + n), vencimiento: "2026-12-01" },
  outcome: "ok" as const,
});

async function fill(store: Store, sessionId: string, n: number): Promise<number[]> {
  const latencies: number[] = [];
  let token: string | null = null;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const out = await appendAuditEvent({ sessionId, sessionToken: token, event: event(i) }, store);
    latencies.push(performance.now() - t);
    token ??= out.sessionToken;
  }
  return latencies;
}

function bareLoop(entries: AuditEntry[], secret: string): number {
  // The irreducible work per entry: one JCS, one HMAC, one SHA-256.
  let x = 0;
  for (const e of entries) {
    const canonical = canonicalize(e) as string;
    x ^= createHmac("sha256", secret).update(canonical).digest()[0] as number;
    x ^= createHash("sha256").update(canonical).digest()[0] as number;
  }
  return x;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sia-bench-"));
applyEnv({ DATA_DIR: dir });
const embedded = EmbeddedStore.open(dir);

// --- 1. verification throughput -------------------------------------------------------------
await fill(embedded, "bench-verify-10k", 10_000);
const entries = (await readAuditEntries("bench-verify-10k", embedded)) as AuditEntry[];
const keys = hmacKeys();
const secret = Object.values(keys)[0] as string;
const rounds = 5;
let bestVerify = Number.POSITIVE_INFINITY;
let bestBare = Number.POSITIVE_INFINITY;
for (let r = 0; r < rounds; r++) {
  let t = performance.now();
  const report = verifyEntries("bench-verify-10k", entries, keys);
  bestVerify = Math.min(bestVerify, performance.now() - t);
  if (report.verified !== 10_000) throw new Error("the benchmark log does not verify");
  t = performance.now();
  bareLoop(entries, secret);
  bestBare = Math.min(bestBare, performance.now() - t);
}
const verifyRate = 10_000 / (bestVerify / 1000);
const bareRate = 10_000 / (bestBare / 1000);

// --- 2. append latency and 1,000-entry read + verify -----------------------------------------
const embeddedAppend = await fill(embedded, "bench-append-embedded", 1_000);
const reads: number[] = [];
for (let i = 0; i < 200; i++) {
  const t = performance.now();
  const log = await readAuditEntries("bench-append-embedded", embedded);
  verifyEntries("bench-append-embedded", log, keys);
  reads.push(performance.now() - t);
}
await embedded.close();

const stack = await startUpstashStack();
applyEnv(stack.env);
const upstashAppend = await fill(stack.store, "bench-append-upstash", 500);
await stack.close();

console.log(`node ${process.version}, ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "cpu"}`);
console.log(
  `verification: ${Math.round(verifyRate)} entries/s; bare loop: ${Math.round(bareRate)} entries/s; ratio ${(verifyRate / bareRate).toFixed(2)}`,
);
console.log(`append (embedded, 1000): p50 ${ms(pct(embeddedAppend, 0.5))}, p99 ${ms(pct(embeddedAppend, 0.99))}`);
console.log(
  `append (upstash via local bridge, 500): p50 ${ms(pct(upstashAppend, 0.5))}, p99 ${ms(pct(upstashAppend, 0.99))}`,
);
console.log(`read + verify 1000 entries (embedded, 200 runs): p50 ${ms(pct(reads, 0.5))}, p99 ${ms(pct(reads, 0.99))}`);
fs.rmSync(dir, { recursive: true, force: true });
