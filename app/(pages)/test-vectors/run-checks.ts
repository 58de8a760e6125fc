import { canonicalize, type PublicJwk, verifyAuditLog, verifyCheckpoint } from "@sociedades-ia/incorporate";
import { hmacTagged, sha256Tagged, signedForm } from "@sociedades-ia/incorporate/verify";
import type { TestVectors } from "@/lib/audit/test-vectors";
import { checkIds } from "./check-ids";

export type CheckResult = { pass: true } | { pass: false; got: string };
export type Results = Record<string, CheckResult>;

async function check(run: () => Promise<CheckResult> | CheckResult): Promise<CheckResult> {
  try {
    return await run();
  } catch (err) {
    return { pass: false, got: err instanceof Error ? err.message : String(err) };
  }
}

const equal = (got: string, expected: string): CheckResult =>
  got === expected ? { pass: true } : { pass: false, got };

/**
 * Recomputes every vector with the shared offline verifier (@sociedades-ia/incorporate/verify, the
 * module the client package publishes): canonical forms, signed forms, HMACs, links, the chain, the
 * checkpoint, and the negative cases, which pass when they are rejected exactly as their `expect` says.
 */
export async function runChecks(v: TestVectors): Promise<Results> {
  const jwks = v.keys.checkpoint as { keys: PublicJwk[] };
  const hmacKeys = v.keys.hmac as Record<string, string>;
  const results: Results = {};
  for (const [i, c] of v.canonical.entries()) {
    results[checkIds.canonical(i)] = await check(() => equal(canonicalize(JSON.parse(c.inputText)), c.canonical));
  }
  for (const [i, e] of v.entries.entries()) {
    const entry = e.entry as unknown as Record<string, unknown>;
    results[checkIds.signed(i)] = await check(() => equal(signedForm(entry), e.signedForm));
    results[checkIds.hmac(i)] = await check(async () =>
      equal(await hmacTagged(signedForm(entry), hmacKeys[entry.kid as string] ?? ""), e.hmac),
    );
    results[checkIds.link(i)] = await check(async () => equal(await sha256Tagged(canonicalize(entry)), e.link));
  }
  const { sessionId, entries, head } = v.chain;
  results[checkIds.chain] = await check(async () => {
    const r = await verifyAuditLog({ sessionId, entries, checkpoint: v.checkpoint.jws }, { jwks, hmacKeys });
    const pass = r.ok && r.verified === head.size && r.head.size === head.size && r.head.hash === head.hash;
    return pass
      ? { pass: true }
      : { pass: false, got: `ok=${r.ok} verified=${r.verified}/${r.total} head=${r.head.hash ?? "null"}` };
  });
  results[checkIds.checkpoint] = await check(async () => {
    const c = await verifyCheckpoint(v.checkpoint.jws, jwks, { sessionId, size: head.size, head: head.hash });
    if (c.error !== null) return { pass: false, got: c.error };
    return equal(canonicalize(c.payload), canonicalize(v.checkpoint.payload));
  });
  for (const n of v.negative) {
    results[checkIds.negative(n.name)] = await check(async () => {
      const r = await verifyAuditLog(n.log, { jwks, hmacKeys });
      const reasons = r.problems.find((p) => p.seq === r.firstBadSeq)?.reasons ?? [];
      const checkpointValid = r.checkpoint?.error === null;
      const pass =
        !r.ok &&
        r.tampered === n.expect.tampered &&
        r.firstBadSeq === n.expect.firstBadSeq &&
        reasons.join(",") === n.expect.reasons.join(",") &&
        checkpointValid === n.expect.checkpointValid;
      return pass
        ? { pass: true }
        : {
            pass: false,
            got: `ok=${r.ok} tampered=${r.tampered} firstBadSeq=${r.firstBadSeq} reasons=[${reasons.join(", ")}] checkpointValid=${checkpointValid}`,
          };
    });
  }
  return results;
}
