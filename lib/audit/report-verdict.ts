import type { VerificationReport } from "./verify";

export type ReportVerdict = "empty" | "tampered" | "no-hmac" | "verified";

/**
 * The checkpoint states that mean the store was edited after the service signed its head, and a
 * head the log's index shows was cut back (the log recorded more of the session than is served).
 */
export function checkpointBroken(report: Pick<VerificationReport, "total" | "checkpoint" | "index">): boolean {
  const status = report.checkpoint;
  if (report.index?.status === "cut") return true;
  return status === "mismatch" || status === "invalid" || (status === "missing" && report.total > 0);
}

/** The session's header (who may write) is not one the service sealed for it: the store was edited. */
export function headerBroken(report: Pick<VerificationReport, "header">): boolean {
  return report.header === "invalid";
}

/**
 * The verdict of the server's verification report: a checkpoint that does not match its entries
 * (a cut or rewritten log), a header that fails its seal, or any tampered entry is tampered, an empty log says so, tampering
 * outweighs unsigned entries, and only a log with neither is verified. The badge, /verify and the
 * dashboard all read a report through this one rule, so they never disagree about it.
 */
export function reportVerdict(
  report: Pick<VerificationReport, "total" | "tampered" | "unsigned" | "checkpoint" | "index" | "header">,
): ReportVerdict {
  if (checkpointBroken(report) || headerBroken(report)) return "tampered";
  if (report.total === 0) return "empty";
  if (report.tampered > 0) return "tampered";
  if (report.unsigned > 0) return "no-hmac";
  return "verified";
}
