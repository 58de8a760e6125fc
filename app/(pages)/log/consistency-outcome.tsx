import { EnglishDetail } from "@/app/_components/feedback/error-notice";
import { Stat } from "@/app/_components/verdict/verification-summary";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
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
  words,
  lang,
  headingId,
}: {
  outcome: Exclude<ConsistencyOutcome, { kind: "failed" }>;
  words: Messages;
  lang: Lang;
  headingId: string;
}) {
  const ok = outcome.kind === "consistent";
  const { from, to, size } = outcome;
  return (
    <section className="report" aria-labelledby={headingId} data-consistency={outcome.kind}>
      <h3 id={headingId}>{words.resultTitle}</h3>
      <div className={`verdict verdict-${ok ? "ok" : "bad"}`}>
        <span className={`pill pill-${ok ? "ok" : "bad"}`}>{ok ? words.ok : words.bad}</span>
        <p>{ok ? fill(words.okSentence, { from, to, size }) : fill(words.badSentence, { from, to })}</p>
      </div>
      {outcome.kind === "consistent" ? (
        <dl className="stats">
          <Stat label={words.proofHashes}>{outcome.proofLength}</Stat>
          <Stat label={words.checkpointSize}>{size}</Stat>
          <Stat label={fill(words.root, { n: from })} wide>
            <code translate="no">{outcome.roots[0]}</code>
          </Stat>
          <Stat label={fill(words.root, { n: to })} wide>
            <code translate="no">{outcome.roots[1]}</code>
          </Stat>
        </dl>
      ) : (
        <p>
          <EnglishDetail label={words.detailLabel} text={outcome.detail} lang={lang} />
        </p>
      )}
    </section>
  );
}
