import type { AuditCheckStatuses, CheckStatus } from "@sociedades-ia/incorporate";
import type { VerificationReport } from "./verify";

/*
 * The statuses of the one verification as a verified read's report states them. Pure, so the pages
 * can word a report that arrives in the browser exactly as the server words the ones it reads.
 */

type IndexState = NonNullable<VerificationReport["index"]>["status"];
type WitnessState = NonNullable<VerificationReport["witnesses"]>;

/** A stored log's entries check: every HMAC, the chain, the signed checkpoint and the sealed header. */
export function storedEntriesStatus(
  report: Pick<VerificationReport, "tampered" | "unsigned" | "checkpoint" | "header">,
): CheckStatus {
  const ok =
    report.tampered === 0 && report.unsigned === 0 && report.checkpoint === "valid" && report.header !== "invalid";
  return ok ? "pass" : "fail";
}

/** The head against the log's index: the latest entry (pass), not integrated yet, cut, or unknown. */
export const INDEX_STATUS: Record<IndexState, CheckStatus> = {
  latest: "pass",
  cut: "fail",
  pending: "pending",
  unavailable: "unchecked",
};

/** The witness quorum: met, contradicted, only late ("not witnessed yet"), or not checked. */
export function witnessStatus(w: Pick<WitnessState, "meets" | "contradiction" | "error"> | null): CheckStatus {
  if (w?.meets) return "pass";
  if (w?.contradiction) return "fail";
  return w?.error?.startsWith("not witnessed yet") ? "pending" : "unchecked";
}

/**
 * The four statuses from a verified read's report alone, for a view that holds only the report (the
 * dashboard's live updates): the index's answer stands for the head's inclusion too, since the index
 * names the head's leaf only once a signed checkpoint holds it. Null for a report without the index
 * or the witnesses (the tamper demonstration, an empty log).
 */
export function reportStatuses(
  report: Pick<VerificationReport, "tampered" | "unsigned" | "checkpoint" | "header" | "index" | "witnesses">,
): AuditCheckStatuses | null {
  if (!report.index || !report.witnesses) return null;
  const inLog = INDEX_STATUS[report.index.status];
  return {
    entries: storedEntriesStatus(report),
    log: inLog,
    latest: inLog,
    witnesses: witnessStatus(report.witnesses),
  };
}
