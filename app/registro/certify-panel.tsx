"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import type { CertificationReport } from "@/lib/registry/record-schema";
import { callApi, type ProblemText, problemWords } from "../_client/api";
import { ErrorNotice } from "../_components/audit/error-notice";
import { CertificationVerdict, type CertifyWords } from "./certification-verdict";

type State =
  | { kind: "idle" }
  | { kind: "certifying" }
  | { kind: "done"; report: CertificationReport }
  | { kind: "failed"; failure: ProblemText };

/**
 * Asks the certifier to certify one record with its owner token (POST /api/registry/{id}/certify)
 * and shows the verdict with each check's reason. `token` is given right after listing, when the
 * page still holds it; otherwise the owner types it (it is never kept beyond this form).
 */
export function CertifyPanel({
  recordId,
  token,
  t,
  lang,
}: {
  recordId: string;
  token?: string;
  t: CertifyWords;
  lang: Lang;
}) {
  const router = useRouter();
  const ids = useId();
  const [typed, setTyped] = useState("");
  const [missing, setMissing] = useState(false);
  const [state, setState] = useState<State>({ kind: "idle" });
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.kind === "done" || state.kind === "failed") resultRef.current?.focus();
  }, [state]);

  async function certify(event?: FormEvent) {
    event?.preventDefault();
    const bearer = (token ?? typed).trim();
    if (!bearer) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setState({ kind: "certifying" });
    const answer = await callApi<{ report: CertificationReport }>(
      `/api/registry/${encodeURIComponent(recordId)}/certify`,
      { method: "POST", headers: { authorization: `Bearer ${bearer}` } },
    );
    if (answer.ok) {
      setState({ kind: "done", report: answer.data.report });
      // The record's card is rendered by the server: read it again with its new state.
      router.refresh();
      return;
    }
    const e = t.errors;
    const failure = problemWords(answer.problem, e, {
      registry_token_required: e.tokenRequired,
      registry_token_invalid: e.tokenInvalid,
      unauthorized: e.tokenInvalid,
      target_refused: (p) => fill(e.targetRefused, { reason: String(p.body?.reason ?? "?") }),
      invalid_transition: e.invalidTransition,
      registry_duplicate: e.duplicate,
      conflict: e.conflict,
      not_found: e.notFound,
    });
    setState({ kind: "failed", failure });
  }

  const busy = state.kind === "certifying";
  return (
    <section className="certify-panel" aria-labelledby={`${ids}-title`} data-testid="certify-panel">
      <h3 id={`${ids}-title`}>{t.title}</h3>
      <p>{t.needs}</p>
      <p className="field-hint">{t.tryLocally}</p>
      <form onSubmit={(e) => void certify(e)} noValidate>
        {token === undefined ? (
          <div className="registry-field">
            <label htmlFor={`${ids}-token`}>{t.tokenLabel}</label>
            <input
              id={`${ids}-token`}
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              aria-describedby={`${ids}-token-hint${missing ? ` ${ids}-token-error` : ""}`}
              aria-invalid={missing || undefined}
            />
            <p className="field-hint" id={`${ids}-token-hint`}>
              {t.tokenHint}
            </p>
            {missing ? (
              <p className="field-error" id={`${ids}-token-error`}>
                {t.tokenMissing}
              </p>
            ) : null}
          </div>
        ) : null}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t.submitting : t.submit}
        </button>
      </form>
      <div ref={resultRef} tabIndex={-1} role="status" className="certify-result">
        {state.kind === "done" ? <CertificationVerdict report={state.report} t={t} lang={lang} /> : null}
      </div>
      {state.kind === "failed" ? (
        <ErrorNotice
          failure={state.failure}
          lang={lang}
          detailLabel={t.detail}
          retryLabel={t.submit}
          onRetry={() => void certify()}
        />
      ) : null}
    </section>
  );
}
