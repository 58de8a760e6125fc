"use client";

import { useId } from "react";
import { ErrorNotice } from "@/app/_components/feedback/error-notice";
import { errorFindings, FormField } from "@/app/_components/forms/form-field";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import { ConsistencyResult, failureMessage } from "./consistency-outcome";
import { type Messages, useConsistencyCheck } from "./use-consistency-check";

/**
 * The consistency check between two sizes of the log, run in the browser with the client package.
 * The state and the checks of the sizes are in use-consistency-check.ts.
 */
export function ConsistencyCheck({
  words,
  lang,
  vkey,
  size,
}: {
  words: Messages;
  lang: Lang;
  vkey: string;
  size: number;
}) {
  const id = useId();
  const w = useConsistencyCheck({ words, vkey, size });
  const { outcome } = w;

  const field = (name: "from" | "to", label: string, hint: string) => (
    <FormField
      id={`${id}-${name}`}
      label={label}
      hint={hint}
      findings={errorFindings(`${id}-${name}`, w.errors[name] ?? null)}
    >
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={w.values[name]}
          onChange={(e) => w.change(name, e.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <>
      <form className="audit-form log-sizes" onSubmit={w.onSubmit} noValidate>
        {field("from", words.fromLabel, fill(words.fromHint, { max: size }))}
        {field("to", words.toLabel, fill(words.toHint, { max: size }))}
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={w.busy}>
            {w.busy ? words.checking : words.submit}
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {outcome?.kind === "failed" ? (
          <ErrorNotice
            failure={failureMessage(outcome.failure, words)}
            lang={lang}
            detailLabel={words.detailLabel}
            retryLabel={words.retry}
            onRetry={() => void w.run()}
          />
        ) : outcome ? (
          <ConsistencyResult outcome={outcome} words={words} lang={lang} headingId={`${id}-result`} />
        ) : null}
      </div>
    </>
  );
}
