"use client";

import { createContext, type ReactNode, useContext } from "react";
import { type CheckMessages, CheckSummary } from "./check-summary";
import type { Results } from "./run-checks";
import { type Status, useVectorChecks } from "./use-vector-checks";

const ChecksContext = createContext<{ t: CheckMessages; status: Status; results: Results } | null>(null);

/**
 * Checks the published vectors in the browser with the shared offline verifier (run-checks.ts),
 * then marks every check on the page. The download and the run are in use-vector-checks.ts.
 */
export function VectorChecks({ words, src, children }: { words: CheckMessages; src: string; children: ReactNode }) {
  const { status, results, start } = useVectorChecks(src);
  return (
    <ChecksContext.Provider value={{ t: words, status, results }}>
      <div className="check-summary" role="status">
        <CheckSummary words={words} status={status} results={results} onRetry={() => void start()} />
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
