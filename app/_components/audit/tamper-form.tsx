import type { TamperMutation } from "@/lib/audit/tamper-demo";
import { fill } from "@/lib/i18n/template";
import { errorFindings, FormField } from "../form-field";
import type { TamperDemoMessages } from "./tamper-model";
import type { TamperDemoState } from "./use-tamper-demo";

/** The demonstration's form: which log, which alteration, and which entry to alter. */
export function TamperForm({
  w,
  t,
  id,
  sessionId,
}: {
  w: TamperDemoState;
  t: TamperDemoMessages["tamper"];
  /** The demonstration's own id, the prefix of its controls' ids. */
  id: string;
  sessionId?: string;
}) {
  const { source, seqError, busy } = w;
  return (
    <form className="audit-form" onSubmit={w.onSubmit} noValidate>
      <fieldset>
        <legend>{t.source}</legend>
        {(sessionId ? (["session", "sample"] as const) : (["sample", "session"] as const)).map((option) => (
          <div className="radio-row" key={option}>
            <input
              type="radio"
              id={`${id}-src-${option}`}
              name={`${id}-source`}
              checked={source === option}
              onChange={() => w.setSource(option)}
            />
            <label htmlFor={`${id}-src-${option}`}>
              {option === "sample"
                ? t.sourceSample
                : sessionId
                  ? fill(t.sourceThisSession, { id: sessionId })
                  : t.sourceSession}
            </label>
          </div>
        ))}
      </fieldset>
      {source === "session" && !sessionId ? (
        <FormField
          id={`${id}-session`}
          label={t.sessionLabel}
          hint={t.sessionHint}
          findings={errorFindings(`${id}-session`, w.sessionError)}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={w.sessionInput}
              onChange={(e) => w.setSessionInput(e.target.value)}
            />
          )}
        </FormField>
      ) : null}
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${id}-mutation`}>{t.mutationLabel}</label>
          <select
            id={`${id}-mutation`}
            value={w.mutation}
            onChange={(e) => w.setMutation(e.target.value as TamperMutation)}
            aria-describedby={`${id}-mutation-hint`}
          >
            {(Object.keys(t.mutations) as TamperMutation[]).map((key) => (
              <option key={key} value={key}>
                {t.mutations[key]}
              </option>
            ))}
          </select>
          <p className="field-hint" id={`${id}-mutation-hint`}>
            {t.mutationHints[w.mutation]}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-seq`}>{t.seqLabel}</label>
          <input
            id={`${id}-seq`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={w.seqInput}
            onChange={(e) => w.setSeqInput(e.target.value)}
            aria-invalid={seqError ? true : undefined}
            aria-describedby={`${id}-seq-hint${seqError ? ` ${id}-seq-error` : ""}`}
          />
          {seqError ? (
            <p className="field-error" id={`${id}-seq-error`}>
              {seqError}
            </p>
          ) : null}
          <p className="field-hint" id={`${id}-seq-hint`}>
            {t.seqHint}
          </p>
        </div>
      </div>
      <p>
        <button type="submit" className="button button-primary" disabled={busy} aria-disabled={busy}>
          {busy ? t.running : t.run}
        </button>
      </p>
    </form>
  );
}
