"use client";

import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import type { AuditMessages } from "@/app/_components/audit/words";
import type { DashboardMessages } from "@/app/dashboard/[sessionId]/words";
import { auditPaths, badgePath } from "@/lib/audit/paths";
import type { VerificationReport } from "@/lib/audit/verify";
import type { Lang } from "@/lib/i18n";
import { formatInstant } from "@/lib/i18n/format-instant";
import { fill } from "@/lib/i18n/template";
import { type AuditVerification, type PublicJwk, verifyAuditLog } from "@/packages/incorporate/src/verify";
import { callApi, fetchPublished, problemWords } from "../../_client/api";
import { alteredEntry } from "../../_components/audit/altered-entry";
import { entryAnchorId } from "../../_components/audit/entry-link";
import { ErrorNotice } from "../../_components/audit/error-notice";
import { field, shortHash } from "../../_components/audit/format";
import { ReasonList } from "../../_components/audit/reason-list";
import type { RequestFailure } from "../../_components/audit/request-failure";
import { serverVerdict } from "../../_components/audit/server-verdict";
import { ScrollArea } from "../../_components/scroll-area";

/** What the server read for the page: a window of the log with its checkpoint and the whole log's report. */
export interface InitialLog {
  backend: string;
  entries: unknown[];
  checkpoint: string | null;
  verification: VerificationReport;
  /** Seq of the first entry shown, entries in the whole log, and whether the window reaches the newest. */
  window: { first: number; total: number; newest: boolean; size: number };
}

/** Entries after which the live view fetches its window again: the newest page of the log, at most. */
const REFRESH_LIMIT = 1000;

type Connection = "connecting" | "live" | "reconnecting" | "closed";

/** The messages the live part renders, in the page's language. */
type LiveMessages = Pick<DashboardMessages, "status" | "timeline" | "empty" | "badge">;
type LiveAuditMessages = Pick<AuditMessages, "verdict" | "reasons" | "kinds" | "outcomes" | "request">;

const seqOf = (entry: unknown): number => {
  const seq = field(entry, "seq");
  return typeof seq === "number" ? seq : -1;
};

/** The server's entries, then any newer ones the stream delivered while the request was under way. */
function merge(current: unknown[], fresh: unknown[]): unknown[] {
  const last = fresh.length > 0 ? seqOf(fresh[fresh.length - 1]) : -1;
  return [...fresh, ...current.filter((e) => seqOf(e) > last)];
}

let jwksCache: Promise<{ keys: PublicJwk[] }> | null = null;
function publicKeys(): Promise<{ keys: PublicJwk[] }> {
  jwksCache ??= fetchPublished("/.well-known/jwks.json") as Promise<{ keys: PublicJwk[] }>;
  jwksCache.catch(() => {
    jwksCache = null;
  });
  return jwksCache;
}

/**
 * The live part of the dashboard: entries arrive through the SSE stream (EventSource, resuming with
 * Last-Event-ID); after each change the server's report (`?verify=1`, HMACs included) is fetched
 * again and the chain and checkpoint are re-checked in the browser with the shared offline verifier.
 * The first render uses only the server's data, so the server and the browser render the same.
 */
