import type { AuditLogDocument, AuditVerification } from "@sociedades-ia/incorporate";
import { alteredEntry } from "@/app/_components/verdict/altered-entry";
import { Stat, VerificationSummary } from "@/app/_components/verdict/verification-summary";
import type { Lang } from "@/lib/i18n";
import { formatInstant } from "@/lib/i18n/format-instant";
import { fill } from "@/lib/i18n/template";
import { InclusionReport } from "./log-inclusion";
import { type InclusionMessages, type LogAuditMessages, type Messages, reportVerdict } from "./verifier-model";

/** What the browser's check of a pasted or loaded log found: the verdict, the counts, the first bad entry. */
export function BrowserReport({
  log,
  report,
  words,
  inclusion,
  lang,
  auditWords,
  headingId,
}: {
  log: AuditLogDocument;
  report: AuditVerification;
  words: Messages;
  inclusion: InclusionMessages;
  lang: Lang;
  auditWords: LogAuditMessages;
  headingId: string;
}) {
  const { cp, unattested, tone, pill, sentence } = reportVerdict(report, words, auditWords);
  // The headline names the entry that was changed, when the chain shows which one it is.
  const altered = alteredEntry(report);
  const first = altered?.seq ?? null;
  const firstReasons = altered?.inferred ? [] : (report.problems.find((p) => p.seq === first)?.reasons ?? []);
  const others = report.problems.filter((p) => p.seq !== first && p.reasons.some((r) => r !== "unsigned"));
  const payload = report.checkpoint?.payload;

  return (
    <VerificationSummary
      headingId={headingId}
      title={words.resultTitle}
      verdict={unattested ? "unattested" : report.ok ? "verified" : "tampered"}
      tone={tone}
      pill={pill}
      sentence={sentence}
      stats={
        <>
          {/* Which session was checked: the log names it, and its checkpoint signs it. */}
          <Stat label={words.counts.session} wide>
            <code translate="no" data-session-id>
              {log.sessionId}
            </code>
          </Stat>
          <Stat label={words.counts.total}>{report.total}</Stat>
          <Stat label={words.counts.linked}>{report.verified}</Stat>
          <Stat label={words.counts.tampered}>{report.tampered}</Stat>
          <Stat label={words.counts.firstBad}>
            {first === null ? words.counts.none : fill(auditWords.entry, { seq: first })}
          </Stat>
          {/* Not a Stat: its value carries the checkpoint's state (data-checkpoint). */}
          <div className="stat-wide">
            <dt>{words.counts.checkpoint}</dt>
            <dd data-checkpoint={cp}>{words.checkpointShort[cp]}</dd>
          </div>
          {payload ? (
            <Stat label={words.counts.signedAt}>
              <time dateTime={payload.ts}>{formatInstant(payload.ts)}</time>
            </Stat>
          ) : null}
          {report.checkpoint?.kid ? (
            <Stat label={words.counts.key} wide>
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
              title: altered?.inferred ? fill(words.alteredTitle, { seq: first }) : undefined,
              note: altered?.inferred ? (
                <p>{fill(words.alteredWhy, { next: first + 1 })}</p>
              ) : firstReasons.includes("chain_broken") && first > 0 ? (
                <p>{fill(words.previousHint, { seq: first - 1 })}</p>
              ) : null,
            }
      }
      afterFirst={
        cp !== "valid" && cp !== "missing" ? (
          <div className="first-bad" data-checkpoint-problem={cp}>
            <h4>{words.checkpointTitle}</h4>
            <p>{words.checkpoint[cp]}</p>
          </div>
        ) : null
      }
      others={others}
      words={words}
      auditWords={auditWords}
    >
      {report.log ? <InclusionReport result={report.log} words={inclusion} lang={lang} altered={!report.ok} /> : null}
    </VerificationSummary>
  );
}
