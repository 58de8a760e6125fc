import { authorizeIncorporation } from "@/lib/auth/api-key";
import { preferredLang } from "@/lib/http/accept-language";
import { publicBaseUrl } from "@/lib/http/base-url";
import { preflight } from "@/lib/http/cors";
import { json, jsonText, route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { PROBLEM_CONTENT_TYPE } from "@/lib/http/problem";
import { enforceRateLimit } from "@/lib/http/rate-limit";
import { readJson } from "@/lib/http/read-json";
import { describeIncorporation, MAX_BODY_BYTES } from "@/lib/incorporation/describe";
import { incorporate } from "@/lib/incorporation/incorporate";

// POST /api/auto-incorporate – incorporate a company in one call (idempotent; 422 with findings)
export const POST = route(
  async (request) => {
    const caller = authorizeIncorporation(request);
    const limitHeaders = await enforceRateLimit("incorporate", request, { write: true });
    const body = await readJson(request, MAX_BODY_BYTES);
    const outcome = await incorporate({
      body,
      lang: preferredLang(request),
      baseUrl: publicBaseUrl(request),
      actor: caller.actor,
      scope: caller.scope,
      sessionToken: request.headers.get("x-session-token"),
      idempotencyKey: request.headers.get("idempotency-key"),
    });
    const sessionToken = outcome.live?.sessionToken;
    const sessionId = outcome.meta.sessionId;
    return jsonText(outcome.text, {
      status: outcome.status,
      headers: {
        ...limitHeaders,
        "cache-control": "no-store",
        ...(outcome.problem ? { "content-type": PROBLEM_CONTENT_TYPE } : {}),
        ...(sessionId ? { "x-session-id": sessionId } : {}),
        ...(sessionToken ? { "x-session-token": sessionToken } : {}),
        ...(outcome.replayed ? { "idempotent-replayed": "true" } : {}),
      },
    });
    // Bearer keys, not cookies: any origin may call it (the client library runs in browsers too).
  },
  { cors: true },
);

// GET /api/auto-incorporate – what the endpoint accepts (schema, tipos, minimums, codes, limits, auth)
export const GET = route(async (request) => json(describeIncorporation(publicBaseUrl(request))), { cors: true });

export const OPTIONS = () => preflight(["GET", "POST"]);
export const { DELETE, PATCH, PUT } = methodNotAllowed(["GET", "HEAD", "POST", "OPTIONS"], { cors: true });
