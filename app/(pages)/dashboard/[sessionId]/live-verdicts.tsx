import { type AuditVerification, auditVerdict } from "@sociedades-ia/incorporate";
import { alteredEntry } from "@/app/_components/verdict/altered-entry";
import { headlineVerdict } from "@/app/_components/verdict/server-verdict";
import { reportStatuses } from "@/lib/audit/report-statuses";
import type { VerificationReport } from "@/lib/audit/verify";
import { fill } from "@/lib/i18n/template";
import type { LiveAuditMessages, LiveMessages } from "./live-model";

const SHORT_OF_VERIFIED = {
  not_witnessed: "serverNotWitnessed",
  unchecked: "serverUnchecked",
  failed: "serverFailed",
} as const;

/**
 * The server's report on the whole log, in words. Its headline is the one verification's verdict
 * (entries, log, latest entry, witnesses) as the report states it, so a log not witnessed yet never
 * reads "verified", as on /verify.
 */
export function ServerVerdict({
  report,
  words,
  auditWords,
}: {
  report: VerificationReport | null;
  words: LiveMessages["status"];
  auditWords: LiveAuditMessages;
}) {
  if (!report) return <span className="pill pill-neutral">{auditWords.verdict.checking}</span>;
  if (report.total === 0) {
    return (
      <>
        <span className="pill pill-neutral">{auditWords.verdict.logEmpty}</span>
        <p>{words.noEntries}</p>
      </>
    );
  }
  const statuses = reportStatuses(report);
  const { verdict, tone, pill, full } = headlineVerdict(report, statuses ? auditVerdict(statuses) : null);
  return (
    <div data-verdict={tone} data-headline-verdict={full ?? undefined}>
      <span className={`pill pill-${tone}`}>{auditWords.verdict[pill]}</span>
      <p>
        {full
          ? fill(words[statuses?.log === "pending" ? "serverPending" : SHORT_OF_VERIFIED[full]], {
              total: report.total,
            })
          : verdict === "tampered"
            ? fill(words.serverTampered, {
                tampered: report.tampered,
                total: report.total,
                first: report.firstBadSeq ?? 0,
              })
            : verdict === "no-hmac"
              ? fill(words.serverUnsigned, { unsigned: report.unsigned, total: report.total })
              : fill(words.serverVerified, { verified: report.verified, total: report.total })}
      </p>
    </div>
  );
}

/** A check that could not run (the network, the keys): said plainly, with a way to run it again. */
export function RefreshFailed({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div className="refresh-failed">
      <p className="field-error">{message}</p>
      <button type="button" className="button button-small" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}

/** What the browser's own check of the chain and checkpoint found. */
export function BrowserVerdict({
  result,
  empty,
  words,
  auditWords,
  onRetry,
}: {
  result: AuditVerification | "failed" | null;
  empty: boolean;
  words: LiveMessages["status"];
  auditWords: LiveAuditMessages;
  onRetry: () => void;
}) {
  if (result === null) return <span className="pill pill-neutral">{auditWords.verdict.checking}</span>;
  if (result === "failed")
    return <RefreshFailed message={words.refreshError} retryLabel={auditWords.request.retry} onRetry={onRetry} />;
  if (empty) return <span className="pill pill-neutral">{auditWords.verdict.logEmpty}</span>;
  const checkpointOk = result.checkpoint?.error === null;
  const altered = alteredEntry(result);
  return (
    <div data-verdict={result.ok ? "ok" : "bad"}>
      <span className={`pill ${result.ok ? "pill-ok" : "pill-bad"}`}>
        {result.ok ? auditWords.verdict.logVerified : auditWords.verdict.logTampered}
      </span>
      <p>
        {result.ok
          ? words.browserOk
          : altered?.inferred
            ? fill(words.browserAltered, { seq: altered.seq, next: altered.seq + 1 })
            : result.firstBadSeq !== null
              ? fill(words.browserBadChain, { first: result.firstBadSeq })
              : checkpointOk
                ? words.browserBadCheckpoint
                : words.browserCheckpointBad}
      </p>
    </div>
  );
}
