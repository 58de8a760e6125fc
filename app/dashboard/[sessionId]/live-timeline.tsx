import { formatInstant } from "@/lib/i18n/format-instant";
import { entryAnchorId } from "../../_components/audit/entry-link";
import { field, shortHash } from "../../_components/audit/format";
import { ScrollArea } from "../../_components/scroll-area";
import { type InitialLog, type LiveAuditMessages, type LiveMessages, problemsBySeq, seqOf } from "./live-model";
import type { SessionLiveState } from "./use-session-live";
import { WindowNav } from "./window-nav";

/** The timeline section: every entry shown, with its state in the server's report. */
export function LiveTimeline({
  w,
  t,
  a,
  initial,
  intro,
  headingId,
}: {
  w: SessionLiveState;
  t: LiveMessages;
  a: LiveAuditMessages;
  initial: InitialLog | null;
  intro: string;
  headingId: string;
}) {
  const { entries, report } = w;
  // Each seq's anchor goes to its first row (a tampered log may repeat a seq).
  const anchored = new Set<number>();
  const problems = problemsBySeq(report);
  return (
    <section id="dashboard-timeline" aria-labelledby={headingId} className="audit-section dash-timeline">
      <h2 id={headingId}>{t.timeline.title}</h2>
      <p>{intro}</p>
      {entries.length === 0 && !w.loadFailure && (report || initial) ? (
        <div className="notice" data-testid="empty-session">
          <h3>{t.empty.title}</h3>
          <p>{t.empty.body}</p>
        </div>
      ) : null}
      {entries.length > 0 ? <p className="timeline-note">{t.timeline.caption}</p> : null}
      {initial && (w.first > 0 || !w.live) ? (
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
                return (
                  <TimelineRow
                    // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows at the end, and a tampered log may repeat a seq.
                    key={index}
                    entry={entry}
                    seq={seq}
                    anchor={anchor}
                    covered={report !== null && index < report.total}
                    reasons={problems.get(index) ?? []}
                    t={t.timeline}
                    a={a}
                  />
                );
              })}
            </tbody>
          </table>
        </ScrollArea>
      ) : null}
    </section>
  );
}

/** An instant as its date and its time, each kept whole: at most two lines in a narrow column. */
function instantLines(text: string) {
  const space = text.indexOf(" ");
  if (space < 0) return text;
  return (
    <>
      <span>{text.slice(0, space)}</span> <span>{text.slice(space + 1)}</span>
    </>
  );
}

/** One entry: its seq, its state (not yet checked, tampered, unsigned, verified) and its fields. */
function TimelineRow({
  entry,
  seq,
  anchor,
  covered,
  reasons,
  t,
  a,
}: {
  entry: unknown;
  seq: number;
  /** The first row with this seq, that links to the entry land on. */
  anchor: boolean;
  /** Whether the server's report reaches this row yet. */
  covered: boolean;
  reasons: readonly string[];
  t: LiveMessages["timeline"];
  a: LiveAuditMessages;
}) {
  const bad = reasons.some((r) => r !== "unsigned");
  const kind = String(field(entry, "kind") ?? "—");
  const outcome = String(field(entry, "outcome") ?? "—");
  const ts = field(entry, "ts");
  return (
    <tr
      id={anchor ? entryAnchorId(seq) : undefined}
      tabIndex={anchor ? -1 : undefined}
      className={bad ? "row-bad" : undefined}
      data-seq={seq}
    >
      <td data-label={t.seq}>{seq}</td>
      <td data-label={t.state}>
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
      <td data-label={t.time}>
        {typeof ts === "string" ? <time dateTime={ts}>{instantLines(formatInstant(ts))}</time> : formatInstant(ts)}
      </td>
      <td data-label={t.kind}>{a.kinds[kind as keyof typeof a.kinds] ?? kind}</td>
      <td data-label={t.action}>
        <code translate="no">{String(field(entry, "action") ?? "—")}</code>
      </td>
      <td data-label={t.outcome}>{a.outcomes[outcome as keyof typeof a.outcomes] ?? outcome}</td>
      <td data-label={t.hmac}>
        <code translate="no">{shortHash(field(entry, "hmac"))}</code>
      </td>
    </tr>
  );
}
