import { toCsv } from "@/lib/audit/csv";
import { parseAuditItem } from "@/lib/audit/log";
import { readPublishedLog } from "@/lib/audit/published-log";
import { requireSessionId } from "@/lib/audit/session-id";
import { preflight } from "@/lib/http/cors";
import { route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { enforceRateLimit } from "@/lib/http/rate-limit";

type Ctx = { params: Promise<{ sessionId: string }> };

// GET /api/play/audit/{sessionId}/csv – the log as RFC 4180 CSV, one re-verifiable entry per row
export const GET = route<Ctx>(
  async (request, { params }) => {
    const sessionId = requireSessionId((await params).sessionId);
    const limits = await enforceRateLimit("read", request, { write: false });
    const log = await readPublishedLog(sessionId);
    return new Response(toCsv(log.items.map(parseAuditItem)), {
      headers: {
        ...limits,
        // The signed head of exactly these rows, for offline verification of the export.
        ...(log.checkpoint ? { "x-audit-checkpoint": log.checkpoint } : {}),
        "content-type": "text/csv; charset=utf-8; header=present",
        "content-disposition": `attachment; filename="audit-${sessionId}.csv"`,
        "cache-control": "no-store",
      },
    });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
