import { type ReportVerdict, reportVerdict } from "@/lib/audit/report-verdict";
import type { VerificationReport } from "@/lib/audit/verify";
import type { VerdictTone } from "./verification-summary";

const TONES: Record<ReportVerdict, VerdictTone> = {
  empty: "neutral",
  tampered: "bad",
  "no-hmac": "warn",
  verified: "ok",
};

/** Keys of the verdicts' labels in the audit messages. */
const PILLS = {
  empty: "logEmpty",
  tampered: "logTampered",
  "no-hmac": "logNoHmac",
  verified: "logVerified",
} as const satisfies Record<ReportVerdict, string>;

/** The server report's verdict (lib/audit/report-verdict.ts) as the pages show it: tone and label. */
export function serverVerdict(
  report: Pick<VerificationReport, "total" | "tampered" | "unsigned" | "checkpoint" | "header">,
) {
  const verdict = reportVerdict(report);
  return { verdict, tone: TONES[verdict], pill: PILLS[verdict] };
}
