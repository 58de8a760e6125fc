import type { ReactNode } from "react";
import { CodeBlock } from "@/app/_components/code/code-block";
import { prettyJson } from "@/app/_components/log-entry/format";
import type { AuditMessages } from "@/app/_i18n/audit-words";
import { fill, type Template } from "@/lib/i18n/template";
import { ReasonList } from "./reason-list";

export type VerdictTone = "ok" | "warn" | "bad" | "neutral";

/** The page's wording for a summary (the server's and the browser's check word a few parts apart). */
export interface SummaryMessages {
  firstBadTitle: Template<"seq">;
  entryJson: Template<"seq">;
  otherProblems: string;
}

/** The audit messages a summary uses. */
export type SummaryAuditMessages = Pick<AuditMessages, "entry" | "reasons">;

interface BadEntry {
  seq: number;
  reasons: readonly string[];
}

/**
 * The result of verifying one audit log as /verify shows it, for the server's check (HMAC keys) and
 * for the browser's (chain and checkpoint) alike: the verdict, the counts that check has, the first
 * bad entry with its reasons and content, then the other bad entries. One layout, so both read the
 * same and the pages' tests find the same landmarks (data-verdict, data-first-bad).
 */
export function VerificationSummary({
  headingId,
  title,
  verdict,
  tone,
  pill,
  sentence,
  stats,
  first,
  others,
  words,
  auditWords,
  afterFirst,
  children,
}: {
  headingId: string;
  title: string;
  /** The section's data-verdict. */
  verdict: string;
  tone: VerdictTone;
  pill: string;
  sentence: string;
  /** The counts, as <dl> items; none (no list) for an empty log. */
  stats?: ReactNode;
  /** The first bad entry, its content, and a note under its reasons where the check has one. */
  first: (BadEntry & { entry: unknown; note?: ReactNode; title?: string }) | null;
  others: readonly BadEntry[];
  words: SummaryMessages;
  auditWords: SummaryAuditMessages;
  /** What the check found besides entries (the checkpoint), before the other entries. */
  afterFirst?: ReactNode;
  /** Last: where to go from here. */
  children?: ReactNode;
}) {
  return (
    <section className="report" aria-labelledby={headingId} data-verdict={verdict}>
      <h3 id={headingId}>{title}</h3>
      <div className={`verdict verdict-${tone}`}>
        <span className={`pill pill-${tone}`}>{pill}</span>
        <p>{sentence}</p>
      </div>
      {stats ? <dl className="stats">{stats}</dl> : null}
      {first ? (
        <div className="first-bad" data-first-bad={first.seq}>
          <h4>{first.title ?? fill(words.firstBadTitle, { seq: first.seq })}</h4>
          {first.reasons.length > 0 ? <ReasonList reasons={first.reasons} words={auditWords.reasons} /> : null}
          {first.note}
          <CodeBlock caption={fill(words.entryJson, { seq: first.seq })}>{prettyJson(first.entry)}</CodeBlock>
        </div>
      ) : null}
      {afterFirst}
      {others.length > 0 ? (
        <>
          <h4>{words.otherProblems}</h4>
          <ul className="problem-list">
            {others.map((p) => (
              <li key={p.seq}>
                {fill(auditWords.entry, { seq: p.seq })}:
                <ReasonList reasons={p.reasons} words={auditWords.reasons} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {children}
    </section>
  );
}

/** One count of a summary's stats: a term and its value. `wide` gives a long value (a hash) the full row. */
export function Stat({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "stat-wide" : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
