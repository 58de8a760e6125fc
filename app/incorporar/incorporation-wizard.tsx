"use client";

import { ErrorNotice } from "../_components/audit/error-notice";
import { CompanyFields } from "./company-fields";
import { LiveSummary } from "./live-summary";
import { PeopleFields } from "./people-fields";
import { SessionFields } from "./session-fields";
import { useIncorporation } from "./use-incorporation";
import { INPUT_ID, type WizardProps } from "./wizard-model";

export type { TipoInfo, WizardMessages } from "./wizard-model";

/**
 * The incorporation wizard: the form in three steps beside a live summary of the company, then the
 * result. The state and the call to the API are in use-incorporation.ts.
 */
export function IncorporationWizard(props: WizardProps) {
  const { words: m, lang, tipos } = props;
  const f = m.form;
  const w = useIncorporation(props);
  const { phase } = w;

  const live = (
    <p className="visually-hidden" role="status" aria-live="polite">
      {w.announcement}
    </p>
  );

  if (phase.kind === "done") {
    const { View } = phase;
    return (
      <>
        {live}
        <View
          words={m.result}
          severity={f.severity}
          lang={lang}
          result={phase.result}
          replayed={phase.replayed}
          headingRef={w.refs.resultRef}
          onEdit={w.edit}
        />
      </>
    );
  }

  const sending = phase.kind === "sending";
  return (
    <section aria-labelledby="inc-form-title" className="inc-form-section">
      {live}
      <h2 id="inc-form-title" tabIndex={-1} ref={w.refs.formTitleRef}>
        {f.title}
      </h2>
      <p>{f.intro}</p>

      <div className="inc-form-layout">
        <div className="inc-form-column">
          {w.submitted && w.summaryIssues.length > 0 ? (
            <div className="notice notice-error inc-summary" role="alert" tabIndex={-1} ref={w.refs.summaryRef}>
              <p>{w.hasServerErrors ? f.serverSummary : f.summary}</p>
              <ul>
                {w.summaryIssues.map((i) => (
                  <li key={`${i.field}:${i.message}`}>
                    <a href={`#${INPUT_ID[i.field] ?? "inc-denominacion"}`}>{i.message}</a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          <form className="audit-form inc-form" noValidate onSubmit={w.onSubmit} aria-labelledby="inc-form-title">
            <CompanyFields incorporation={w} formWords={f} lang={lang} tipos={tipos} />
            <PeopleFields incorporation={w} formWords={f} />
            <SessionFields incorporation={w} formWords={f} />

            {phase.kind === "failed" ? (
              <ErrorNotice
                failure={phase.failure}
                lang={lang}
                detailLabel={m.errors.serverDetail}
                retryLabel={m.errors.retry}
                onRetry={() => void w.send()}
              />
            ) : null}

            <div className="button-row">
              <button
                type="submit"
                className="button button-primary"
                aria-disabled={sending || undefined}
                onPointerDown={w.pressSubmit}
                onPointerUp={w.releaseSubmit}
                onPointerCancel={w.releaseSubmit}
                onPointerLeave={w.releaseSubmit}
              >
                {sending ? f.submitting : f.submit}
              </button>
            </div>
          </form>
        </div>
        <LiveSummary incorporation={w} formWords={f} lang={lang} />
      </div>
    </section>
  );
}
