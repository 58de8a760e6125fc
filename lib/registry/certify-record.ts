import { randomUUID } from "node:crypto";
import { appendAuditEvent } from "../audit/log";
import { TargetRefusedError } from "../certifier/certifier-errors";
import { certifyOrigin } from "../certifier/certify-origin";
import { getNetworkPolicy } from "../certifier/get-network-policy";
import { refusalProblem } from "../certifier/refusal-problem";
import { ApiError } from "../http/problem";
import { getStore } from "../store";
import { applyTransition } from "./apply-transition";
import { authorizeToken } from "./authorize-token";
import { SCHEMA_FILES } from "./build-json-schemas";
import { loadEntryOrThrow } from "./get-registry-record";
import type { CertificationReport, RegistryRecord } from "./record-schema";
import { schemaUrl } from "./schema-url";
import { type RegistryEntry, saveEntry } from "./stored-record";

export const reportKey = (id: string) => `registry:report:${id}`;

export type CertifyTrigger = { token: string } | { cron: true };

const MAX_ATTEMPTS = 5;

async function appendCertification(
  entry: RegistryEntry,
  actor: string,
  report: CertificationReport,
  transition: { from: RegistryRecord; to: RegistryRecord },
): Promise<{ sessionId: string; entryId: string }> {
  const event = {
    kind: "registry" as const,
    action: "registry_certify",
    actor,
    input: { recordId: entry.record.id, target: report.target },
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
  // The service writes as itself: it keeps no session token for the records it certifies.
  const sessionId = entry.auditSessionId ?? randomUUID();
  const outcome = await appendAuditEvent({ sessionId, sessionToken: null, asService: true, event });
  return { sessionId, entryId: outcome.entry.id };
}

/**
 * Certifies a record's public URL and applies the verdict through the state machine: draft -> live at
 * C or better, live good standing active <-> suspended. The owner or the operator (admin token) may
 * ask for it; the scheduled re-check runs it as `system`. Every certification appends one entry to
 * the record's audit session (opened on the first one) before the record changes, and the report is
 * kept for GET /api/registry/{id}/report. Refused origins are a 422 problem for requests and a failed
 * certification for the re-check.
 */
export async function certifyRecord(
  id: string,
  trigger: CertifyTrigger,
  requestOrigin?: string,
): Promise<{ record: RegistryRecord; report: CertificationReport }> {
  let loaded = await loadEntryOrThrow(id);
  const actor = "cron" in trigger ? "system" : `key:${authorizeToken(loaded.entry, trigger.token)}`;
  const record = loaded.entry.record;
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
  const audit = await appendCertification(loaded.entry, actor, report, {
    from: record,
    to: applyTransition(record, event),
  });
  report = { ...report, audit: { sessionId: audit.sessionId, entryId: audit.entryId } };

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = loaded.entry.record;
    if (current.publicUrl !== record.publicUrl) {
      throw new ApiError("conflict", "The record's public URL changed during certification; certify it again.");
    }
    const next = applyTransition(current, event);
    // A formed record keeps its incorporation session as sessionId; others show the session opened here.
    if (current.source !== "formed") next.sessionId = audit.sessionId;
    const result = await saveEntry(
      { ...loaded.entry, record: next, auditSessionId: audit.sessionId },
      { mode: "update", expectVersion: loaded.version },
    );
    if (result.ok) {
      await getStore().set(reportKey(id), JSON.stringify(report));
      return { record: next, report };
    }
    loaded = await loadEntryOrThrow(id);
  }
  throw new ApiError("conflict", "The record kept changing during certification; certify it again.");
}
