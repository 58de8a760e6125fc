import type { z } from "zod";
import { auditLogSchema, sessionIdPath, verificationReportSchema } from "../../audit/api-schemas";
import { getAuditLog } from "../../audit/get-audit-log";
import { reportVerdict } from "../../audit/report-verdict";
import { entryUnits } from "../../http/read-cost";
import { defineTool, READ_ONLY } from "../tool";

// Counted against RATE_LIMIT_READ as GET /api/play/audit/{sessionId} is: 1 unit, plus 1 per full 100 entries.
const READ = { name: "read", write: false } as const;
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
    "Reads a session's log and re-verifies it on the server: every HMAC, every chain link and the stored checkpoint (as ?verify=1). A clean log has tampered 0; to trust no one, verify the entries offline with the key of /.well-known/jwks.json.",
  input,
  output: auditLogSchema.extend({ verification: verificationReportSchema }),
  annotations: READ_ONLY,
  rateLimit: READ,
  extraUnits,
  thirdPartyText: true,
  async run({ sessionId }, ctx) {
    const log = (await getAuditLog(sessionId, { verify: true })) as z.infer<typeof auditLogSchema> & {
      verification: z.infer<typeof verificationReportSchema>;
    };
    const v = log.verification;
    // The same verdict as the badge and /verify give.
    const verdict = reportVerdict(v);
    const counts = `${v.verified}/${v.total} verified, ${v.tampered} tampered, ${v.unsigned} unsigned, checkpoint ${v.checkpoint ?? "none"}`;
    const summary =
      log.count === 0
        ? countSummary(sessionId, 0, ctx.lang)
        : ctx.lang === "es"
          ? `Sesión ${sessionId}: ${verdict} (${counts}).`
          : `Session ${sessionId}: ${verdict} (${counts}).`;
    return { data: log, summary };
  },
});
