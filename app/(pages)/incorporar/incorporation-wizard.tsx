"use client";

import { ErrorNotice } from "@/app/_components/feedback/error-notice";
import { CompanyFields } from "./company-fields";
import { ErrorSummary } from "./error-summary";
import { LiveSummary } from "./live-summary";
import { PeopleFields } from "./people-fields";
import { SessionFields } from "./session-fields";
import { useIncorporation } from "./use-incorporation";
import type { WizardProps } from "./wizard-model";

export type { TipoInfo, WizardMessages } from "./wizard-model";

/**
 * The incorporation wizard: the form in three steps beside a live summary of the company, then the
 * result. The state and the call to the API are in use-incorporation.ts, which hands each part
 * only what it shows.
 */
export function IncorporationWizard(props: WizardProps) {
  const { words, lang, tipos } = props;
  const formWords = words.form;
  const wizard = useIncorporation(props);
  const { phase, errors } = wizard;

  const live = (
    <p className="visually-hidden" role="status" aria-live="polite">
      {wizard.announcement}
    </p>
  );

  if (phase.kind === "done") {
    const { View } = phase;
    return (
      <>
        {live}
        <View
          words={words.result}
          severity={formWords.severity}
          lang={lang}
          result={phase.result}
          replayed={phase.replayed}
          headingRef={wizard.resultRef}
          onEdit={wizard.edit}
        />
      </>
    );
  }

  const sending = phase.kind === "sending";
  return (
    <section aria-labelledby="inc-form-title" className="inc-form-section">
      {live}
      <h2 id="inc-form-title" tabIndex={-1} ref={wizard.formTitleRef}>
        {formWords.title}
      </h2>
      <p>{formWords.intro}</p>

      <div className="inc-form-layout">
        <div className="inc-form-column">
          {errors.shown ? (
            <ErrorSummary
              issues={errors.issues}
              fromServer={errors.fromServer}
              summaryRef={errors.ref}
              formWords={formWords}
            />
          ) : null}

          <form className="audit-form inc-form" noValidate onSubmit={wizard.onSubmit} aria-labelledby="inc-form-title">
            <CompanyFields
              fields={wizard.fields}
              company={wizard.company}
              formWords={formWords}
              lang={lang}
              tipos={tipos}
            />
            <PeopleFields fields={wizard.fields} formWords={formWords} />
            <SessionFields fields={wizard.fields} formWords={formWords} />

            {phase.kind === "failed" ? (
              <ErrorNotice
                failure={phase.failure}
                lang={lang}
                detailLabel={words.errors.serverDetail}
                retryLabel={words.errors.retry}
                onRetry={() => void wizard.send()}
              />
            ) : null}

            <div className="button-row">
              <button
                type="submit"
                className="button button-primary"
                aria-disabled={sending || undefined}
                onPointerDown={wizard.submitButton.press}
                onPointerUp={wizard.submitButton.release}
                onPointerCancel={wizard.submitButton.release}
                onPointerLeave={wizard.submitButton.release}
              >
                {sending ? formWords.submitting : formWords.submit}
              </button>
            </div>
          </form>
        </div>
        <LiveSummary summary={wizard.summary} formWords={formWords} lang={lang} />
      </div>
    </section>
  );
}