export function SessionLive({
  t,
  a,
  lang,
  sessionId,
  initial,
  afterTimeline,
  snippets,
}: {
  t: LiveMessages;
  a: LiveAuditMessages;
  lang: Lang;
  sessionId: string;
  initial: InitialLog | null;
  /** Rendered between the timeline and the badge (the tamper demonstration). */
  afterTimeline?: ReactNode;
  /** The copy-ready embed snippets, rendered on the server, shown under the live badge. */
  snippets: ReactNode;
}) {
  const id = useId();
  const paths = auditPaths(sessionId);
  const [entries, setEntries] = useState<unknown[]>(initial?.entries ?? []);
  const [server, setServer] = useState<{ report: VerificationReport; backend: string } | null>(
    initial ? { report: initial.verification, backend: initial.backend } : null,
  );
  const [browser, setBrowser] = useState<AuditVerification | "failed" | null>(null);
  const [loadFailure, setLoadFailure] = useState<RequestFailure | null>(null);
  const [refreshFailed, setRefreshFailed] = useState(false);
  const [connection, setConnection] = useState<Connection>("connecting");
  const [streamKey, setStreamKey] = useState(0);
  const [announcement, setAnnouncement] = useState("");
  const entriesRef = useRef(entries);
  entriesRef.current = entries;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const checkInBrowser = useCallback(
    async (list: unknown[], checkpoint: string | null) => {
      try {
        setBrowser(await verifyAuditLog({ sessionId, entries: list, checkpoint }, { jwks: await publicKeys() }));
      } catch {
        setBrowser("failed");
      }
    },
    [sessionId],
  );

  // A window that starts at the first entry is the whole log (with what the stream added), and is
  // checked in the browser; a later window cannot be, without the entries before it.
  const first = initial?.window.first ?? 0;
  const whole = first === 0;
  const live = initial?.window.newest ?? true;
  const refresh = useCallback(async () => {
    const query = first > 0 ? `&after=${first - 1}&limit=${REFRESH_LIMIT}` : "";
    const answer = await callApi<InitialLog>(`${paths.verified}${query}`, { cache: "no-store" });
    if (!answer.ok) {
      // A failed refresh keeps what is shown; the message replaces it only when nothing is.
      const failure = problemWords(answer.problem, a.request);
      const nothingShown = entriesRef.current.length === 0;
      if (answer.problem.kind === "network") setLoadFailure((prev) => (nothingShown ? failure : prev));
      else setLoadFailure((prev) => (prev || nothingShown ? failure : prev));
      setRefreshFailed(true);
      return;
    }
    const log = answer.data;
    setLoadFailure(null);
    setRefreshFailed(false);
    setServer({ report: log.verification, backend: log.backend });
    const merged = merge(entriesRef.current, log.entries);
    setEntries(merged);
    // Only a log that is exactly the signed one can be checked against its checkpoint.
    if (whole && merged.length === log.entries.length) void checkInBrowser(log.entries, log.checkpoint);
  }, [paths.verified, a.request, checkInBrowser, first, whole]);

  // First paint done: check the server-rendered log in the browser, or load it if the server could not.
  useEffect(() => {
    if (initial && whole) void checkInBrowser(initial.entries, initial.checkpoint);
    else if (!initial) void refresh();
  }, [initial, whole, checkInBrowser, refresh]);

  // The live stream, for the newest entries only. Each event's id is the entry's seq: EventSource
  // resumes after it by itself.
  useEffect(() => {
    void streamKey;
    if (!live) return;
    const last = entriesRef.current.length > 0 ? seqOf(entriesRef.current[entriesRef.current.length - 1]) : -1;
    const query = last >= 0 ? `?lastEventId=${last}` : "";
    const source = new EventSource(`${paths.stream}${query}`);
    // The server ends each connection after a while with a `reconnect` event: that drop is planned.
    let planned = false;
    setConnection("connecting");
    source.onopen = () => {
      planned = false;
      setConnection("live");
    };
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) setConnection("closed");
      else setConnection(planned ? "connecting" : "reconnecting");
    };
    source.addEventListener("reconnect", () => {
      planned = true;
    });
    source.addEventListener("entry", (event) => {
      let entry: unknown;
      try {
        entry = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        return;
      }
      const seq = seqOf(entry);
      setEntries((prev) => (prev.some((e) => seqOf(e) === seq) ? prev : [...prev, entry]));
      setAnnouncement(fill(t.timeline.newEntry, { seq }));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void refresh(), 300);
    });
    return () => {
      source.close();
      clearTimeout(timer.current);
    };
  }, [paths.stream, streamKey, refresh, t.timeline, live]);

  // A link to one entry (#entry-{seq}, as /play's tool cards give) lands on its row. The browser
  // scrolls to and focuses rows that are in the server's HTML; this covers a row that arrives later
  // (the server could not read the log), unless the visitor has moved the focus meanwhile.
  const landedOn = useRef<string | null>(null);
  useEffect(() => {
    const hash = window.location.hash;
    if (entries.length === 0 || !hash.startsWith("#entry-") || landedOn.current === hash) return;
    const row = document.getElementById(hash.slice(1));
    if (!row) return;
    landedOn.current = hash;
    if (document.activeElement === document.body) row.focus();
  }, [entries]);

  const report = server?.report ?? null;
  // Each seq's anchor goes to its first row (a tampered log may repeat a seq).
  const anchored = new Set<number>();
  const problems = new Map((report?.problems ?? []).map((p) => [p.seq, p.reasons]));
  const firstBad = report?.firstBadSeq ?? null;
  const firstReasons = firstBad === null ? [] : (problems.get(firstBad) ?? []);
  const badgeState = badgeText(report, a);

  return (
    <>
      <section id="dashboard-verification" aria-labelledby={`${id}-status`} className="audit-section dash-verify">
        <h2 id={`${id}-status`}>{t.status.title}</h2>
        {live ? (
          <p className="live-status" data-connection={connection}>
            <span className="live-status-text">
              <span className={`live-dot ${connection === "live" ? "live-dot-on" : ""}`} aria-hidden="true" />
              <span>{t.status[connection]}</span>
            </span>
            {connection === "closed" ? (
              <button type="button" className="button button-small" onClick={() => setStreamKey((k) => k + 1)}>
                {t.status.reconnect}
              </button>
            ) : null}
          </p>
        ) : null}
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
        {loadFailure ? (
          <ErrorNotice
            failure={loadFailure}
            lang={lang}
            detailLabel={a.request.serverDetail}
            retryLabel={a.request.retry}
            onRetry={() => void refresh()}
          />
        ) : null}
        <div className="status-grid">
          <div className="status-card" data-testid="server-verification">
            <h3>{t.status.server}</h3>
            <ServerVerdict report={report} t={t.status} a={a} />
            {report && report.tampered > 0 && firstBad !== null ? (
              <ReasonList reasons={firstReasons} m={a.reasons} />
            ) : null}
            {server ? <p>{fill(t.status.backend, { backend: server.backend })}</p> : null}
            {refreshFailed && !loadFailure ? (
              <RefreshFailed message={t.status.refreshError} retryLabel={a.request.retry} onRetry={refresh} />
            ) : null}
          </div>
          <div className="status-card" data-testid="browser-verification">
            <h3>{t.status.browser}</h3>
            {whole ? (
              <BrowserVerdict result={browser} empty={entries.length === 0} t={t.status} a={a} onRetry={refresh} />
            ) : (
              <p data-verdict="partial">{t.status.browserPartial}</p>
            )}
          </div>
        </div>
      </section>

      <section id="dashboard-timeline" aria-labelledby={`${id}-timeline`} className="audit-section dash-timeline">
        <h2 id={`${id}-timeline`}>{t.timeline.title}</h2>
        {entries.length === 0 && !loadFailure && (report || initial) ? (
          <div className="notice" data-testid="empty-session">
            <h3>{t.empty.title}</h3>
            <p>{t.empty.body}</p>
          </div>
        ) : null}
        {entries.length > 0 ? <p className="timeline-note">{t.timeline.caption}</p> : null}
        {initial && (first > 0 || !live) ? (
          <WindowNav t={t.timeline} window={initial.window} shown={entries.length} />
        ) : null}
        {entries.length > 0 ? (
          <ScrollArea label={t.timeline.region}>
            <table className="timeline-table stack-table">
              <caption className="visually-hidden">{t.timeline.title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.timeline.seq}</th>
                  <th scope="col">{t.timeline.state}</th>
                  <th scope="col">{t.timeline.time}</th>
                  <th scope="col">{t.timeline.kind}</th>
                  <th scope="col">{t.timeline.action}</th>
                  <th scope="col">{t.timeline.outcome}</th>
                  <th scope="col">{t.timeline.hmac}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry, index) => {
                  const seq = seqOf(entry);
                  const anchor = seq >= 0 && !anchored.has(seq);
                  anchored.add(seq);
                  const covered = report !== null && index < report.total;
                  const reasons = problems.get(index) ?? [];
                  const bad = reasons.some((r) => r !== "unsigned");
                  const kind = String(field(entry, "kind") ?? "—");
                  const outcome = String(field(entry, "outcome") ?? "—");
                  const ts = field(entry, "ts");
                  return (
                    <tr
                      // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows at the end, and a tampered log may repeat a seq.
                      key={index}
                      id={anchor ? entryAnchorId(seq) : undefined}
                      tabIndex={anchor ? -1 : undefined}
                      className={bad ? "row-bad" : undefined}
                      data-seq={seq}
                    >
                      <td data-label={t.timeline.seq}>{seq}</td>
                      <td data-label={t.timeline.state}>
                        {!covered ? (
                          <span className="pill pill-neutral">{a.verdict.checking}</span>
                        ) : bad ? (
                          <span className="pill pill-bad">{a.verdict.entryTampered}</span>
                        ) : reasons.length > 0 ? (
                          <span className="pill pill-warn">{a.verdict.entryUnsigned}</span>
                        ) : (
                          <span className="pill pill-ok">{a.verdict.entryVerified}</span>
                        )}
                      </td>
                      <td data-label={t.timeline.time}>
                        {typeof ts === "string" ? <time dateTime={ts}>{formatInstant(ts)}</time> : formatInstant(ts)}
                      </td>
                      <td data-label={t.timeline.kind}>{a.kinds[kind as keyof typeof a.kinds] ?? kind}</td>
                      <td data-label={t.timeline.action}>
                        <code translate="no">{String(field(entry, "action") ?? "—")}</code>
                      </td>
                      <td data-label={t.timeline.outcome}>
                        {a.outcomes[outcome as keyof typeof a.outcomes] ?? outcome}
                      </td>
                      <td data-label={t.timeline.hmac}>
                        <code translate="no">{shortHash(field(entry, "hmac"))}</code>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollArea>
        ) : null}
      </section>

      {afterTimeline}

      <section id="dashboard-badge" aria-labelledby={`${id}-badge`} className="audit-section">
        <h2 id={`${id}-badge`}>{t.badge.title}</h2>
        <p>{t.badge.intro}</p>
        <div className="badge-preview">
          {/* The query only makes the browser fetch the badge again when the log changes. */}
          {/* biome-ignore lint/performance/noImgElement: an SVG from our own API, not an optimisable photo. */}
          <img
            src={badgePath(sessionId, lang, { n: String(entries.length) })}
            alt={fill(t.badge.alt, { state: badgeState })}
            height={24}
            data-testid="badge"
          />
        </div>
        {snippets}
      </section>
    </>
  );
}

