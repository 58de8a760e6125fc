"use client";

import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";
import type { TestVectorsMessages } from "@/app/test-vectors/words";
import type { TestVectors } from "@/lib/audit/test-vectors";
import { fill } from "@/lib/i18n/template";
import { canonicalize } from "@/packages/incorporate/src/jcs";
import {
  hmacTagged,
  type PublicJwk,
  sha256Tagged,
  signedForm,
  verifyAuditLog,
  verifyCheckpoint,
} from "@/packages/incorporate/src/verify";
import { callApi } from "../_client/api";
import { checkIds } from "./check-ids";

type CheckResult = { pass: true } | { pass: false; got: string };
type Results = Record<string, CheckResult>;

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
 * Recomputes every vector with the shared offline verifier (packages/incorporate/src/verify.ts, the
 * module the client package publishes): canonical forms, signed forms, HMACs, links, the chain, the
 * checkpoint, and the negative cases, which pass when they are rejected exactly as their `expect` says.
 */
async function runChecks(v: TestVectors): Promise<Results> {
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

type Status = "running" | "done" | "load-error" | "no-webcrypto";
/** The messages the checker renders, in the page's language. */
type CheckMessages = Pick<TestVectorsMessages, "summary" | "state" | "got">;
const ChecksContext = createContext<{ t: CheckMessages; status: Status; results: Results } | null>(null);

/**
 * Downloads the published vectors file and checks it in the browser after the page has rendered
 * (so server and client render the same "checking" state), then marks every check on the page.
 */
export function VectorChecks({ t, src, children }: { t: CheckMessages; src: string; children: ReactNode }) {
  const [status, setStatus] = useState<Status>("running");
  const [results, setResults] = useState<Results>({});

  const start = useCallback(async () => {
    setStatus("running");
    setResults({});
    if (!globalThis.crypto?.subtle) {
      setStatus("no-webcrypto");
      return;
    }
    const answer = await callApi<TestVectors>(src, { cache: "no-store" });
    if (!answer.ok) {
      setStatus("load-error");
      return;
    }
    const vectors = answer.data;
    setResults(await runChecks(vectors));
    setStatus("done");
  }, [src]);

  useEffect(() => {
    void start();
  }, [start]);

  const all = Object.values(results);
  const failed = all.filter((r) => !r.pass).length;
  let summary: ReactNode;
  if (status === "running") {
    summary = <p className="verdict">{t.summary.checking}</p>;
  } else if (status === "done") {
    summary = (
      <div
        className={`verdict ${failed === 0 ? "verdict-ok" : "verdict-bad"}`}
        data-summary={failed === 0 ? "pass" : "fail"}
      >
        <span className={`pill ${failed === 0 ? "pill-ok" : "pill-bad"}`}>
          {failed === 0 ? t.state.pass : t.state.fail}
        </span>
        <p>
          {failed === 0
            ? fill(t.summary.allPass, { n: all.length })
            : fill(t.summary.someFail, { bad: failed, n: all.length })}
        </p>
      </div>
    );
  } else {
    summary = (
      <div className="notice notice-error">
        <p>{status === "no-webcrypto" ? t.summary.noWebCrypto : t.summary.loadError}</p>
        {status === "load-error" ? (
          <button type="button" className="button" onClick={() => void start()}>
            {t.summary.retry}
          </button>
        ) : null}
      </div>
    );
  }

  return (
    <ChecksContext.Provider value={{ t, status, results }}>
      <div className="check-summary" role="status">
        {summary}
      </div>
      {children}
    </ChecksContext.Provider>
  );
}

/** The live mark of one check; a negative case reads "rejected, as expected" when it passes. */
export function CheckMark({ id, negative = false }: { id: string; negative?: boolean }) {
  const checks = useContext(ChecksContext);
  if (!checks) throw new Error("CheckMark is rendered outside VectorChecks");
  const { t, status, results } = checks;
  const result = results[id];
  if (!result) {
    const label = status === "running" ? t.state.pending : "—";
    return (
      <span className="pill pill-neutral" data-check={id} data-state="pending">
        {label}
      </span>
    );
  }
  return (
    <span className="check-mark">
      <span
        className={`pill ${result.pass ? "pill-ok" : "pill-bad"}`}
        data-check={id}
        data-state={result.pass ? "pass" : "fail"}
      >
        {result.pass ? (negative ? t.state.rejected : t.state.pass) : negative ? t.state.notRejected : t.state.fail}
      </span>
      {result.pass ? null : (
        <span className="check-detail">
          {t.got} <code translate="no">{result.got}</code>
        </span>
      )}
    </span>
  );
}
