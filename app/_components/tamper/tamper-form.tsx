import { errorFindings, FormField } from "@/app/_components/forms/form-field";
import type { TamperMutation } from "@/lib/audit/tamper-demo";
import { fill } from "@/lib/i18n/template";
import type { TamperDemoMessages } from "./tamper-model";
import type { TamperDemoState } from "./use-tamper-demo";

/** The demonstration's form: which log, which alteration, and which entry to alter. */
export function TamperForm({
  demo,
  words,
  id,
  sessionId,
}: {
  demo: TamperDemoState;
  words: TamperDemoMessages["tamper"];
  /** The demonstration's own id, the prefix of its controls' ids. */
  id: string;
  sessionId?: string;
}) {
  const { source, seqError, busy } = demo;
  return (
    <form className="audit-form" onSubmit={demo.onSubmit} noValidate>
      <fieldset>
        <legend>{words.source}</legend>
        {(sessionId ? (["session", "sample"] as const) : (["sample", "session"] as const)).map((option) => (
          <div className="radio-row" key={option}>
            <input
              type="radio"
              id={`${id}-src-${option}`}
              name={`${id}-source`}
              checked={source === option}
              onChange={() => demo.setSource(option)}
            />
            <label htmlFor={`${id}-src-${option}`}>
              {option === "sample"
                ? words.sourceSample
                : sessionId
                  ? fill(words.sourceThisSession, { id: sessionId })
                  : words.sourceSession}
            </label>
          </div>
        ))}
      </fieldset>
      {source === "session" && !sessionId ? (
        <FormField
          id={`${id}-session`}
          label={words.sessionLabel}
          hint={words.sessionHint}
          findings={errorFindings(`${id}-session`, demo.sessionError)}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={demo.sessionInput}
              onChange={(e) => demo.setSessionInput(e.target.value)}
            />
          )}
        </FormField>
      ) : null}
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${id}-mutation`}>{words.mutationLabel}</label>
          <select
            id={`${id}-mutation`}
            value={demo.mutation}
            onChange={(e) => demo.setMutation(e.target.value as TamperMutation)}
            aria-describedby={`${id}-mutation-hint`}
          >
            {(Object.keys(words.mutations) as TamperMutation[]).map((key) => (
              <option key={key} value={key}>
                {words.mutations[key]}
              </option>
            ))}
          </select>
          <p className="field-hint" id={`${id}-mutation-hint`}>
            {words.mutationHints[demo.mutation]}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-seq`}>{words.seqLabel}</label>
          <input
            id={`${id}-seq`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={demo.seqInput}
            onChange={(e) => demo.setSeqInput(e.target.value)}
            aria-invalid={seqError ? true : undefined}
            aria-describedby={`${id}-seq-hint${seqError ? ` ${id}-seq-error` : ""}`}
          />
          {seqError ? (
            <p className="field-error" id={`${id}-seq-error`}>
              {seqError}
            </p>
          ) : null}
          <p className="field-hint" id={`${id}-seq-hint`}>
            {words.seqHint}
          </p>
        </div>
      </div>
      <p>
        <button type="submit" className="button button-primary" disabled={busy} aria-disabled={busy}>
          {busy ? words.running : words.run}
        </button>
      </p>
    </form>
  );
}
