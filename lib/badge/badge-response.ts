import { isSessionId } from "../audit/entry";
import { ApiError } from "../http/problem";
import { getBadge } from "./get-badge";
import { BADGE_LANGS, type BadgeLang } from "./render-badge";

/** `?lang=` of a badge request: en (the default, for READMEs) or es; anything else is a 400. */
function badgeLang(request: Request): BadgeLang {
  const value = new URL(request.url).searchParams.get("lang");
  if (value === null) return "en";
  if ((BADGE_LANGS as readonly string[]).includes(value)) return value as BadgeLang;
  throw new ApiError("invalid_query", `Query parameter lang takes ${BADGE_LANGS.join(" or ")} (got "${value}").`, {
    parameter: "lang",
    allowed: [...BADGE_LANGS],
  });
}

/**
 * The answer to GET /api/badge/{sessionId}, whichever of its two routes serves it: the SVG, or a 304
 * when the client's copy is current. A failure (an unreachable store) is thrown for the route to answer.
 */
export async function badgeResponse(
  request: Request,
  rawSessionId: string,
  countRead: () => Promise<Record<string, string>>,
): Promise<Response> {
  // A malformed id is answered without the store (a badge that says so), so it is not counted either.
  const lang = badgeLang(request);
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
