import type { Ref } from "react";
import type { IncorporateMessages } from "@/app/(pages)/incorporar/words";
import type { Lang } from "@/lib/i18n";
import { formatPesos } from "@/lib/i18n/format-pesos";
import { fill } from "@/lib/i18n/template";
import type { IncorporationSuccess } from "@/lib/incorporation/success";
import { ResultCards } from "./result-cards";
import { ResultFilesAndChecklist } from "./result-checklist";
import { ResultNextSteps } from "./result-next-steps";
import { ResultSecrets } from "./result-secrets";

type ResultMessages = IncorporateMessages["result"];

/**
 * Everything one incorporation produced, in the order a founder needs it: the tokens to save now,
 * the deploy button, the files, the 8-step roadmap, the forming record and the session's audit log
 * with its badge.
 */
export function IncorporationResult({
  words,
  severity,
  lang,
  result,
  replayed,
  headingRef,
  onEdit,
}: {
  words: ResultMessages;
  /** How the findings' severities read. */
  severity: IncorporateMessages["form"]["severity"];
  lang: Lang;
  result: IncorporationSuccess;
  replayed: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onEdit: () => void;
}) {
  const { sociedad, audit, registry } = result;
  const sessionToken = audit.sessionToken;
  const claimToken = registry.claimToken ?? undefined;
  const notes = result.validation.findings;

  return (
    <section aria-labelledby="inc-result-title" className="inc-result">
      <h2 id="inc-result-title" tabIndex={-1} ref={headingRef}>
        {fill(words.title, { name: sociedad.denominacion })}
      </h2>
      <p className="pill-row">
        <span className="pill pill-neutral">{sociedad.tipo}</span>
        <span className="pill pill-neutral">{formatPesos(sociedad.capitalSocial, lang)}</span>
        <code translate="no">{sociedad.slug}</code>
      </p>
      <p>{words.lead}</p>

      {result.warnings?.length ? (
        <section aria-labelledby="inc-warnings-title" className="notice" data-testid="inc-warnings">
          <h3 id="inc-warnings-title">{words.warnings}</h3>
          <ul>
            {result.warnings.map((w) => (
              <li key={w.code} data-warning={w.code}>
                {w.message[lang]}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="inc-actions">
        <a className="button button-primary" href={result.deploy.oneClickUrl} rel="noopener noreferrer">
          {words.deploy.button} <span className="inc-external">{words.deploy.external}</span>
        </a>
        <button type="button" className="button" onClick={onEdit}>
          {words.edit}
        </button>
      </div>
      <p className="field-hint">{words.deploy.body}</p>

      <ResultNextSteps words={words} result={result} />

      {replayed ? <p className="notice inc-note">{words.replayed}</p> : null}

      <ResultSecrets words={words} sessionToken={sessionToken} claimToken={claimToken} />

      {notes.length > 0 ? (
        <section aria-labelledby="inc-notes-title">
          <h3 id="inc-notes-title">{words.findings}</h3>
          <ul className="inc-issues">
            {notes.map((n) => (
              <li key={`${n.code}:${n.field}`} className={`inc-issue-${n.severity}`}>
                <span className="inc-issue-label">{severity[n.severity]}:</span> {n.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <ResultFilesAndChecklist words={words} lang={lang} result={result} />

      <ResultCards words={words} lang={lang} result={result} />
    </section>
  );
}
