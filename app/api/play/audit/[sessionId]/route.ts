import { AUDIT_PAGE_MAX, getAuditLogJson } from "@/lib/audit/get-audit-log";
import { requireSessionId } from "@/lib/audit/session-id";
import { preflight } from "@/lib/http/cors";
import { jsonText, route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { booleanFlag, integerParam } from "@/lib/http/query";
import { enforceRateLimit } from "@/lib/http/rate-limit";

type Ctx = { params: Promise<{ sessionId: string }> };

// GET /api/play/audit/{sessionId} – a page of the session's entries and the signed checkpoint;
// ?after=<seq>&limit=<n> pages, ?verify=1 adds the report of the whole log
export const GET = route<Ctx>(
  async (request, { params }) => {
    const sessionId = requireSessionId((await params).sessionId);
    const url = new URL(request.url);
    const verify = booleanFlag(url, "verify");
    const after = integerParam(url, "after", { min: -1, max: 999_999_999, fallback: -1 });
    const limit = integerParam(url, "limit", { min: 1, max: AUDIT_PAGE_MAX, fallback: AUDIT_PAGE_MAX });
    const limits = await enforceRateLimit("read", request, { write: false });
    return jsonText(await getAuditLogJson(sessionId, { verify, page: { after, limit } }), {
      headers: { ...limits, "cache-control": "no-store" },
    });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
