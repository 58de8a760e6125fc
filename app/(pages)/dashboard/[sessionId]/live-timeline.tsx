import { ScrollArea } from "@/app/_components/layout/scroll-area";
import { entryAnchorId } from "@/app/_components/log-entry/entry-link";
import { field, shortHash } from "@/app/_components/log-entry/format";
import { formatInstant } from "@/lib/i18n/format-instant";
import { type InitialLog, type LiveAuditMessages, type LiveMessages, problemsBySeq, seqOf } from "./live-model";
import type { LiveTimelineState } from "./use-session-live";
import { WindowNav } from "./window-nav";

/** The timeline section: every entry shown, with its state in the server's report. */
export function LiveTimeline({
  timeline,
  words,
  auditWords,
  initial,
  intro,
  headingId,
}: {
  timeline: LiveTimelineState;
  words: LiveMessages;
  auditWords: LiveAuditMessages;
  initial: InitialLog | null;
  intro: string;
  headingId: string;
}) {
  const { entries, report } = timeline;
  // Each seq's anchor goes to its first row (a tampered log may repeat a seq).
  const anchored = new Set<number>();
  const problems = problemsBySeq(report);
  return (
    <section id="dashboard-timeline" aria-labelledby={headingId} className="audit-section dash-timeline">
      <h2 id={headingId}>{words.timeline.title}</h2>
      <p>{intro}</p>
      {entries.length === 0 && !timeline.loadFailure && (report || initial) ? (
        <div className="notice" data-testid="empty-session">
          <h3>{words.empty.title}</h3>
          <p>{words.empty.body}</p>
        </div>
      ) : null}
      {entries.length > 0 ? <p className="timeline-note">{words.timeline.caption}</p> : null}
      {initial && (timeline.first > 0 || !timeline.streams) ? (
        <WindowNav words={words.timeline} window={initial.window} shown={entries.length} />
      ) : null}
      {entries.length > 0 ? (
        <ScrollArea label={words.timeline.region}>
          <table className="timeline-table stack-table">
            <caption className="visually-hidden">{words.timeline.title}</caption>
            <thead>
              <tr>
                <th scope="col">{words.timeline.seq}</th>
                <th scope="col">{words.timeline.state}</th>
                <th scope="col">{words.timeline.time}</th>
                <th scope="col">{words.timeline.kind}</th>
                <th scope="col">{words.timeline.action}</th>
                <th scope="col">{words.timeline.outcome}</th>
                <th scope="col">{words.timeline.hmac}</th>
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
                    words={words.timeline}
                    auditWords={auditWords}
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
  words,
  auditWords,
}: {
  entry: unknown;
  seq: number;
  /** The first row with this seq, that links to the entry land on. */
  anchor: boolean;
  /** Whether the server's report reaches this row yet. */
  covered: boolean;
  reasons: readonly string[];
  words: LiveMessages["timeline"];
  auditWords: LiveAuditMessages;
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
      <td data-label={words.seq}>{seq}</td>
      <td data-label={words.state}>
        {!covered ? (
          <span className="pill pill-neutral">{auditWords.verdict.checking}</span>
        ) : bad ? (
          <span className="pill pill-bad">{auditWords.verdict.entryTampered}</span>
        ) : reasons.length > 0 ? (
          <span className="pill pill-warn">{auditWords.verdict.entryUnsigned}</span>
        ) : (
          <span className="pill pill-ok">{auditWords.verdict.entryVerified}</span>
        )}
      </td>
      <td data-label={words.time}>
        {typeof ts === "string" ? <time dateTime={ts}>{instantLines(formatInstant(ts))}</time> : formatInstant(ts)}
      </td>
      <td data-label={words.kind}>{auditWords.kinds[kind as keyof typeof auditWords.kinds] ?? kind}</td>
      <td data-label={words.action}>
        <code translate="no">{String(field(entry, "action") ?? "—")}</code>
      </td>
      <td data-label={words.outcome}>{auditWords.outcomes[outcome as keyof typeof auditWords.outcomes] ?? outcome}</td>
      <td data-label={words.hmac}>
        <code translate="no">{shortHash(field(entry, "hmac"))}</code>
      </td>
    </tr>
  );
}
