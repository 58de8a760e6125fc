/** Languages the site is written in. Spanish comes first: it is the default for every visitor. */
export const LANGS = ["es", "en"] as const;

export type Lang = (typeof LANGS)[number];

export const DEFAULT_LANG: Lang = "es";

/** Name of the cookie that keeps the visitor's choice (values `es` | `en`). */
export const LANG_COOKIE = "lang";

/** Path of the route handler that sets the cookie and sends the visitor back. */
export const LANG_SWITCH_PATH = "/lang";

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

/** Reads a cookie value; anything unknown falls back to Spanish. */
export function parseLang(value: string | null | undefined): Lang {
  return isLang(value) ? value : DEFAULT_LANG;
}

export function otherLang(lang: Lang): Lang {
  return lang === "es" ? "en" : "es";
}

/**
 * Link that switches the site to `target`. Without `next` the handler returns the visitor to the page
 * named by the Referer header (same origin only), so a server component can render it without knowing
 * its own path. Pass `next` (a relative path) where the page knows better.
 */
export function langSwitchHref(target: Lang, next?: string): string {
  const query = new URLSearchParams({ set: target });
  if (next) query.set("next", next);
  return `${LANG_SWITCH_PATH}?${query.toString()}`;
}
