"use client";

import { useId } from "react";
import { EnglishDetail, ErrorNotice } from "@/app/_components/feedback/error-notice";
import { NeedsScripts } from "@/app/_components/feedback/needs-scripts";
import { errorFindings, FormField } from "@/app/_components/forms/form-field";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import { useLogVerifier } from "./use-log-verifier";
import type { InclusionMessages, LogAuditMessages, Messages } from "./verifier-model";

/**
 * Verifies an exported log entirely in the browser: chain, checkpoint signature, counts, and the
 * first bad entry with its reasons in plain language. The state and the checks are in
 * use-log-verifier.ts, the report in browser-report.tsx (loaded with the first check).
 */
export function LogVerifier({
  words,
  inclusion,
  auditWords,
  lang,
  sessionId,
}: {
  words: Messages;
  inclusion: InclusionMessages;
  auditWords: LogAuditMessages;
  lang: Lang;
  sessionId?: string;
}) {
  const id = useId();
  const w = useLogVerifier({ words, inclusion, auditWords, sessionId });
  const { busy, fieldError, failure, result } = w;

  return (
    <>
      <NeedsScripts text={auditWords.request.needsScripts} />
      <form className="audit-form scripted" onSubmit={w.onSubmit} noValidate>
        <FormField
          id={`${id}-text`}
          label={words.textLabel}
          hint={words.textHint}
          findings={errorFindings(
            `${id}-text`,
            fieldError ? (
              <>
                {fieldError.message}
                {fieldError.detail ? (
                  <>
                    {" "}
                    <span className="field-error-detail">
                      <EnglishDetail label={words.errors.parserDetail} text={fieldError.detail} lang={lang} />
                    </span>
                  </>
                ) : null}
              </>
            ) : null,
          )}
        >
          {(control) => (
            <textarea
              {...control}
              value={w.text}
              spellCheck={false}
              autoComplete="off"
              rows={10}
              onChange={(e) => w.setText(e.target.value)}
            />
          )}
        </FormField>
        <div className="field file-picker">
          <input id={`${id}-file`} type="file" accept="application/json,.json" onChange={(e) => void w.onFile(e)} />
          <label htmlFor={`${id}-file`} className="button">
            {words.fileLabel}
          </label>
          {w.fileName ? <span className="file-name">{w.fileName}</span> : null}
        </div>
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={busy !== null}>
            {busy === "verify" ? words.verifying : words.submit}
          </button>
          {sessionId ? (
            <button type="button" className="button" disabled={busy !== null} onClick={() => void w.loadSession()}>
              {busy === "load" ? words.loading : fill(words.loadSession, { id: sessionId })}
            </button>
          ) : null}
        </div>
      </form>
      {failure ? (
        <ErrorNotice
          failure={failure.failure}
          lang={lang}
          detailLabel={auditWords.request.serverDetail}
          retryLabel={auditWords.request.retry}
          onRetry={failure.retry}
        />
      ) : null}
      <div aria-live="polite">
        {result ? (
          <result.View
            log={result.log}
            report={result.report}
            words={words}
            inclusion={inclusion}
            lang={lang}
            auditWords={auditWords}
            headingId={`${id}-result`}
          />
        ) : null}
      </div>
    </>
  );
}
