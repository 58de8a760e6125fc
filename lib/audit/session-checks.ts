import {
  type AuditCheckStatuses,
  type AuditVerdict,
  auditVerdict,
  type CheckStatus,
  checkLogInclusion,
  type LogInclusion,
} from "@sociedades-ia/incorporate";
import { getStore } from "../store";
import type { Store } from "../store/types";
import { headReceipt } from "../tlog/head-receipt";
import { logNoteKey } from "../tlog/log-key";
import type { TransparencyReceipt } from "../tlog/receipt";
import type { CheckpointPayload } from "./checkpoint";
import { type SessionInLog, sessionInLog } from "./index-status";
import { INDEX_STATUS, storedEntriesStatus, witnessStatus } from "./report-statuses";
import type { VerificationReport } from "./verify";
import { type WitnessQuorum, witnessQuorum } from "./verify-witnesses";

/** The four checks of a session as the service makes them, with what each found and the one verdict. */
export interface SessionChecks {
  status: AuditCheckStatuses;
  verdict: AuditVerdict;
  head: { size: number; hash: string | null };
  log: LogInclusion;
  index: SessionInLog | null;
  witnesses: WitnessQuorum | null;
}

/**
 * The one verification of a session against this service's log: `entries` as the caller checked
 * them, the head's inclusion (its proof checked under the log's key, as a client would), the head
 * against the log's index, and the witness quorum of /log/policy. The verdict is the client
 * package's rule (auditVerdict), so every surface agrees with verifyAudit.
 */
export async function checkSession(input: {
  sessionId: string;
  entries: CheckStatus;
  head: { size: number; hash: string | null };
  /** The checkpoint's logIndex, once the checkpoint verified. */
  signedIndex: number | undefined;
  receipt: TransparencyReceipt | null;
  index: SessionInLog | null;
  witnesses: WitnessQuorum | null;
}): Promise<SessionChecks> {
  const { sessionId, head, receipt, index, witnesses } = input;
  const log = await checkLogInclusion(
    { sessionId, size: head.size, hash: head.hash, signedIndex: input.signedIndex },
    receipt,
    logNoteKey().vkey,
  );
  const status: AuditCheckStatuses = {
    entries: input.entries,
    log: log.included ? "pass" : /not integrated in a log checkpoint yet/.test(log.error ?? "") ? "pending" : "fail",
    latest: index ? INDEX_STATUS[index.status] : "unchecked",
    witnesses: witnessStatus(witnesses),
  };
  return { status, verdict: auditVerdict(status), head, log, index, witnesses };
}

/** The checks of a stored session from the report of a verified read (`getAuditLog(id, {verify: true})`). */
export function checkStoredSession(
  sessionId: string,
  report: VerificationReport,
  receipt: TransparencyReceipt | null,
): Promise<SessionChecks> {
  return checkSession({
    sessionId,
    entries: storedEntriesStatus(report),
    head: report.head,
    signedIndex: receipt?.index,
    receipt,
    index: report.index ?? null,
    witnesses: report.witnesses ?? null,
  });
}

/**
 * The checks of a head this service signed (a session checkpoint's payload), read from this
 * service's log and index: what the certifier runs on a sample session it fetched elsewhere.
 */
export async function checkSignedHead(
  signed: CheckpointPayload,
  entries: CheckStatus,
  store: Store = getStore(),
): Promise<SessionChecks> {
  const head = { size: signed.size, hash: signed.head };
  const receipt = await headReceipt(signed, store);
  const [index, witnesses] = await Promise.all([
    sessionInLog(signed.sessionId, head, store),
    witnessQuorum(receipt, store),
  ]);
  return checkSession({
    sessionId: signed.sessionId,
    entries,
    head,
    signedIndex: signed.logIndex,
    receipt,
    index,
    witnesses,
  });
}
