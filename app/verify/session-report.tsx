import Link from "next/link";
import type { AuditLogResult } from "@/lib/audit/get-audit-log";
import type { VerificationReport } from "@/lib/audit/verify";
import type { Dictionary } from "@/lib/i18n";
import { prettyJson } from "../_components/audit/format";
import { ReasonList } from "../_components/audit/reason-list";
import { CodeBlock } from "../_components/code-block";

/** The server's verification report of one session (`?verify=1`), rendered on the server. */
export function SessionReport({ log, report, d }: { log: AuditLogResult; report: VerificationReport; d: Dictionary }) {
  const t = d.verify.byId;
  const a = d.audit;
  const { sessionId } = log;
  const tone = report.total === 0 ? "neutral" : report.tampered > 0 ? "bad" : report.unsigned > 0 ? "warn" : "ok";
  const pill =
    report.total === 0
      ? a.verdict.logEmpty
      : report.tampered > 0
        ? a.verdict.logTampered
        : report.unsigned > 0
          ? a.verdict.logNoHmac
          : a.verdict.logVerified;
  const sentence =
    report.total === 0
      ? t.empty
      : report.tampered > 0
        ? t.summaryTampered(report.tampered, report.total, report.firstBadSeq ?? 0)
        : report.unsigned > 0
          ? t.summaryUnsigned(report.unsigned, report.total)
          : t.summaryVerified(report.total);
  const first = report.firstBadSeq;
  const firstReasons = report.problems.find((p) => p.seq === first)?.reasons ?? [];
  const others = report.problems.filter((p) => p.seq !== first);
  const encoded = encodeURIComponent(sessionId);

  return (
    <section className="report" aria-labelledby="session-report-title" data-verdict={tone}>
      <h3 id="session-report-title">{t.reportTitle(sessionId)}</h3>
      <div className={`verdict verdict-${tone}`}>
        <span className={`pill pill-${tone}`}>{pill}</span>
        <p>{sentence}</p>
      </div>
      {report.total > 0 ? (
        <dl className="stats">
          <div>
            <dt>{t.counts.total}</dt>
            <dd>{report.total}</dd>
          </div>
          <div>
            <dt>{t.counts.verified}</dt>
            <dd>{report.verified}</dd>
          </div>
          <div>
            <dt>{t.counts.tampered}</dt>
            <dd>{report.tampered}</dd>
          </div>
          <div>
            <dt>{t.counts.unsigned}</dt>
            <dd>{report.unsigned}</dd>
          </div>
          <div>
            <dt>{t.counts.firstBad}</dt>
            <dd>{first === null ? t.counts.none : a.entry(first)}</dd>
          </div>
          <div>
            <dt>{t.counts.backend}</dt>
            <dd>
              <code translate="no">{log.backend}</code>
            </dd>
          </div>
          <div className="stat-wide">
            <dt>{t.counts.head}</dt>
            <dd>
              <code translate="no">{report.head.hash ?? "null"}</code>
            </dd>
          </div>
        </dl>
      ) : null}
      {first !== null ? (
        <div className="first-bad" data-first-bad={first}>
          <h4>{t.firstBadTitle(first)}</h4>
          <ReasonList reasons={firstReasons} m={a.reasons} />
          <CodeBlock caption={t.entryJson(first)}>{prettyJson(log.entries[first])}</CodeBlock>
        </div>
      ) : null}
      {others.length > 0 ? (
        <>
          <h4>{t.otherProblems}</h4>
          <ul className="problem-list">
            {others.map((p) => (
              <li key={p.seq}>
                {a.entry(p.seq)}:
                <ReasonList reasons={p.reasons} m={a.reasons} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <ul className="link-list">
        <li>
          <Link href={`/dashboard/${encoded}`} prefetch={false}>
            {t.dashboard}
          </Link>
        </li>
        <li>
          <a href={`/api/play/audit/${encoded}`} download={`audit-${sessionId}.json`}>
            {t.downloadJson}
          </a>
        </li>
        <li>
          <a href={`/api/play/audit/${encoded}?verify=1`}>{t.reportJson}</a>
        </li>
      </ul>
    </section>
  );
}
