/**
 * `verified`: every check passed. `not_witnessed`: nothing contradicts the log, but the head is not
 * in a checkpoint with the policy's quorum of witness cosignatures yet. `unchecked`: nothing
 * contradicts it, but a check could not be made (see its line). `failed`: something contradicts it.
 */
export type AuditVerdict = "verified" | "not_witnessed" | "unchecked" | "failed";

/** pass; fail (a contradiction); pending (not there yet, e.g. not witnessed); unchecked (could not be checked). */
export type CheckStatus = "pass" | "fail" | "pending" | "unchecked";

/** The four checks of one verification of a session: whoever runs them, this is what they found. */
export interface AuditCheckStatuses {
  /** Every entry's HMAC or signature, the chain, and the session checkpoint. */
  entries: CheckStatus;
  /** The head's inclusion in the transparency log. */
  log: CheckStatus;
  /** The head is the session's latest entry in the log. */
  latest: CheckStatus;
  /** The head is in a checkpoint that meets the witness policy. */
  witnesses: CheckStatus;
}

/**
 * The one verdict rule over the four checks, used by `verifyAudit` and by the service (MCP,
 * /verify, the certifier, the badge): any failure wins; verified only when all four pass; a
 * quorum that is the only thing missing is "not witnessed yet"; anything else short of that is
 * unchecked.
 */
export function auditVerdict(s: AuditCheckStatuses): AuditVerdict {
  const all = [s.entries, s.log, s.latest, s.witnesses];
  if (all.includes("fail")) return "failed";
  if (all.every((x) => x === "pass")) return "verified";
  const restPass = s.entries === "pass" && s.log === "pass" && s.latest === "pass";
  return restPass && s.witnesses === "pending" ? "not_witnessed" : "unchecked";
}

/** What `verifyAudit` found, as the four statuses: the offline report, the witness and completeness checks. */
export function checkStatusesOf(report: {
  tampered: number;
  checkpoint: { error: string | null } | null;
  known: { consistent: boolean } | null;
  log: { included: boolean; error: string | null } | null;
  witnesses: { meets: boolean; contradiction: boolean; error: string | null };
  complete: { complete: boolean | null };
}): AuditCheckStatuses {
  const entriesOk = report.tampered === 0 && report.checkpoint?.error === null && (report.known?.consistent ?? true);
  const log = report.log;
  const w = report.witnesses;
  return {
    entries: entriesOk ? "pass" : "fail",
    log: log?.included
      ? "pass"
      : log && /not integrated in a log checkpoint yet/.test(log.error ?? "")
        ? "pending"
        : "fail",
    latest: report.complete.complete === true ? "pass" : report.complete.complete === false ? "fail" : "unchecked",
    witnesses: w.meets
      ? "pass"
      : w.contradiction
        ? "fail"
        : w.error?.startsWith("not witnessed yet")
          ? "pending"
          : "unchecked",
  };
}
