"use client";

import { type FormEvent, useId, useState } from "react";
import type { AuditMessages } from "@/app/_components/audit/words";
import { SESSION_ID_PATTERN } from "@/lib/audit/entry";
import type { TamperDemoResult, TamperMutation } from "@/lib/audit/tamper-demo";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import { callApi, problemWords } from "../../_client/api";
import { CodeBlock } from "../code-block";
import { errorFindings, FormField } from "../form-field";
import { ChangedLines } from "./changed-lines";
import { ErrorNotice } from "./error-notice";
import { prettyJson } from "./format";
import { ReasonList } from "./reason-list";
import type { RequestFailure } from "./request-failure";
import "./audit.css";

/** The audit messages the demonstration uses, in the page's language. */
export type TamperDemoMessages = Pick<AuditMessages, "entry" | "verdict" | "reasons" | "request" | "tamper">;

function changedMembers(original: unknown, altered: unknown): string[] {
  if (!original || !altered || typeof original !== "object" || typeof altered !== "object") return [];
  const a = original as Record<string, unknown>;
  const b = altered as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

/**
 * The tamper demonstration (POST /api/play/tamper-demo): the server alters a copy of a log in memory
 * and verifies both, and the original entry is shown VERIFIED next to the altered copy TAMPERED, with
 * the reason. With `sessionId` the demo offers that session (dashboard); without it, the visitor may
 * type one (`defaultSessionId` pre-fills it) or use the built-in sample.
 */
export function TamperDemo({
  m,
  lang,
  sessionId,
  defaultSessionId,
  startWithSample = false,
}: {
  m: TamperDemoMessages;
  lang: Lang;
  sessionId?: string;
  defaultSessionId?: string;
  /** Pre-select the built-in sample even when a session is offered (e.g. the session is empty). */
  startWithSample?: boolean;
}) {
  const t = m.tamper;
  const id = useId();
  const [source, setSource] = useState<"sample" | "session">(sessionId && !startWithSample ? "session" : "sample");
  const [sessionInput, setSessionInput] = useState(defaultSessionId ?? "");
  const [mutation, setMutation] = useState<TamperMutation>("edit-output");
  const [seqInput, setSeqInput] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TamperDemoResult | null>(null);
  const [failure, setFailure] = useState<RequestFailure | null>(null);

  const targetSession = sessionId ?? sessionInput.trim();
  const sessionError =
    attempted && source === "session" && !sessionId && !SESSION_ID_PATTERN.test(targetSession)
      ? targetSession === ""
        ? t.sessionRequired
        : m.request.invalidSessionId
      : null;
  const seqError = attempted && seqInput.trim() !== "" && !/^\d{1,6}$/.test(seqInput.trim()) ? t.seqInvalid : null;

  async function run() {
    setBusy(true);
    setFailure(null);
    const body = {
      mutation,
      ...(source === "session" ? { sessionId: targetSession } : {}),
      ...(seqInput.trim() !== "" ? { seq: Number(seqInput.trim()) } : {}),
    };
    const answer = await callApi<TamperDemoResult>("/api/play/tamper-demo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    setBusy(false);
    if (!answer.ok) {
      setResult(null);
      setFailure(problemWords(answer.problem, m.request, { validation_failed: t.tooFewEntries }));
      return;
    }
    setResult(answer.data);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    const sessionOk = source === "sample" || Boolean(sessionId) || SESSION_ID_PATTERN.test(targetSession);
    const seqOk = seqInput.trim() === "" || /^\d{1,6}$/.test(seqInput.trim());
    if (sessionOk && seqOk) void run();
  }

  return (
    <section className="tamper-demo" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.title}</h2>
      <p>{t.intro}</p>
      <form className="audit-form" onSubmit={onSubmit} noValidate>
        <fieldset>
          <legend>{t.source}</legend>
          {(sessionId ? (["session", "sample"] as const) : (["sample", "session"] as const)).map((option) => (
            <div className="radio-row" key={option}>
              <input
                type="radio"
                id={`${id}-src-${option}`}
                name={`${id}-source`}
                checked={source === option}
                onChange={() => setSource(option)}
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
            findings={errorFindings(`${id}-session`, sessionError)}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="off"
                spellCheck={false}
                value={sessionInput}
                onChange={(e) => setSessionInput(e.target.value)}
              />
            )}
          </FormField>
        ) : null}
        <div className="field-row">
          <div className="field">
            <label htmlFor={`${id}-mutation`}>{t.mutationLabel}</label>
            <select
              id={`${id}-mutation`}
              value={mutation}
              onChange={(e) => setMutation(e.target.value as TamperMutation)}
              aria-describedby={`${id}-mutation-hint`}
            >
              {(Object.keys(t.mutations) as TamperMutation[]).map((key) => (
                <option key={key} value={key}>
                  {t.mutations[key]}
                </option>
              ))}
            </select>
            <p className="field-hint" id={`${id}-mutation-hint`}>
              {t.mutationHints[mutation]}
            </p>
          </div>
          <div className="field">
            <label htmlFor={`${id}-seq`}>{t.seqLabel}</label>
            <input
              id={`${id}-seq`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={seqInput}
              onChange={(e) => setSeqInput(e.target.value)}
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

      {failure ? (
        <ErrorNotice
          failure={failure}
          lang={lang}
          detailLabel={m.request.serverDetail}
          retryLabel={m.request.retry}
          onRetry={() => void run()}
        />
      ) : null}
      {result ? <TamperResult result={result} m={m} headingId={`${id}-result`} /> : null}
    </section>
  );
}

/** The members to compare: those that changed, or the identifying ones when nearly all did (a swap). */
function membersToShow(changed: string[]): string[] {
  return changed.length > 4 ? changed.filter((k) => ["id", "seq", "action", "outcome"].includes(k)) : changed;
}

function pick(entry: unknown, keys: string[]): string {
  const record = (entry ?? {}) as Record<string, unknown>;
  return prettyJson(Object.fromEntries(keys.map((k) => [k, record[k]])));
}

function TamperResult({
  result,
  m,
  headingId,
}: {
  result: TamperDemoResult;
  m: TamperDemoMessages;
  headingId: string;
}) {
  const t = m.tamper;
  const { original, altered, detected, seq } = result;
  const originalClean = !original.verification.problems.some((p) => p.seq === seq);
  const caught = detected.seq !== null;
  const changed = changedMembers(original.entry, altered.entry);
  const shown = membersToShow(changed);
  const mutationLabel = t.mutations[result.mutation] ?? result.mutation;
  const entryLabel = fill(m.entry, { seq });

  return (
    <section className="tamper-result" aria-labelledby={headingId}>
      <h3 id={headingId}>{t.resultTitle}</h3>
      <p role="status">
        {fill(result.source === "sample" ? t.resultSourceSample : t.resultSourceSession, { id: result.sessionId })}{" "}
        {mutationLabel}. {t.original}: {originalClean ? m.verdict.entryVerified : m.verdict.entryTampered}. {t.altered}:{" "}
        {m.verdict.entryTampered}.
      </p>
      <div className="tamper-compare">
        <article className={`tamper-card ${originalClean ? "tamper-card-ok" : "tamper-card-bad"}`}>
          <header className="tamper-card-head">
            <h4>
              {t.original} · {entryLabel}
            </h4>
            <span className={`pill ${originalClean ? "pill-ok" : "pill-bad"}`}>
              {originalClean ? m.verdict.entryVerified : m.verdict.entryTampered}
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
            <span className="pill pill-bad">{m.verdict.entryTampered}</span>
          </header>
          <p>{fill(t.alteredLog, { tampered: altered.verification.tampered, total: altered.verification.total })}</p>
          {caught ? (
            <div className="detected">
              <p>
                <strong>{fill(t.detectedAt, { seq: detected.seq as number })}</strong>
              </p>
              <ReasonList reasons={detected.reasons} m={m.reasons} />
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
