import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import { EnglishDetail } from "../_components/audit/error-notice";
import { Stat } from "../_components/audit/verification-summary";
import type { CheckFailure, ConsistencyOutcome } from "./check-consistency";
import type { Messages } from "./use-consistency-check";

/** Why the check could not run, in the page's words; `detail` is the server's or the parser's own. */
export function failureMessage(failure: CheckFailure, t: Messages): { message: string; detail?: string } {
  switch (failure.kind) {
    case "network":
      return { message: t.errors.network };
    case "noWebCrypto":
      return { message: t.errors.noWebCrypto };
    case "server":
      return { message: fill(t.errors.server, { status: failure.status }), detail: failure.detail };
    case "checkpoint":
      return { message: t.errors.checkpoint, detail: failure.detail };
    case "data":
      return { message: t.errors.data, detail: failure.detail };
  }
}

/** What the check found: consistent, with the proof's size and both roots, or not, with why. */
export function ConsistencyResult({
  outcome,
  t,
  lang,
  headingId,
}: {
  outcome: Exclude<ConsistencyOutcome, { kind: "failed" }>;
  t: Messages;
  lang: Lang;
  headingId: string;
}) {
  const ok = outcome.kind === "consistent";
  const { from, to, size } = outcome;
  return (
    <section className="report" aria-labelledby={headingId} data-consistency={outcome.kind}>
      <h3 id={headingId}>{t.resultTitle}</h3>
      <div className={`verdict verdict-${ok ? "ok" : "bad"}`}>
        <span className={`pill pill-${ok ? "ok" : "bad"}`}>{ok ? t.ok : t.bad}</span>
        <p>{ok ? fill(t.okSentence, { from, to, size }) : fill(t.badSentence, { from, to })}</p>
      </div>
      {outcome.kind === "consistent" ? (
        <dl className="stats">
          <Stat label={t.proofHashes}>{outcome.proofLength}</Stat>
          <Stat label={t.checkpointSize}>{size}</Stat>
          <Stat label={fill(t.root, { n: from })} wide>
            <code translate="no">{outcome.roots[0]}</code>
          </Stat>
          <Stat label={fill(t.root, { n: to })} wide>
            <code translate="no">{outcome.roots[1]}</code>
          </Stat>
        </dl>
      ) : (
        <p>
          <EnglishDetail label={t.detailLabel} text={outcome.detail} lang={lang} />
        </p>
      )}
    </section>
  );
}
