import { randomUUID } from "node:crypto";
import { appendAuditEventWith } from "../audit/log";
import { TargetRefusedError } from "../certifier/certifier-errors";
import { certifyOrigin } from "../certifier/certify-origin";
import { getNetworkPolicy } from "../certifier/get-network-policy";
import { refusalProblem } from "../certifier/refusal-problem";
import { sampleBinding } from "../certifier/sample-binding";
import { ApiError } from "../http/problem";
import type { TransparencyReceipt } from "../tlog/receipt";
import { applyTransition } from "./apply-transition";
import { SCHEMA_FILES } from "./build-json-schemas";
import { displaceHolder } from "./displace-holder";
import { loadEntryOrThrow } from "./get-registry-record";
import type { CertificationReport, RegistryRecord } from "./record-schema";
import { authorizeToken } from "./record-token";
import { schemaUrl } from "./schema-url";
import { entryLeaf, entryWrite, nextVersion, originTakenProblem } from "./stored-record";
import { reportHashOf, reportKey } from "./stored-report";

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
      // A formed company shows its incorporation session; others their own log under their own key.
      binding: await sampleBinding(record, id),
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
    const { entry: before, version } = loaded;
    const withAudit = (entryId: string) => ({ ...report, audit: { sessionId, entryId } });
    // The entry, the record's new state and the report are one atomic batch: all of them or none.
    // The sealed entry names the report's hash, so the report cannot be changed apart from it.
    const appended = await appendAuditEventWith(
      {
        sessionId,
        sessionToken: null,
        asService: true,
        event: certificationEvent(actor, report, { from: current, to: next }),
      },
      (entry) => {
        const kept = JSON.stringify(withAudit(entry.id));
        const after = nextVersion(before, {
          record: next,
          auditSessionId: sessionId,
          reportHash: reportHashOf(kept),
        });
        return [
          { type: "record", write: entryWrite(after, { mode: "update", expectVersion: version }) },
          { type: "set", key: reportKey(id), value: kept },
          // A failed attempt is logged as failed: the log must never read "certified" for it.
          entryLeaf(after, report.passed ? "certified" : "certification-failed"),
        ];
      },
    );
    if (appended.ok) return { record: next, report: withAudit(appended.entry.id), transparency: appended.transparency };
    // Going live claims the origin in the same batch, and another live record holds it. This record
    // passed with the site's manifest naming it, so the site no longer names the holder: the holder
    // gives the origin up (its own leaf, "displaced"), and the verdict is applied again. Nothing of
    // this certification is written until then.
    if (appended.failure.reason === "unique") {
      if (!report.passed || !(await displaceHolder(current.publicUrl, id))) throw originTakenProblem(current.publicUrl);
    }
    loaded = await loadEntryOrThrow(id); // the record changed meanwhile: apply the verdict to its new state
  }
  throw new ApiError("conflict", "The record kept changing during certification; certify it again.");
}
