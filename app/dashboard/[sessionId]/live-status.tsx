import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import { ErrorNotice } from "../../_components/audit/error-notice";
import { NeedsScripts } from "../../_components/audit/needs-scripts";
import { ReasonList } from "../../_components/audit/reason-list";
import { type LiveAuditMessages, type LiveMessages, problemsBySeq } from "./live-model";
import { BrowserVerdict, RefreshFailed, ServerVerdict } from "./live-verdicts";
import type { SessionLiveState } from "./use-session-live";

/** The verification section: the stream's state, then the server's and the browser's verdicts. */
export function LiveStatus({
  w,
  t,
  a,
  lang,
  headingId,
}: {
  w: SessionLiveState;
  t: LiveMessages;
  a: LiveAuditMessages;
  lang: Lang;
  headingId: string;
}) {
  const { report, connection, loadFailure } = w;
  const firstBad = report?.firstBadSeq ?? null;
  const firstReasons = firstBad === null ? [] : (problemsBySeq(report).get(firstBad) ?? []);
  return (
    <section id="dashboard-verification" aria-labelledby={headingId} className="audit-section dash-verify">
      <h2 id={headingId}>{t.status.title}</h2>
      {w.live ? (
        <p className="live-status scripted" data-connection={connection}>
          <span className="live-status-text">
            <span className={`live-dot ${connection === "live" ? "live-dot-on" : ""}`} aria-hidden="true" />
            <span>{t.status[connection]}</span>
          </span>
          {connection === "closed" ? (
            <button type="button" className="button button-small" onClick={w.reconnect}>
              {t.status.reconnect}
            </button>
          ) : null}
        </p>
      ) : null}
      <NeedsScripts text={t.status.noScripts} />
      <p className="visually-hidden" aria-live="polite">
        {w.announcement}
      </p>
      {loadFailure ? (
        <ErrorNotice
          failure={loadFailure}
          lang={lang}
          detailLabel={a.request.serverDetail}
          retryLabel={a.request.retry}
          onRetry={() => void w.refresh()}
        />
      ) : null}
      <div className="status-grid">
        <div className="status-card" data-testid="server-verification">
          <h3>{t.status.server}</h3>
          <ServerVerdict report={report} t={t.status} a={a} />
          {report && report.tampered > 0 && firstBad !== null ? (
            <ReasonList reasons={firstReasons} m={a.reasons} />
          ) : null}
          {w.server ? <p>{fill(t.status.backend, { backend: w.server.backend })}</p> : null}
          {w.refreshFailed && !loadFailure ? (
            <RefreshFailed message={t.status.refreshError} retryLabel={a.request.retry} onRetry={w.refresh} />
          ) : null}
        </div>
        <div className="status-card" data-testid="browser-verification">
          <h3>{t.status.browser}</h3>
          {w.whole ? (
            <>
              <div className="scripted">
                <BrowserVerdict
                  result={w.browser}
                  empty={w.entries.length === 0}
                  t={t.status}
                  a={a}
                  onRetry={w.refresh}
                />
              </div>
              <NeedsScripts text={a.request.needsScripts} />
            </>
          ) : (
            <p data-verdict="partial">{t.status.browserPartial}</p>
          )}
        </div>
      </div>
    </section>
  );
}
