import { randomUUID } from "node:crypto";
import { appendAuditEventWith } from "../audit/log";
import { authorizeToken } from "../auth/record-token";
import { TargetRefusedError } from "../certifier/certifier-errors";
import { certifyOrigin } from "../certifier/certify-origin";
import { getNetworkPolicy } from "../certifier/get-network-policy";
import { refusalProblem } from "../certifier/refusal-problem";
import { ApiError } from "../http/problem";
import { registryLeaf } from "../tlog/leaf";
import type { TransparencyReceipt } from "../tlog/receipt";
import { applyTransition } from "./apply-transition";
import { SCHEMA_FILES } from "./build-json-schemas";
import { loadEntryOrThrow } from "./get-registry-record";
import type { CertificationReport, RegistryRecord } from "./record-schema";
import { schemaUrl } from "./schema-url";
import { entryWrite, originTakenProblem } from "./stored-record";

export const reportKey = (id: string) => `registry:report:${id}`;

export type CertifyTrigger = { token: string } | { cron: true };

const MAX_ATTEMPTS = 5;

function certificationEvent(
  actor: string,
  report: CertificationReport,
  transition: { from: RegistryRecord; to: RegistryRecord },
) {
  return {
    kind: "registry" as const,
    action: "registry_certify",
    actor,
    input: { recordId: transition.from.id, target: report.target },
    output: {
      score: report.score,
      rating: report.rating,
      passed: report.passed,
      capped: report.capped,
      failedChecks: report.checks.filter((c) => !c.passed).map((c) => c.id),
      from: { status: transition.from.status, goodStanding: transition.from.goodStanding.state },
      to: { status: transition.to.status, goodStanding: transition.to.goodStanding.state },
    },
    outcome: report.passed ? ("ok" as const) : ("rejected" as const),
  };
}

/**
 * The re-check only re-certifies live records: one that left live (a new URL returns a record to
 * draft), before or during its certification, is its owner's to certify, not the cron's to promote.
 */
function refuseUnlessLiveForCron(record: RegistryRecord, trigger: CertifyTrigger) {
  if ("cron" in trigger && record.status !== "live") {
    throw new ApiError("conflict", `Record ${record.id} is no longer live; the re-check leaves it to its owner.`);
  }
}

/**
 * Certifies a record's public URL and applies the verdict through the state machine: draft -> live at
 * C or better, live good standing active <-> suspended. The owner or the operator (admin token) may
 * ask for it; the scheduled re-check runs it as `system`. Every certification appends one entry to
 * the record's audit session (opened on the first one) in the same atomic batch that changes the
 * record and keeps the report for GET /api/registry/{id}/report. Refused origins are a 422 problem
 * for requests and a failed certification for the re-check.
 */
export async function certifyRecord(
  id: string,
  trigger: CertifyTrigger,
  requestOrigin?: string,
): Promise<{ record: RegistryRecord; report: CertificationReport; transparency: TransparencyReceipt }> {
  let loaded = await loadEntryOrThrow(id);
  const actor = "cron" in trigger ? "system" : `key:${authorizeToken(loaded.entry, trigger.token)}`;
  const record = loaded.entry.record;
  refuseUnlessLiveForCron(record, trigger);
  // Refuse what cannot be certified before any network access.
  applyTransition(record, { type: "certify", at: record.updatedAt, score: 0, rating: "F", passed: false });
  if (record.publicUrl === "-") {
    throw new ApiError("invalid_transition", `Record ${id} has no public URL to certify; set one with PATCH first.`, {
      from: record.status,
      event: "certify",
    });
  }

  let report: CertificationReport;
  try {
    report = await certifyOrigin({
      origin: record.publicUrl,
      expected: { jurisdiction: record.jurisdiction, operatorCuit: record.operatorCuit },
      policy: getNetworkPolicy(),
      recordId: id,
      // A formed company shows its incorporation session; a self-listed one names any session it keeps.
      sessionId: record.source === "formed" ? (record.sessionId ?? null) : null,
      schemaUrl: schemaUrl(SCHEMA_FILES.report, requestOrigin),
      onRefusedOrigin: "cron" in trigger ? "fail" : "throw",
    });
  } catch (err) {
    if (err instanceof TargetRefusedError) throw refusalProblem(err);
    throw err;
  }

  const event = {
    type: "certify" as const,
    at: report.checkedAt,
    score: report.score,
    rating: report.rating,
    passed: report.passed,
  };
  // The service writes as itself: it keeps no session token for the records it certifies.
  const newSessionId = randomUUID();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = loaded.entry.record;
    // The verdict holds only for what it compared: the URL and the issuer the record declared then.
    const changed = (["publicUrl", "jurisdiction", "operatorCuit"] as const).filter((k) => current[k] !== record[k]);
    if (changed.length > 0) {
      throw new ApiError(
        "conflict",
        `The record's ${changed.join(", ")} changed during certification; certify it again.`,
      );
    }
    refuseUnlessLiveForCron(current, trigger);
    const next = applyTransition(current, event);
    const sessionId = loaded.entry.auditSessionId ?? newSessionId;
    // A formed record keeps its incorporation session as sessionId; others show the session opened here.
    if (current.source !== "formed") next.sessionId = sessionId;
    const write = entryWrite(
      { ...loaded.entry, record: next, auditSessionId: sessionId },
      { mode: "update", expectVersion: loaded.version },
    );
    const withAudit = (entryId: string) => ({ ...report, audit: { sessionId, entryId } });
    // The entry, the record's new state and the report are one atomic batch: all of them or none.
    const appended = await appendAuditEventWith(
      {
        sessionId,
        sessionToken: null,
        asService: true,
        event: certificationEvent(actor, report, { from: current, to: next }),
      },
      (entry) => [
        { type: "record", write },
        { type: "set", key: reportKey(id), value: JSON.stringify(withAudit(entry.id)) },
        registryLeaf(write, "certified"),
      ],
    );
    if (appended.ok) return { record: next, report: withAudit(appended.entry.id), transparency: appended.transparency };
    // Going live claims the origin in the same batch: another live record holding it wins, and this
    // certification (entry, record and report) is not written at all.
    if (appended.failure.reason === "unique") throw originTakenProblem(current.publicUrl);
    loaded = await loadEntryOrThrow(id); // the record changed meanwhile: apply the verdict to its new state
  }
  throw new ApiError("conflict", "The record kept changing during certification; certify it again.");
}