/** What the badge says, in its alt text: the server's verdict, with the counts once verified. */
function badgeText(report: VerificationReport | null, a: LiveAuditMessages): string {
  if (!report) return a.verdict.checking;
  const { verdict, pill } = serverVerdict(report);
  return verdict === "verified" ? `${a.verdict[pill]} ${report.verified}/${report.total}` : a.verdict[pill];
}

function ServerVerdict({
  report,
  t,
  a,
}: {
  report: VerificationReport | null;
  t: LiveMessages["status"];
  a: LiveAuditMessages;
}) {
  if (!report) return <span className="pill pill-neutral">{a.verdict.checking}</span>;
  if (report.total === 0) {
    return (
      <>
        <span className="pill pill-neutral">{a.verdict.logEmpty}</span>
        <p>{t.noEntries}</p>
      </>
    );
  }
  const { verdict, tone, pill } = serverVerdict(report);
  return (
    <div data-verdict={tone}>
      <span className={`pill pill-${tone}`}>{a.verdict[pill]}</span>
      <p>
        {verdict === "tampered"
          ? fill(t.serverTampered, { tampered: report.tampered, total: report.total, first: report.firstBadSeq ?? 0 })
          : verdict === "no-hmac"
            ? fill(t.serverUnsigned, { unsigned: report.unsigned, total: report.total })
            : fill(t.serverVerified, { verified: report.verified, total: report.total })}
      </p>
    </div>
  );
}

