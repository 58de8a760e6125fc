import { EnglishDetail } from "@/app/_components/feedback/error-notice";
import { entryHref } from "@/app/_components/log-entry/entry-link";
import type { PlayMessages } from "@/app/(pages)/play/words";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import type { AuditRef } from "@/lib/play/ui-message";
import { toPublicLogName } from "@/lib/text/public-log";

/** The parts of a tool call the card shows; both static and dynamic tool parts have them. */
export interface ToolCallView {
  toolCallId: string;
  toolName: string;
  state: string;
  input: unknown;
  output?: unknown;
  errorText?: string;
}

type Status = "running" | "ok" | "rejected" | "error" | "cut";

function statusOf(call: ToolCallView, audit: AuditRef | undefined, ended: boolean): Status {
  if (call.state === "output-available") return "ok";
  if (call.state === "output-error" || call.state === "output-denied") {
    return audit?.outcome === "rejected" ? "rejected" : "error";
  }
  // The answer ended (broken off, timed out, stopped) before this call got its result.
  return ended ? "cut" : "running";
}

const PILL: Record<Status, string> = {
  running: "pill-neutral",
  ok: "pill-ok",
  rejected: "pill-warn",
  error: "pill-bad",
  cut: "pill-bad",
};

const json = (value: unknown) => JSON.stringify(value, null, 2) ?? "";

/** The call's input on one line (`cuit: 20-17254359-7 · tipo: B`): its top-level values, nested ones elided. */
export function inputGist(input: unknown): string {
  if (input === null || typeof input !== "object" || Array.isArray(input))
    return input === undefined ? "" : json(input);
  return Object.entries(input)
    .map(([key, value]) => `${key}: ${value !== null && typeof value === "object" ? "…" : String(value)}`)
    .join(" · ");
}

/**
 * One tool call of the agent as a card: a line with its name, status and input, the input and
 * output folded under it, why it failed in the page's language, and the audit entry it appended
 * with a link to the session dashboard.
 */
export function ToolCard({
  call,
  audit,
  ended,
  words,
  lang,
}: {
  call: ToolCallView;
  audit?: AuditRef;
  /** The answer this call belongs to is over: a call still without a result was cut off. */
  ended: boolean;
  words: PlayMessages["tool"];
  lang: Lang;
}) {
  const status = statusOf(call, audit, ended);
  const names = words.names as Record<string, string>;
  const headingId = `tool-${call.toolCallId}`;
  // The name as the model wrote it, under the public log's text rule (no hidden characters, capped).
  const logName = toPublicLogName(call.toolName);
  const shownName = names[call.toolName] ?? logName;
  const findingWords = words.findings as Record<string, string>;
  const gist = inputGist(call.input);
  return (
    <article className="tool-card" aria-labelledby={headingId} data-tool={call.toolName} data-status={status}>
      <header className="tool-card-head">
        <h3 id={headingId}>{shownName}</h3>
        <span className={`pill ${PILL[status]}`}>{words.status[status]}</span>
        <span className="pill pill-warn">{words.sandbox}</span>
      </header>
      {call.input !== undefined ? (
        // Folded: three calls' JSON would push the answer out of view.
        <details className="tool-card-io">
          <summary>
            <span className="tool-card-label">{status === "ok" ? words.inputOutput : words.input}</span>{" "}
            <code className="tool-card-gist" translate="no">
              {gist}
            </code>
          </summary>
          <p className="tool-card-name">
            <code translate="no">{logName}</code>
          </p>
          <p className="tool-card-label">{words.input}</p>
          <pre className="code-block" translate="no">
            <code>{json(call.input)}</code>
          </pre>
          {status === "ok" ? (
            <>
              <p className="tool-card-label">{words.output}</p>
              <pre className="code-block" translate="no">
                <code>{json(call.output)}</code>
              </pre>
            </>
          ) : null}
        </details>
      ) : null}
      {status === "rejected" && audit?.reason ? (
        // The server refused the call before running it: its coded reason, in the page's language.
        <div className="tool-card-part">
          <p className="tool-card-label">{words.error}</p>
          <p className="tool-card-error" data-refusal={audit.reason.code}>
            {words.refusals[audit.reason.code] ?? words.refused}
            {audit.reason.field ? (
              <>
                {" "}
                {fill(words.field, { field: "" })}
                <code translate="no">{audit.reason.field}</code>
              </>
            ) : null}
          </p>
        </div>
      ) : status === "rejected" && audit?.findings?.length && audit.findings.every((f) => findingWords[f.code]) ? (
        // The tool refused its input on a business rule: its findings, in the page's language.
        <div className="tool-card-part">
          <p className="tool-card-label">{words.error}</p>
          <ul className="tool-card-error" data-findings={audit.findings.map((f) => f.code).join(" ")}>
            {audit.findings.map((f) => (
              <li key={`${f.code}-${f.field}`}>
                {findingWords[f.code]} {fill(words.field, { field: "" })}
                <code translate="no">{f.field}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : status === "rejected" || status === "error" ? (
        // A reason without words of ours: said in the page's language, the tool's own (English) text apart.
        <div className="tool-card-part">
          <p className="tool-card-label">{words.error}</p>
          <p className="tool-card-error" data-failure={status}>
            {status === "rejected" ? words.refused : words.failed}
          </p>
          {call.errorText ? (
            <p className="tool-card-detail">
              <EnglishDetail label={words.detail} text={call.errorText} lang={lang} />
            </p>
          ) : null}
        </div>
      ) : null}
      <p className="tool-card-audit" data-testid="audit-ref">
        {audit ? (
          <>
            <span id={`${headingId}-entry`}>{fill(words.audit, { seq: audit.seq })}</span> · <span>{words.hmac}</span>{" "}
            <code translate="no">{audit.hmac}…</code> ·{" "}
            {/* A document load, not a client-side one, so the row becomes the page's :target. */}
            <a href={entryHref(audit.sessionId, audit.seq)} aria-describedby={`${headingId}-entry`}>
              {words.openEntry}
            </a>
          </>
        ) : status === "running" ? null : status === "cut" ? (
          <span>{words.notRecorded}</span>
        ) : (
          <span>{words.recording}</span>
        )}
      </p>
    </article>
  );
}
