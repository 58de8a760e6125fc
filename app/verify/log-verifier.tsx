"use client";

import { type ChangeEvent, type FormEvent, useId, useRef, useState } from "react";
import type { AuditMessages } from "@/app/_components/audit/words";
import type { VerifyMessages } from "@/app/verify/words";
import { auditPaths } from "@/lib/audit/paths";
import type { Lang } from "@/lib/i18n";
import { formatInstant } from "@/lib/i18n/format-instant";
import { fill } from "@/lib/i18n/template";
import { DuplicateMemberError, parseStrictJson } from "@/packages/incorporate/src/strict-json";
import {
  type AuditLogDocument,
  type AuditVerification,
  type CheckpointVerification,
  type PublicJwk,
  verifyAuditLog,
} from "@/packages/incorporate/src/verify";
import { callApi, problemWords } from "../_client/api";
import { alteredEntry } from "../_components/audit/altered-entry";
import { EnglishDetail, ErrorNotice } from "../_components/audit/error-notice";
import { prettyJson } from "../_components/audit/format";
import type { RequestFailure } from "../_components/audit/request-failure";
import { Stat, VerificationSummary } from "../_components/audit/verification-summary";
import { errorFindings, FormField } from "../_components/form-field";
import { jsonFailure } from "./json-error";
import { fetchJwks, fetchLogKey, InclusionReport } from "./log-inclusion";

type Messages = VerifyMessages["paste"];
type InclusionMessages = VerifyMessages["inclusion"];
/** The audit messages the verifier uses, in the page's language. */
type LogAuditMessages = Pick<AuditMessages, "entry" | "verdict" | "reasons" | "request">;
/** A finding under the text field; `detail` is the browser's own (English) message. */
type FieldError = { message: string; detail?: string };
type Parsed = { ok: true; log: AuditLogDocument } | ({ ok: false } & FieldError);
type CheckpointState = "valid" | "missing" | "unknownKey" | "badSignature" | "mismatch" | "malformed" | "headOnly";

/** Reads pasted text as an exported log: the audit endpoint's JSON, or at least `{entries}`. */
function parseLog(text: string, t: Messages): Parsed {
  if (text.trim() === "") return { ok: false, message: t.errors.empty };
  let value: unknown;
  try {
    value = parseStrictJson(text);
  } catch (err) {
    if (err instanceof DuplicateMemberError) {
      return { ok: false, message: fill(t.errors.duplicateMember, { name: err.member }) };
    }
    return { ok: false, ...jsonFailure(text, err, t.errors) };
  }
  if (!value || typeof value !== "object" || !Array.isArray((value as { entries?: unknown }).entries)) {
    return { ok: false, message: t.errors.shape };
  }
  const doc = value as { sessionId?: unknown; entries: unknown[]; checkpoint?: unknown; transparency?: unknown };
  const first = doc.entries[0] as { sessionId?: unknown } | undefined;
  const sessionId =
    typeof doc.sessionId === "string" ? doc.sessionId : typeof first?.sessionId === "string" ? first.sessionId : null;
  if (sessionId === null) return { ok: false, message: t.errors.sessionId };
  const checkpoint = typeof doc.checkpoint === "string" ? doc.checkpoint : null;
  // Only a log exported with its transparency proof is checked against the log; an older export
  // without the field verifies as before.
  const transparency = "transparency" in doc ? (doc.transparency as AuditLogDocument["transparency"]) : undefined;
  return { ok: true, log: { sessionId, entries: doc.entries, checkpoint, transparency } };
}

function checkpointState(c: CheckpointVerification | null): CheckpointState {
  if (c === null) return "missing";
  if (c.error === null) return "valid";
  if (c.signatureValid && !c.matchesLog) return "mismatch";
  if (!c.keyFound) return c.kid === null ? "malformed" : "unknownKey";
  if (!c.signatureValid) return "badSignature";
  return "malformed";
}

/**
 * Verifies an exported log entirely in the browser with the shared offline verifier
 * (packages/incorporate/src/verify.ts) and the service's published checkpoint keys: chain,
 * checkpoint signature, counts, and the first bad entry with its reasons in plain language.
 */
