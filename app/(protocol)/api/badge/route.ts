import { getBadge } from "@/lib/api/audit";
import { badgeQuery } from "@/lib/badge/badge-query";
import { badgeResponse } from "@/lib/badge/badge-response";
import { boundRateLimit } from "@/lib/endpoint/endpoint";
import { parseParameters, queryValues } from "@/lib/endpoint/parse-input";
import { errorResponse, route } from "@/lib/http/handler";
import { notFoundError, notFoundRoute } from "@/lib/http/not-found";

// GET /api/badge/{sessionId} as the production server (scripts/server.mjs) hands it over: a well-formed
// id arrives in this header, which the server sets and strips from what clients send. Being a static
// route spares the badge Next's per-request matching of a dynamic one. Without the header, /api/badge
// is what it would be without this file: not found.
const SESSION_HEADER = "x-badge-session-id";

export const GET = route(
  async (request) => {
    const sessionId = request.headers.get(SESSION_HEADER);
    if (sessionId === null) throw notFoundError();
    try {
      // The query parsed with the declaration's schema, as serve() parses it for the dynamic route.
      const query = parseParameters("query", badgeQuery, queryValues(new URL(request.url)));
      return await badgeResponse(request, sessionId, query.lang ?? "en", boundRateLimit(getBadge, request).count);
    } catch (err) {
      // The problem names the path the client asked for, not this route's.
      return errorResponse(err, `/api/badge/${sessionId}`);
    }
  },
  { cors: true },
);

export {
  notFoundRoute as DELETE,
  notFoundRoute as OPTIONS,
  notFoundRoute as PATCH,
  notFoundRoute as POST,
  notFoundRoute as PUT,
};
