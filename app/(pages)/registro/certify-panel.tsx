"use client";

import { useActionState, useEffect, useId, useRef } from "react";
import type { Lang } from "@/lib/i18n";
import { CertificationVerdict, type CertifyWords } from "./certification-verdict";
import type { CertifyState } from "./record-action-state";
import { certifyRecordAction } from "./record-actions";
import { refusalWords } from "./refusal-words";

/**
 * Asks the certifier to certify one record with its owner token, as a server action (it works
 * before JavaScript loads, and the token travels in the body, never in the address), and shows the
 * verdict with each check's reason. `token` is given right after listing or claiming, when the page
 * still holds it; otherwise the owner types it (it is never kept beyond this form).
 */
export function CertifyPanel({
  recordId,
  token,
  words,
  lang,
}: {
  recordId: string;
  token?: string;
  words: CertifyWords;
  lang: Lang;
}) {
  const ids = useId();
  const [state, action, pending] = useActionState<CertifyState, FormData>(certifyRecordAction, { status: "idle" });
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.status !== "idle") resultRef.current?.focus();
  }, [state]);
  const missing = state.status === "refused" && state.refusal.code === "registry_token_required";

  return (
    <section className="certify-panel" aria-labelledby={`${ids}-title`} data-testid="certify-panel">
      <h3 id={`${ids}-title`}>{words.title}</h3>
      <p>{words.needs}</p>
      <p className="field-hint">{words.tryLocally}</p>
      <form action={action} noValidate>
        <input type="hidden" name="recordId" value={recordId} />
        {token === undefined ? (
          <div className="registry-field">
            <label htmlFor={`${ids}-token`}>{words.tokenLabel}</label>
            <input
              id={`${ids}-token`}
              name="ownerToken"
              type="password"
              autoComplete="off"
              spellCheck={false}
              aria-describedby={`${ids}-token-hint${missing ? ` ${ids}-token-error` : ""}`}
              aria-invalid={missing || undefined}
            />
            <p className="field-hint" id={`${ids}-token-hint`}>
              {words.tokenHint}
            </p>
            {missing ? (
              <p className="field-error" id={`${ids}-token-error`}>
                {words.tokenMissing}
              </p>
            ) : null}
          </div>
        ) : (
          <input type="hidden" name="ownerToken" value={token} />
        )}
        <button type="submit" className="button button-primary" disabled={pending}>
          {pending ? words.submitting : words.submit}
        </button>
        <noscript>
          <p className="field-hint">{words.noScript}</p>
        </noscript>
      </form>
      <div ref={resultRef} tabIndex={-1} role="status" className="certify-result">
        {state.status === "done" ? <CertificationVerdict report={state.report} words={words} lang={lang} /> : null}
      </div>
      {state.status === "refused" && !missing ? (
        <p className="notice registry-alert" role="alert">
          {refusalWords(state.refusal, words.errors)}
        </p>
      ) : null}
    </section>
  );
}
