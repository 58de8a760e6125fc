import { preflight } from "@/lib/http/cors";
import { route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { enforceRateLimit } from "@/lib/http/rate-limit";
import { readJson } from "@/lib/http/read-json";
import { clientActor } from "@/lib/play/client-actor";
import { PLAY_LIMITS } from "@/lib/play/limits";
import { openPlaySession } from "@/lib/play/open-play-session";
import { parsePlayRequest, requestedPlaySession } from "@/lib/play/parse-play-request";
import { streamPlay } from "@/lib/play/stream-play";

// POST /api/play – runs the demo agent over 12 sandbox tools, streamed as an AI SDK UI message stream
export const POST = route(
  async (request) => {
    const limitHeaders = await enforceRateLimit("play", request, { write: true });
    const body = await readJson(request, PLAY_LIMITS.maxBodyBytes);
    const sessionId = requestedPlaySession(body, request.headers.get("x-session-id"));
    const messages = await parsePlayRequest(body);
    const session = await openPlaySession(request.headers, sessionId);
    return streamPlay({ messages, session, actor: clientActor(request), headers: limitHeaders });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["POST"]);
export const { DELETE, GET, HEAD, PATCH, PUT } = methodNotAllowed(["POST", "OPTIONS"], { cors: true });
