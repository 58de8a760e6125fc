import { requireSessionId } from "@/lib/audit/session-id";
import { auditEventStream } from "@/lib/audit/stream";
import { preflight } from "@/lib/http/cors";
import { route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { ApiError } from "@/lib/http/problem";
import { enforceRateLimit } from "@/lib/http/rate-limit";
import { acquireStreamSlot, releasingWhenDone } from "@/lib/http/stream-slots";

type Ctx = { params: Promise<{ sessionId: string }> };

const DEFAULT_LIFETIME_S = 300;

function resumeAfter(request: Request, url: URL): number {
  const raw = request.headers.get("last-event-id") ?? url.searchParams.get("lastEventId");
  // -1 (from the start) is what a `reconnect` event names for a session that had no entries yet.
  if (raw === null || raw === "" || raw === "-1") return -1;
  if (!/^\d{1,9}$/.test(raw)) {
    throw new ApiError("bad_request", "Last-Event-ID must be the seq of an entry, or -1 for the start.");
  }
  return Number(raw);
}

// GET /api/play/audit/{sessionId}/stream – server-sent events: existing entries, then new ones live
export const GET = route<Ctx>(
  async (request, { params }) => {
    const sessionId = requireSessionId((await params).sessionId);
    const url = new URL(request.url);
    const afterSeq = resumeAfter(request, url);
    const maxSeconds = Number(url.searchParams.get("maxSeconds") ?? DEFAULT_LIFETIME_S);
    if (!Number.isInteger(maxSeconds) || maxSeconds < 1 || maxSeconds > DEFAULT_LIFETIME_S) {
      throw new ApiError("invalid_query", `maxSeconds takes a whole number from 1 to ${DEFAULT_LIFETIME_S}.`);
    }
    const limits = await enforceRateLimit("read", request, { write: false });
    const release = acquireStreamSlot(request);
    request.signal.addEventListener("abort", release);
    const stream = auditEventStream(sessionId, { afterSeq, lifetimeMs: maxSeconds * 1000, signal: request.signal });
    return new Response(releasingWhenDone(stream, release), {
      headers: {
        ...limits,
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        "x-accel-buffering": "no",
      },
    });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
