// Audit verification speed as a ratio to the irreducible cryptography per entry: one JCS
// canonicalisation, one HMAC-SHA256 and one SHA-256 (a bare loop doing only that).
import { createHash, createHmac } from "node:crypto";
import canonicalize from "canonicalize";
import { signEntry } from "../../lib/audit/sign-entry";
import { verifyEntries } from "../../lib/audit/verify";

const KEY = { kid: "bench-1", secret: "bench-secret-0123456789abcdef0123456789abcdef" };

/** A chained, signed log of `n` demo tool calls, as the store returns it (parsed full forms). */
export function signedLog(sessionId: string, n: number): unknown[] {
  const entries: unknown[] = [];
  let prev: string | null = null;
  for (let seq = 0; seq < n; seq++) {
    const { full } = signEntry(
      {
        kind: "tool-call",
        action: "emitir_factura",
        actor: "ip:0123456789abcdef",
        input: { tipo: "C", importeTotal: 1000 + seq, cuitReceptor: "30-71234567-1" },
        output: { cae: String(74_000_000_000_000 + seq), vencimientoCae: "2026-12-01", total: 1000 + seq },
        outcome: "ok",
        sessionId,
        seq,
        ts: new Date(Date.UTC(2026, 10, 21, 12, 0, 0, seq)).toISOString(),
        prev,
      },
      KEY,
    );
    prev = `sha256:${createHash("sha256").update(full).digest("hex")}`;
    entries.push(JSON.parse(full));
  }
  return entries;
}

function bareLoop(entries: unknown[], secret: string): number {
  let x = 0;
  for (const e of entries) {
    const canonical = canonicalize(e) as string;
    x ^= createHmac("sha256", secret).update(canonical).digest()[0] as number;
    x ^= createHash("sha256").update(canonical).digest()[0] as number;
  }
  return x;
}

export interface VerifyThroughput {
  entries: number;
  verifyPerSecond: number;
  barePerSecond: number;
  ratio: number;
}

/** Best of `rounds` alternating runs of each over a `n`-entry log. */
export function measureVerifyThroughput(n = 10_000, rounds = 5): VerifyThroughput {
  const sessionId = "bench-verify-throughput";
  const entries = signedLog(sessionId, n);
  const keys = { [KEY.kid]: KEY.secret };
  let bestVerify = Number.POSITIVE_INFINITY;
  let bestBare = Number.POSITIVE_INFINITY;
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    const report = verifyEntries(sessionId, entries, keys);
    bestVerify = Math.min(bestVerify, performance.now() - t);
    if (report.verified !== n) throw new Error("the benchmark log does not verify");
    t = performance.now();
    bareLoop(entries, KEY.secret);
    bestBare = Math.min(bestBare, performance.now() - t);
  }
  const verifyPerSecond = n / (bestVerify / 1000);
  const barePerSecond = n / (bestBare / 1000);
  return { entries: n, verifyPerSecond, barePerSecond, ratio: verifyPerSecond / barePerSecond };
}
