import type { AuditVerdict } from "@sociedades-ia/incorporate";
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

/** The one verification's verdict (lib/audit/session-checks.ts) short of verified: tone and label. */
const FULL = {
  not_witnessed: { tone: "warn", pill: "logNotWitnessed" },
  unchecked: { tone: "warn", pill: "logUnchecked" },
  failed: { tone: "bad", pill: "logFailed" },
} as const satisfies Record<Exclude<AuditVerdict, "verified">, { tone: VerdictTone; pill: string }>;

/**
 * The headline of a session: the server report's verdict, unless the entries verify and the one
 * verification (log, latest entry, witnesses) says otherwise, which then leads: a session not
 * witnessed yet, or one the log contradicts, is never shown as verified.
 */
export function headlineVerdict(
  report: Pick<VerificationReport, "total" | "tampered" | "unsigned" | "checkpoint" | "header">,
  full: AuditVerdict | null,
) {
  const base = serverVerdict(report);
  if (base.verdict !== "verified" || full === null || full === "verified") return { ...base, full: null };
  return { verdict: base.verdict, ...FULL[full], full };
}
