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
  async run({ sessionId }) {
    const log = (await getAuditLog(sessionId)) as z.infer<typeof auditLogSchema>;
    return { data: log, text: `Session ${sessionId}: ${log.count} entr${log.count === 1 ? "y" : "ies"}.` };
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
  async run({ sessionId }) {
    const log = (await getAuditLog(sessionId, { verify: true })) as z.infer<typeof auditLogSchema> & {
      verification: z.infer<typeof verificationReportSchema>;
    };
    const v = log.verification;
    // The same verdict as the badge and /verify give.
    const verdict = reportVerdict(v);
    const counts = `${v.verified}/${v.total} verified, ${v.tampered} tampered, ${v.unsigned} unsigned, checkpoint ${v.checkpoint ?? "none"}`;
    return { data: log, text: `Session ${sessionId}: ${verdict} (${counts}).` };
  },
});
