import { getAuditLogJson } from "@/lib/audit/get-audit-log";
import { requireSessionId } from "@/lib/audit/session-id";
import { preflight } from "@/lib/http/cors";
import { jsonText, route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { booleanFlag } from "@/lib/http/query";
import { enforceRateLimit } from "@/lib/http/rate-limit";

type Ctx = { params: Promise<{ sessionId: string }> };

// GET /api/play/audit/{sessionId} – the session's entries and a signed checkpoint; ?verify=1 adds the report
export const GET = route<Ctx>(
  async (request, { params }) => {
    const sessionId = requireSessionId((await params).sessionId);
    const verify = booleanFlag(new URL(request.url), "verify");
    const limits = await enforceRateLimit("read", request, { write: false });
    return jsonText(await getAuditLogJson(sessionId, { verify }), {
      headers: { ...limits, "cache-control": "no-store" },
    });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
