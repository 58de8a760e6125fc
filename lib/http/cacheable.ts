import { hash } from "node:crypto";

/** How long crawlers and shared caches may reuse a manifest before revalidating with its ETag. */
export const MANIFEST_CACHE_CONTROL = "public, max-age=300";

/** A strong ETag: the quoted base64url SHA-256 of the exact bytes sent. */
export function strongEtag(body: string | Uint8Array): string {
  return `"${hash("sha256", body, "base64url")}"`;
}

/**
 * True when If-None-Match names `etag` (or is `*`). RFC 9110 13.1.2 compares weakly here, so a
 * `W/` prefix that an intermediary added still matches.
 */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/**
 * A cacheable 200 of `body` with a strong ETag, or a bodiless 304 when the request's If-None-Match
 * already names it. HEAD gets the same headers (Next answers HEAD with the GET handler, body dropped).
 */
export function cacheableResponse(
  request: Request,
  body: string,
  options: { contentType: string; cacheControl?: string; etag?: string },
): Response {
  const etag = options.etag ?? strongEtag(body);
  const validators = { "cache-control": options.cacheControl ?? MANIFEST_CACHE_CONTROL, etag };
  if (etagMatches(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers: validators });
  }
  return new Response(body, { status: 200, headers: { "content-type": options.contentType, ...validators } });
}
