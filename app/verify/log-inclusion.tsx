"use client";

import { useCallback, useEffect, useState } from "react";
import type { VerifyMessages } from "@/app/verify/words";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import { fetchAudit } from "@/packages/incorporate/src/client";
import { checkWitnessPolicy, parseWitnessPolicy } from "@/packages/incorporate/src/tlog/policy";
import { type LogInclusion, type PublicJwk, verifyAuditLog } from "@/packages/incorporate/src/verify";
import { fetchPublished } from "../_client/api";
import { EnglishDetail, ErrorNotice } from "../_components/audit/error-notice";
import { Stat } from "../_components/audit/verification-summary";

type Messages = VerifyMessages["inclusion"];

/** The transparency log's verifier key, as the service publishes it (one line). */
export async function fetchLogKey(): Promise<string> {
  return String(await fetchPublished("/log/vkey", "text")).trim();
}

/** The service's checkpoint keys. */
export async function fetchJwks(): Promise<{ keys: PublicJwk[] }> {
  return (await fetchPublished("/.well-known/jwks.json")) as { keys: PublicJwk[] };
}

/** Whether a session's head is in the transparency log, as the browser's check found it. */
export function InclusionReport({
  result,
  t,
  lang,
  heading = true,
}: {
  result: LogInclusion;
  t: Messages;
  lang: Lang;
  /** Its own h4, inside a report about the whole log; none where the section is titled already. */
  heading?: boolean;
}) {
  const tone = result.included ? "ok" : "bad";
  return (
    <div className="log-inclusion" data-log-inclusion={result.included ? "included" : "not-included"}>
      {heading ? <h4>{t.title}</h4> : null}
      <div className={`inclusion-verdict verdict-${tone}`}>
        <span className={`pill pill-${tone}`}>{result.included ? t.pill.included : t.pill.notIncluded}</span>
        <p>
          {result.included ? fill(t.included, { index: result.index ?? 0, size: result.size ?? 0 }) : t.notIncluded}
        </p>
      </div>
      {result.error ? (
        <p>
          <EnglishDetail label={t.reason} text={result.error} lang={lang} />
        </p>
      ) : null}
      {result.included ? (
        <dl className="stats">
          <Stat label={t.index}>{result.index}</Stat>
          <Stat label={t.size}>{result.size}</Stat>
          <Stat label={t.origin} wide>
            <code translate="no">{result.origin}</code>
          </Stat>
        </dl>
      ) : null}
      <p>
        <a href="/log">{t.logPage}</a>
      </p>
    </div>
  );
}

/** Whether the checkpoint a session's head is proved in meets the log's witness policy; null without witnesses. */
type PolicyVerdict = { kind: "checked"; cosigned: number; quorum: number; meets: boolean } | { kind: "failed" } | null;

async function policyVerdict(checkpoint: string | null | undefined): Promise<PolicyVerdict> {
  if (!checkpoint) return null;
  const policy = parseWitnessPolicy(await fetchPublished("/log/policy"));
  if (policy.witnesses.length === 0) return null;
  try {
    const { cosigned, meets } = await checkWitnessPolicy(checkpoint, policy);
    return { kind: "checked", cosigned: cosigned.length, quorum: policy.quorum, meets };
  } catch {
    return { kind: "failed" };
  }
}

function PolicyReport({ verdict, t }: { verdict: PolicyVerdict; t: Messages }) {
  if (verdict === null) return null;
  if (verdict.kind === "failed") return <p data-witness-policy="failed">{t.policyFailed}</p>;
  const n = { n: verdict.cosigned, q: verdict.quorum };
  return (
    <p data-witness-policy={verdict.meets ? "met" : "unmet"}>
      {verdict.meets ? fill(t.policyMet, n) : fill(t.policyUnmet, n)}
    </p>
  );
}

type State = { kind: "checking" } | { kind: "done"; result: LogInclusion; policy: PolicyVerdict } | { kind: "failed" };

/**
 * For a session verified by id: reads its log as anyone can and checks, in the browser with the
 * client package, that its head entry is in the transparency log. The server's HMAC report above
 * cannot show this: a service that rewrote the session would recompute its own HMACs too.
 */
export function SessionInclusion({ sessionId, t, lang }: { sessionId: string; t: Messages; lang: Lang }) {
  const [state, setState] = useState<State>({ kind: "checking" });

  const check = useCallback(async () => {
    setState({ kind: "checking" });
    try {
      const [log, jwks, logKey] = await Promise.all([
        // Every page: the head and the checkpoint only verify against the whole log.
        fetchAudit(sessionId),
        fetchJwks(),
        fetchLogKey(),
      ]);
      const report = await verifyAuditLog(
        { sessionId, entries: log.entries, checkpoint: log.checkpoint, transparency: log.transparency },
        { jwks, logKey },
      );
      const result = report.log as LogInclusion;
      const policy = result.included ? await policyVerdict(log.transparency?.checkpoint) : null;
      setState({ kind: "done", result, policy });
    } catch {
      setState({ kind: "failed" });
    }
  }, [sessionId]);

  useEffect(() => {
    void check();
  }, [check]);

  return (
    <section className="report" aria-labelledby="session-inclusion-title" aria-busy={state.kind === "checking"}>
      <h3 id="session-inclusion-title">{t.title}</h3>
      <p>{t.intro}</p>
      <div aria-live="polite">
        {state.kind === "checking" ? <p>{t.checking}</p> : null}
        {state.kind === "done" ? (
          <>
            <InclusionReport result={state.result} t={t} lang={lang} heading={false} />
            <PolicyReport verdict={state.policy} t={t} />
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