/** A check that could not run (the network, the keys): said plainly, with a way to run it again. */
function RefreshFailed({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div className="refresh-failed">
      <p className="field-error">{message}</p>
      <button type="button" className="button button-small" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}

/** Where the shown entries sit in a log longer than one view, and links to the other views. */
function WindowNav({ t, window, shown }: { t: LiveMessages["timeline"]; window: InitialLog["window"]; shown: number }) {
  const { first, size, newest } = window;
  const total = Math.max(window.total, first + shown);
  return (
    <nav className="timeline-window" aria-label={t.title}>
      <p>{fill(t.window, { first, last: first + shown - 1, total })}</p>
      <ul>
        {first > 0 ? (
          <li>
            <a href={`?after=${Math.max(-1, first - 1 - size)}`} rel="prev">
              {t.older}
            </a>
          </li>
        ) : null}
        {newest ? null : (
          <>
            <li>
              <a href={`?after=${first - 1 + size}`} rel="next">
                {t.newer}
              </a>
            </li>
            <li>
              <a href="?">{t.newest}</a>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}

function BrowserVerdict({
  result,
  empty,
  t,
  a,
  onRetry,
}: {
  result: AuditVerification | "failed" | null;
  empty: boolean;
  t: LiveMessages["status"];
  a: LiveAuditMessages;
  onRetry: () => void;
}) {
  if (result === null) return <span className="pill pill-neutral">{a.verdict.checking}</span>;
  if (result === "failed")
    return <RefreshFailed message={t.refreshError} retryLabel={a.request.retry} onRetry={onRetry} />;
  if (empty) return <span className="pill pill-neutral">{a.verdict.logEmpty}</span>;
  const checkpointOk = result.checkpoint?.error === null;
  const altered = alteredEntry(result);
  return (
    <div data-verdict={result.ok ? "ok" : "bad"}>
      <span className={`pill ${result.ok ? "pill-ok" : "pill-bad"}`}>
        {result.ok ? a.verdict.logVerified : a.verdict.logTampered}
      </span>
      <p>
        {result.ok
          ? t.browserOk
          : altered?.inferred
            ? fill(t.browserAltered, { seq: altered.seq, next: altered.seq + 1 })
            : result.firstBadSeq !== null
              ? fill(t.browserBadChain, { first: result.firstBadSeq })
              : checkpointOk
                ? t.browserBadCheckpoint
                : t.browserCheckpointBad}
      </p>
    </div>
  );
}
