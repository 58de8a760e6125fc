import { LANG_SWITCH_PATH } from "./lang";

// Placeholder origin for resolving relative paths; any result on another origin is refused.
const BASE = "http://same-origin.invalid";
const MAX_LENGTH = 2048;

function hasControlOrBackslash(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    // Browsers treat "\" like "/" and drop tabs/newlines, which turns "/\evil.com" into "//evil.com".
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/**
 * Returns `raw` as a path on this origin (path, query and fragment), or null when it is absent,
 * absolute, protocol-relative or otherwise able to leave the site.
 */
export function toSameOriginPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith("/") || raw.startsWith("//") || hasControlOrBackslash(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  // Sending the visitor back to the switch itself would loop.
  if (url.pathname === LANG_SWITCH_PATH) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Path part of a Referer, only when it came from this host. */
export function refererPath(referer: string | null | undefined, host: string | null | undefined): string | null {
  if (!referer || !host) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.host.toLowerCase() !== host.toLowerCase()) return null;
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return toSameOriginPath(`${url.pathname}${url.search}`);
}

/** Where the language switch sends the visitor: explicit `next`, else the referring page, else home. */
export function resolveSwitchTarget(input: {
  next: string | null | undefined;
  referer: string | null | undefined;
  host: string | null | undefined;
}): string {
  return toSameOriginPath(input.next) ?? refererPath(input.referer, input.host) ?? "/";
}
