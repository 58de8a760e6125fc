import type { VerificationReport } from "./verify";

export type ReportVerdict = "empty" | "tampered" | "no-hmac" | "verified";

/**
 * The verdict of the server's verification report: an empty log says so, any tampered entry
 * outweighs unsigned ones, and only a log with neither is verified. The badge, /verify and the
 * dashboard all read a report through this one rule, so they never disagree about it.
 */
export function reportVerdict(report: Pick<VerificationReport, "total" | "tampered" | "unsigned">): ReportVerdict {
  if (report.total === 0) return "empty";
  if (report.tampered > 0) return "tampered";
  if (report.unsigned > 0) return "no-hmac";
  return "verified";
}