export function LogVerifier({
  t,
  inclusion,
  a,
  lang,
  sessionId,
}: {
  t: Messages;
  inclusion: InclusionMessages;
  a: LogAuditMessages;
  lang: Lang;
  sessionId?: string;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [fileName, setFileName] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const [failure, setFailure] = useState<{ failure: RequestFailure; retry: () => void } | null>(null);
  const [busy, setBusy] = useState<"verify" | "load" | null>(null);
  const [result, setResult] = useState<{ log: AuditLogDocument; report: AuditVerification } | null>(null);
  const jwks = useRef<{ keys: PublicJwk[] } | null>(null);
  const logKey = useRef<string | null>(null);

  async function publicKeys(): Promise<{ keys: PublicJwk[] }> {
    if (jwks.current) return jwks.current;
    jwks.current = await fetchJwks();
    return jwks.current;
  }

  async function verifyText(source: string) {
    setFailure(null);
    const parsed = parseLog(source, t);
    if (!parsed.ok) {
      setResult(null);
      setFieldError({ message: parsed.message, detail: parsed.detail });
      return;
    }
    setFieldError(null);
    if (!globalThis.crypto?.subtle) {
      setResult(null);
      setFailure({ failure: { message: t.errors.noWebCrypto }, retry: () => void verifyText(source) });
      return;
    }
    setBusy("verify");
    try {
      let keys: { keys: PublicJwk[] };
      try {
        keys = await publicKeys();
      } catch {
        setResult(null);
        setFailure({ failure: { message: t.errors.jwks }, retry: () => void verifyText(source) });
        return;
      }
      let key: string | undefined;
      if (parsed.log.transparency !== undefined) {
        try {
          logKey.current ??= await fetchLogKey();
          key = logKey.current;
        } catch {
          setResult(null);
          setFailure({ failure: { message: inclusion.failed }, retry: () => void verifyText(source) });
          return;
        }
      }
      setResult({ log: parsed.log, report: await verifyAuditLog(parsed.log, { jwks: keys, logKey: key }) });
    } finally {
      setBusy(null);
    }
  }

  async function loadSession() {
    if (!sessionId) return;
    setFailure(null);
    setBusy("load");
    const answer = await callApi(auditPaths(sessionId).log, { cache: "no-store" });
    setBusy(null);
    if (!answer.ok) {
      setFailure({ failure: problemWords(answer.problem, a.request), retry: () => void loadSession() });
      return;
    }
    const body = prettyJson(answer.data);
    setText(body);
    await verifyText(body);
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    let content: string;
    try {
      content = await file.text();
    } catch {
      setFieldError({ message: t.errors.file });
      return;
    }
    event.target.value = ""; // choosing the same file again re-reads it
    setText(content);
    await verifyText(content);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void verifyText(text);
  }

  return (
    <>
      <form className="audit-form" onSubmit={onSubmit} noValidate>
        <FormField
          id={`${id}-text`}
          label={t.textLabel}
          hint={t.textHint}
          findings={errorFindings(
            `${id}-text`,
            fieldError ? (
              <>
                {fieldError.message}
                {fieldError.detail ? (
                  <>
                    {" "}
                    <span className="field-error-detail">
                      <EnglishDetail label={t.errors.parserDetail} text={fieldError.detail} lang={lang} />
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
              value={text}
              spellCheck={false}
              autoComplete="off"
              rows={10}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </FormField>
        <div className="field file-picker">
          <input id={`${id}-file`} type="file" accept="application/json,.json" onChange={(e) => void onFile(e)} />
          <label htmlFor={`${id}-file`} className="button">
            {t.fileLabel}
          </label>
          {fileName ? <span className="file-name">{fileName}</span> : null}
        </div>
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={busy !== null}>
            {busy === "verify" ? t.verifying : t.submit}
          </button>
          {sessionId ? (
            <button type="button" className="button" disabled={busy !== null} onClick={() => void loadSession()}>
              {busy === "load" ? t.loading : fill(t.loadSession, { id: sessionId })}
            </button>
          ) : null}
        </div>
      </form>
      {failure ? (
        <ErrorNotice
          failure={failure.failure}
          lang={lang}
          detailLabel={a.request.serverDetail}
          retryLabel={a.request.retry}
          onRetry={failure.retry}
        />
      ) : null}
      <div aria-live="polite">
        {result ? (
          <BrowserReport
            log={result.log}
            report={result.report}
            t={t}
            inclusion={inclusion}
            lang={lang}
            a={a}
            headingId={`${id}-result`}
          />
        ) : null}
      </div>
    </>
  );
}

function BrowserReport({
  log,
  report,
  t,
  inclusion,
  lang,
  a,
  headingId,
}: {
  log: AuditLogDocument;
  report: AuditVerification;
  t: Messages;
  inclusion: InclusionMessages;
  lang: Lang;
  a: LogAuditMessages;
  headingId: string;
}) {
  // A checkpoint signs the last entry only: on a log whose chain fails it is never shown as valid.
  const signed = checkpointState(report.checkpoint);
  const cp: CheckpointState = signed === "valid" && report.tampered > 0 ? "headOnly" : signed;
  const empty = report.total === 0;
  // Chained but without a checkpoint: not shown to be altered, not shown to be genuine either.
  const unattested = report.tampered === 0 && cp === "missing";
  const tone = unattested || (report.ok && empty) ? "warn" : report.ok ? "ok" : "bad";
  const pill = unattested
    ? a.verdict.logUnattested
    : !report.ok
      ? a.verdict.logTampered
      : empty
        ? a.verdict.logEmpty
        : a.verdict.logVerified;
  const one = report.total === 1;
  const sentence = unattested
    ? empty
      ? t.verdictEmptyNoCheckpoint
      : one
        ? t.verdictOkNoCheckpointOne
        : fill(t.verdictOkNoCheckpoint, { n: report.total })
    : !report.ok
      ? t.verdictBad
      : empty
        ? t.verdictEmpty
        : one
          ? t.verdictOkOne
          : fill(t.verdictOk, { n: report.total });
  // The headline names the entry that was changed, when the chain shows which one it is.
  const altered = alteredEntry(report);
  const first = altered?.seq ?? null;
  const firstReasons = altered?.inferred ? [] : (report.problems.find((p) => p.seq === first)?.reasons ?? []);
  const others = report.problems.filter((p) => p.seq !== first && p.reasons.some((r) => r !== "unsigned"));
  const payload = report.checkpoint?.payload;

  return (
    <VerificationSummary
      headingId={headingId}
      title={t.resultTitle}
      verdict={unattested ? "unattested" : report.ok ? "verified" : "tampered"}
      tone={tone}
      pill={pill}
      sentence={sentence}
      stats={
        <>
          {/* Which session was checked: the log names it, and its checkpoint signs it. */}
          <Stat label={t.counts.session} wide>
            <code translate="no" data-session-id>
              {log.sessionId}
            </code>
          </Stat>
          <Stat label={t.counts.total}>{report.total}</Stat>
          <Stat label={t.counts.linked}>{report.verified}</Stat>
          <Stat label={t.counts.tampered}>{report.tampered}</Stat>
          <Stat label={t.counts.firstBad}>{first === null ? t.counts.none : fill(a.entry, { seq: first })}</Stat>
          {/* Not a Stat: its value carries the checkpoint's state (data-checkpoint). */}
          <div className="stat-wide">
            <dt>{t.counts.checkpoint}</dt>
            <dd data-checkpoint={cp}>{t.checkpointShort[cp]}</dd>
          </div>
          {payload ? (
            <Stat label={t.counts.signedAt}>
              <time dateTime={payload.ts}>{formatInstant(payload.ts)}</time>
            </Stat>
          ) : null}
          {report.checkpoint?.kid ? (
            <Stat label={t.counts.key} wide>
              <code translate="no">{report.checkpoint.kid}</code>
            </Stat>
          ) : null}
        </>
      }
      first={
        first === null
          ? null
          : {
              seq: first,
              reasons: firstReasons,
              entry: log.entries[first],
              title: altered?.inferred ? fill(t.alteredTitle, { seq: first }) : undefined,
              note: altered?.inferred ? (
                <p>{fill(t.alteredWhy, { next: first + 1 })}</p>
              ) : firstReasons.includes("chain_broken") && first > 0 ? (
                <p>{fill(t.previousHint, { seq: first - 1 })}</p>
              ) : null,
            }
      }
      afterFirst={
        cp !== "valid" && cp !== "missing" ? (
          <div className="first-bad" data-checkpoint-problem={cp}>
            <h4>{t.checkpointTitle}</h4>
            <p>{t.checkpoint[cp]}</p>
          </div>
        ) : null
      }
      others={others}
      m={t}
      a={a}
    >
      {report.log ? <InclusionReport result={report.log} t={inclusion} lang={lang} /> : null}
    </VerificationSummary>
  );
}
