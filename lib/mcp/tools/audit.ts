import type { z } from "zod";
import { getAuditLog as getAuditLogEndpoint } from "../../api/audit";
import { auditLogSchema, sessionIdPath, verificationReportSchema } from "../../audit/api-schemas";
import { getAuditLog } from "../../audit/get-audit-log";
import type { VerificationReport } from "../../audit/verify";
import { entryUnits } from "../../http/read-cost";
import type { TransparencyReceipt } from "../../tlog/receipt";
import { defineTool, READ_ONLY } from "../tool";
import { verificationLines, verificationLinesSchema } from "../verification-lines";

// Counted as GET /api/play/audit/{sessionId} is, under its declared limit: 1 unit, plus 1 per full 100 entries.
const READ = getAuditLogEndpoint.rateLimit;
const extraUnits = (log: { count: number }) => entryUnits(log.count);

const input = sessionIdPath;

/** A log's size in words; an empty log says it may be a mistyped id, which reads the same. */
function countSummary(sessionId: string, count: number, lang: "es" | "en"): string {
  if (count === 0) {
    return lang === "es"
      ? `La sesión ${sessionId} no tiene entradas: o todavía no se escribió nada en ella, o el id está mal escrito (un id desconocido se lee como un log vacío). Revisá audit.sessionId de la respuesta de incorporate.`
      : `Session ${sessionId} has no entries: either nothing was written to it yet, or the id is mistyped (an unknown id reads as an empty log). Check audit.sessionId of the incorporate answer.`;
  }
  return lang === "es"
    ? `Sesión ${sessionId}: ${count} entrada${count === 1 ? "" : "s"}.`
    : `Session ${sessionId}: ${count} entr${count === 1 ? "y" : "ies"}.`;
}

export const auditRead = defineTool({
  name: "audit_read",
  title: "Read a session's audit log",
  description:
    "A session's audit entries in order with the checkpoint signed when its head was appended (as GET /api/play/audit/{sessionId}). An unknown session is an empty log.",
  input,
  output: auditLogSchema,
  annotations: READ_ONLY,
  rateLimit: READ,
  extraUnits,
  thirdPartyText: true,
  async run({ sessionId }, ctx) {
    const log = (await getAuditLog(sessionId)) as z.infer<typeof auditLogSchema>;
    return { data: log, summary: countSummary(sessionId, log.count, ctx.lang) };
  },
});

export const auditVerify = defineTool({
  name: "audit_verify",
  title: "Verify a session's audit log",
  description:
    "Reads a session's log and verifies it on the server, one line per check: every entry's HMAC and the chain with the session checkpoint; the head's inclusion in the transparency log; that the head is the session's latest entry by the log's index; and the witness quorum of the published policy (/log/policy). verdict is verified only when all hold; not_witnessed when witnesses have not cosigned yet; failed on any contradiction. To trust no one, verify offline with the client package's verifyAudit.",
  input,
  output: auditLogSchema.extend({ verification: verificationReportSchema, checks: verificationLinesSchema }),
  annotations: READ_ONLY,
  rateLimit: READ,
  extraUnits,
  thirdPartyText: true,
  async run({ sessionId }, ctx) {
    const log = (await getAuditLog(sessionId, { verify: true })) as z.infer<typeof auditLogSchema> & {
      verification: VerificationReport;
    };
    const receipt = log.transparency as TransparencyReceipt | null;
    const checks = await verificationLines(sessionId, log.verification, receipt, ctx.lang);
    const lines = checks.lines.map((l) => l.text).join(" ");
    const summary =
      log.count === 0
        ? countSummary(sessionId, 0, ctx.lang)
        : ctx.lang === "es"
          ? `Sesión ${sessionId}: ${checks.summary} ${lines}`
          : `Session ${sessionId}: ${checks.summary} ${lines}`;
    return { data: { ...log, checks }, summary };
  },
});
