import { CodeBlock } from "@/app/_components/code/code-block";
import { prettyJson } from "@/app/_components/log-entry/format";
import { ReasonList } from "@/app/_components/verdict/reason-list";
import type { TamperDemoResult } from "@/lib/audit/tamper-demo";
import { fill } from "@/lib/i18n/template";
import { ChangedLines } from "./changed-lines";
import { changedMembers, membersToShow, pick, type TamperDemoMessages } from "./tamper-model";

/** The original entry VERIFIED next to its altered copy TAMPERED, with where and why the check failed. */
export function TamperResult({
  result,
  words,
  headingId,
}: {
  result: TamperDemoResult;
  words: TamperDemoMessages;
  headingId: string;
}) {
  const t = words.tamper;
  const { original, altered, detected, seq } = result;
  const originalClean = !original.verification.problems.some((p) => p.seq === seq);
  const caught = detected.seq !== null;
  const changed = changedMembers(original.entry, altered.entry);
  const shown = membersToShow(changed);
  const mutationLabel = t.mutations[result.mutation] ?? result.mutation;
  const entryLabel = fill(words.entry, { seq });

  return (
    <section className="tamper-result" aria-labelledby={headingId}>
      <h3 id={headingId}>{t.resultTitle}</h3>
      <p role="status">
        {fill(result.source === "sample" ? t.resultSourceSample : t.resultSourceSession, { id: result.sessionId })}{" "}
        {mutationLabel}. {t.original}: {originalClean ? words.verdict.entryVerified : words.verdict.entryTampered}.{" "}
        {t.altered}: {words.verdict.entryTampered}.
      </p>
      {result.window.to - result.window.from + 1 < result.window.size ? (
        <p data-testid="tamper-window">{fill(t.window, result.window)}</p>
      ) : null}
      <div className="tamper-compare">
        <article className={`tamper-card ${originalClean ? "tamper-card-ok" : "tamper-card-bad"}`}>
          <header className="tamper-card-head">
            <h4>
              {t.original} · {entryLabel}
            </h4>
            <span className={`pill ${originalClean ? "pill-ok" : "pill-bad"}`}>
              {originalClean ? words.verdict.entryVerified : words.verdict.entryTampered}
            </span>
          </header>
          <p>{fill(t.originalLog, { verified: original.verification.verified, total: original.verification.total })}</p>
          {!originalClean ? <p>{t.originalNotClean}</p> : null}
          {altered.entry === null ? (
            <CodeBlock>{prettyJson(original.entry)}</CodeBlock>
          ) : (
            <>
              {shown.length > 0 ? (
                <CodeBlock caption={t.excerpt}>
                  <ChangedLines text={pick(original.entry, shown)} other={pick(altered.entry, shown)} />
                </CodeBlock>
              ) : null}
              <details>
                <summary>{t.fullEntry}</summary>
                <CodeBlock>
                  <ChangedLines text={prettyJson(original.entry)} other={prettyJson(altered.entry)} />
                </CodeBlock>
              </details>
            </>
          )}
        </article>
        <article className="tamper-card tamper-card-bad">
          <header className="tamper-card-head">
            <h4>
              {t.altered} · {entryLabel}
            </h4>
            <span className="pill pill-bad">{words.verdict.entryTampered}</span>
          </header>
          <p>{fill(t.alteredLog, { tampered: altered.verification.tampered, total: altered.verification.total })}</p>
          {caught ? (
            <div className="detected">
              <p>
                <strong>{fill(t.detectedAt, { seq: detected.seq as number })}</strong>
              </p>
              <ReasonList reasons={detected.reasons} words={words.reasons} />
            </div>
          ) : (
            <p>{t.notDetectedByChain}</p>
          )}
          {altered.entry === null ? (
            <p>{t.deleted}</p>
          ) : (
            <>
              {changed.length > 0 && result.mutation !== "swap-entries" ? (
                <p>{fill(t.changed, { fields: changed.join(", ") })}</p>
              ) : null}
              {shown.length > 0 ? (
                <CodeBlock caption={t.excerpt}>
                  <ChangedLines text={pick(altered.entry, shown)} other={pick(original.entry, shown)} />
                </CodeBlock>
              ) : null}
              <details>
                <summary>{t.fullEntry}</summary>
                <CodeBlock>
                  <ChangedLines text={prettyJson(altered.entry)} other={prettyJson(original.entry)} />
                </CodeBlock>
              </details>
            </>
          )}
        </article>
      </div>
    </section>
  );
}
