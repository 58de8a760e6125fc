"use client";

import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import { ErrorNotice } from "../_components/audit/error-notice";
import { NeedsScripts } from "../_components/audit/needs-scripts";
import { InclusionReport, type InclusionWords } from "./log-inclusion";
import { type PolicyVerdict, useSessionInclusion } from "./use-session-inclusion";
import { VerificationLines } from "./verification-lines";

function PolicyReport({ verdict, t }: { verdict: PolicyVerdict; t: InclusionWords }) {
  if (verdict === null) return null;
  if (verdict.kind === "failed") return <p data-witness-policy="failed">{t.policyFailed}</p>;
  const n = { n: verdict.cosigned, q: verdict.quorum };
  return (
    <p data-witness-policy={verdict.meets ? "met" : "unmet"}>
      {verdict.meets ? fill(t.policyMet, n) : fill(t.policyUnmet, n)}
    </p>
  );
}

/**
 * For a session verified by id: whether its head entry is in the transparency log, as the browser
 * checked it (use-session-inclusion.ts). The server's HMAC report above cannot show this: a service
 * that rewrote the session would recompute its own HMACs too.
 */
export function SessionInclusion({ sessionId, t, lang }: { sessionId: string; t: InclusionWords; lang: Lang }) {
  const { state, check } = useSessionInclusion(sessionId);
  return (
    <section className="report" aria-labelledby="session-inclusion-title" aria-busy={state.kind === "checking"}>
      <h3 id="session-inclusion-title">{t.title}</h3>
      <p>{t.intro}</p>
      <div aria-live="polite">
        {state.kind === "checking" ? <p className="scripted">{t.checking}</p> : null}
        <NeedsScripts text={t.needsScripts} />
        {state.kind === "done" ? (
          <>
            <InclusionReport result={state.result} t={t} lang={lang} heading={false} />
            <PolicyReport verdict={state.policy} t={t} />
            <VerificationLines report={state.report} lang={lang} title={t.linesTitle} />
          </>
        ) : null}
        {state.kind === "failed" ? (
          <ErrorNotice
            failure={{ message: t.failed }}
            lang={lang}
            detailLabel={t.reason}
            retryLabel={t.retry}
            onRetry={() => void check()}
          />
        ) : null}
      </div>
    </section>
  );
}
