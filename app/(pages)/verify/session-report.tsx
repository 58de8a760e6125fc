import type { AuditVerdict } from "@sociedades-ia/incorporate";
import Link from "next/link";
import { headlineVerdict } from "@/app/_components/verdict/server-verdict";
import { Stat, VerificationSummary } from "@/app/_components/verdict/verification-summary";
import type { Dictionary } from "@/app/_i18n/dictionary";
import type { AuditLogResult } from "@/lib/audit/get-audit-log";
import { auditPaths } from "@/lib/audit/paths";
import type { VerificationReport } from "@/lib/audit/verify";
import { fill } from "@/lib/i18n/template";

/**
 * The server's verification report of one session (`?verify=1`), rendered on the server. Its
 * headline is the one verification's (`checks`: lib/audit/session-checks.ts) whenever that is short
 * of verified, so a session not witnessed yet never reads "verified".
 */
export function SessionReport({
  log,
  report,
  checks,
  dictionary,
}: {
  log: AuditLogResult;
  report: VerificationReport;
  checks: { verdict: AuditVerdict; summary: string } | null;
  dictionary: Dictionary;
}) {
  const t = dictionary.verify.byId;
  const a = dictionary.audit;
  const { sessionId } = log;
  const { verdict, tone, pill, full } = headlineVerdict(report, checks?.verdict ?? null);
  const sentence =
    full !== null && checks
      ? checks.summary
      : verdict === "empty"
        ? t.empty
        : verdict === "tampered" && report.tampered === 0
          ? report.header === "invalid"
            ? t.summaryHeader
            : report.checkpoint === "missing"
              ? t.summaryNoCheckpoint
              : t.summaryCheckpoint
          : verdict === "tampered"
            ? fill(t.summaryTampered, { bad: report.tampered, total: report.total, first: report.firstBadSeq ?? 0 })
            : verdict === "no-hmac"
              ? fill(t.summaryUnsigned, { n: report.unsigned, total: report.total })
              : report.total === 1
                ? t.summaryVerifiedOne
                : fill(t.summaryVerified, { n: report.total });
  const first = report.firstBadSeq;
  const firstReasons = report.problems.find((p) => p.seq === first)?.reasons ?? [];
  const paths = auditPaths(sessionId);

  return (
    <VerificationSummary
      headingId="session-report-title"
      title={fill(t.reportTitle, { id: sessionId })}
      verdict={tone}
      tone={tone}
      pill={a.verdict[pill]}
      sentence={sentence}
      stats={
        report.total > 0 ? (
          <>
            <Stat label={t.counts.total}>{report.total}</Stat>
            <Stat label={t.counts.verified}>{report.verified}</Stat>
            <Stat label={t.counts.tampered}>{report.tampered}</Stat>
            <Stat label={t.counts.unsigned}>{report.unsigned}</Stat>
            <Stat label={t.counts.firstBad}>{first === null ? t.counts.none : fill(a.entry, { seq: first })}</Stat>
            <Stat label={t.counts.backend}>
              <code translate="no">{log.backend}</code>
            </Stat>
            <Stat label={t.counts.head} wide>
              <code translate="no">{report.head.hash ?? "null"}</code>
            </Stat>
          </>
        ) : null
      }
      first={first === null ? null : { seq: first, reasons: firstReasons, entry: log.entries[first] }}
      others={report.problems.filter((p) => p.seq !== first)}
      words={t}
      auditWords={a}
    >
      <ul className="link-list">
        <li>
          <Link href={paths.dashboard} prefetch={false}>
            {t.dashboard}
          </Link>
        </li>
        <li>
          <a href={paths.log} download={`audit-${sessionId}.json`}>
            {t.downloadJson}
          </a>
        </li>
        <li>
          <a href={paths.verified}>{t.reportJson}</a>
        </li>
      </ul>
    </VerificationSummary>
  );
}
