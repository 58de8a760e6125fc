import { LANG_COOKIE, type Lang, langSwitchHref, otherLang, parseLang } from "../i18n";
import { rateLimitedPage } from "../i18n/messages/rate-limited";
import { fill } from "../i18n/template";
import { escapeMarkup } from "../text/escape-markup";
import { chargeMore, countRequest } from "./rate-limit";

/** The cookie's language, read from the raw header: the page is answered before Next parses anything. */
function langOf(request: Request): Lang {
  const cookie = request.headers.get("cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([^;]*)`).exec(cookie);
  return parseLang(match?.[1]);
}

/** The refusal as a page of its own: no layout, no script, nothing from the store. */
function refusalPage(
  lang: Lang,
  here: string,
  verdict: { limit: number; window: string; retryAfterSeconds: number },
): string {
  const t = rateLimitedPage[lang];
  const other = otherLang(lang);
  const href = escapeMarkup(here);
  return `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${t.title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style>
</head><body><main>
<h1>${t.title}</h1>
<p>${escapeMarkup(fill(t.body, { limit: verdict.limit, window: verdict.window }))}</p>
<p>${escapeMarkup(fill(t.next, { seconds: verdict.retryAfterSeconds }))}</p>
<p><a href="${href}">${t.retry}</a> · <a href="/">${t.home}</a> · <a href="${escapeMarkup(langSwitchHref(other, here))}" lang="${other}">${t.otherLang}</a></p>
</main></body></html>
`;
}

/**
 * Counts a view of a page that reads the store against the per-address read limit (RATE_LIMIT_READ,
 * the API reads' budget): `units` of it, the first up front (lib/http/read-cost.ts). Returns null
 * when the view may go on, or the 429 page to answer instead, built before any store read or
 * rendering so that a refusal costs as little as possible.
 */
export async function limitPageView(request: Request, units: number): Promise<Response | null> {
  const verdict = await countRequest("read", request, { write: false });
  if (verdict.allowed) {
    await chargeMore("read", request, units - 1, verdict.headers);
    return null;
  }
  const url = new URL(request.url);
  return new Response(refusalPage(langOf(request), `${url.pathname}${url.search}`, verdict), {
    status: 429,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...verdict.headers },
  });
}
