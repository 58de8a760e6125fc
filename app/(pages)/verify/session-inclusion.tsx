"use client";

import { ErrorNotice } from "@/app/_components/feedback/error-notice";
import { NeedsScripts } from "@/app/_components/feedback/needs-scripts";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import { InclusionReport, type InclusionWords } from "./log-inclusion";
import { type PolicyVerdict, useSessionInclusion } from "./use-session-inclusion";
import { VerificationLines } from "./verification-lines";

function PolicyReport({ verdict, words }: { verdict: PolicyVerdict; words: InclusionWords }) {
  if (verdict === null) return null;
  if (verdict.kind === "failed") return <p data-witness-policy="failed">{words.policyFailed}</p>;
  const n = { n: verdict.cosigned, q: verdict.quorum };
  return (
    <p data-witness-policy={verdict.meets ? "met" : "unmet"}>
      {verdict.meets ? fill(words.policyMet, n) : fill(words.policyUnmet, n)}
    </p>
  );
}

/**
 * For a session verified by id: whether its head entry is in the transparency log, as the browser
 * checked it (use-session-inclusion.ts). The server's HMAC report above cannot show this: a service
 * that rewrote the session would recompute its own HMACs too.
 */
export function SessionInclusion({ sessionId, words, lang }: { sessionId: string; words: InclusionWords; lang: Lang }) {
  const { state, check } = useSessionInclusion(sessionId, lang);
  return (
    <section className="report" aria-labelledby="session-inclusion-title" aria-busy={state.kind === "checking"}>
      <h3 id="session-inclusion-title">{words.title}</h3>
      <p>{words.intro}</p>
      <div aria-live="polite">
        {state.kind === "checking" ? <p className="scripted">{words.checking}</p> : null}
        <NeedsScripts text={words.needsScripts} />
        {state.kind === "done" ? (
          <>
            <InclusionReport result={state.result} words={words} lang={lang} heading={false} />
            <PolicyReport verdict={state.policy} words={words} />
            <VerificationLines described={state.described} title={words.linesTitle} />
          </>
        ) : null}
        {state.kind === "failed" ? (
          <ErrorNotice
            failure={{ message: words.failed }}
            lang={lang}
            detailLabel={words.reason}
            retryLabel={words.retry}
            onRetry={() => void check()}
          />
        ) : null}
      </div>
    </section>
  );
}
