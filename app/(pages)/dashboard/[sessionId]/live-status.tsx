import { ErrorNotice } from "@/app/_components/feedback/error-notice";
import { NeedsScripts } from "@/app/_components/feedback/needs-scripts";
import { ReasonList } from "@/app/_components/verdict/reason-list";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import { type LiveAuditMessages, type LiveMessages, problemsBySeq } from "./live-model";
import { BrowserVerdict, RefreshFailed, ServerVerdict } from "./live-verdicts";
import type { LiveStatusState } from "./use-session-live";

/** The verification section: the stream's state, then the server's and the browser's verdicts. */
export function LiveStatus({
  status,
  words,
  auditWords,
  lang,
  headingId,
}: {
  status: LiveStatusState;
  words: LiveMessages;
  auditWords: LiveAuditMessages;
  lang: Lang;
  headingId: string;
}) {
  const { report, connection, loadFailure } = status;
  const firstBad = report?.firstBadSeq ?? null;
  const firstReasons = firstBad === null ? [] : (problemsBySeq(report).get(firstBad) ?? []);
  return (
    <section id="dashboard-verification" aria-labelledby={headingId} className="audit-section dash-verify">
      <h2 id={headingId}>{words.status.title}</h2>
      {status.streams ? (
        <p className="live-status scripted" data-connection={connection}>
          <span className="live-status-text">
            <span className={`live-dot ${connection === "live" ? "live-dot-on" : ""}`} aria-hidden="true" />
            <span>{words.status[connection]}</span>
          </span>
          {connection === "closed" ? (
            <button type="button" className="button button-small" onClick={status.reconnect}>
              {words.status.reconnect}
            </button>
          ) : null}
        </p>
      ) : null}
      <NeedsScripts text={words.status.noScripts} />
      <p className="visually-hidden" aria-live="polite">
        {status.announcement}
      </p>
      {loadFailure ? (
        <ErrorNotice
          failure={loadFailure}
          lang={lang}
          detailLabel={auditWords.request.serverDetail}
          retryLabel={auditWords.request.retry}
          onRetry={() => void status.refresh()}
        />
      ) : null}
      <div className="status-grid">
        <div className="status-card" data-testid="server-verification">
          <h3>{words.status.server}</h3>
          <ServerVerdict report={report} words={words.status} auditWords={auditWords} />
          {report && report.tampered > 0 && firstBad !== null ? (
            <ReasonList reasons={firstReasons} words={auditWords.reasons} />
          ) : null}
          {status.backend ? <p>{fill(words.status.backend, { backend: status.backend })}</p> : null}
          {status.refreshFailed && !loadFailure ? (
            <RefreshFailed
              message={words.status.refreshError}
              retryLabel={auditWords.request.retry}
              onRetry={status.refresh}
            />
          ) : null}
        </div>
        <div className="status-card" data-testid="browser-verification">
          <h3>{words.status.browser}</h3>
          {status.whole ? (
            <>
              <div className="scripted">
                <BrowserVerdict
                  result={status.browser}
                  empty={status.empty}
                  words={words.status}
                  auditWords={auditWords}
                  onRetry={status.refresh}
                />
              </div>
              <NeedsScripts text={auditWords.request.needsScripts} />
            </>
          ) : (
            <p data-verdict="partial">{words.status.browserPartial}</p>
          )}
        </div>
      </div>
    </section>
  );
}
