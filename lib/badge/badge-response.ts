import { isSessionId } from "../audit/entry";
import { getBadge } from "./get-badge";
import type { BadgeLang } from "./render-badge";

/**
 * The answer to GET /api/badge/{sessionId}, whichever of its two routes serves it: the SVG, or a 304
 * when the client's copy is current. A failure (an unreachable store) is thrown for the route to answer.
 */
export async function badgeResponse(
  request: Request,
  rawSessionId: string,
  lang: BadgeLang,
  countRead: () => Promise<Record<string, string>>,
): Promise<Response> {
  // A malformed id is answered without the store (a badge that says so), so it is not counted either.
  const limits = isSessionId(rawSessionId) ? await countRead() : {};
  const { svg, etag, status } = await getBadge(rawSessionId, lang);
  const headers = {
    ...limits,
    "content-type": "image/svg+xml; charset=utf-8",
    // no-cache + ETag: GitHub's image proxy revalidates on every view, so the badge stays live.
    "cache-control": "no-cache, max-age=0, must-revalidate",
    etag,
    // nosniff and the badge's own CSP come from next.config.ts, as every response's security headers do.
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(svg, { status, headers });
}
