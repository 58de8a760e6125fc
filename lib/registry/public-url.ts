import { isIP } from "node:net";
import { classifyAddress } from "../certifier/classify-address";
import { type Finding, listingFinding } from "./finding-codes";

/** What the published schema states for publicUrl: an absolute https URL without user info. */
export const HTTPS_URL = /^https:\/\/[^/?#@\s]+(?:[/?#]\S*)?$/;

/**
 * A listing's public URL as the registry reads it: trimmed, an absolute http(s) URL without
 * credentials and with a host; null when it is not. "example.com." names the same host as
 * "example.com": the trailing dots go, so a site is listed once.
 */
export function readPublicUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  const host = url.hostname.replace(/\.+$/, "");
  if (host && host !== url.hostname) url.hostname = host;
  if (!["http:", "https:"].includes(url.protocol) || url.username || url.password || !host) return null;
  return url;
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return isIP(host) !== 0 && classifyAddress(host) === "loopback";
}

/**
 * The rules on a well-formed public URL: https (http only on loopback hosts when the development
 * setting allows it), and a warning when more than the origin was sent. The origin is what is kept.
 */
export function checkPublicUrl(url: URL, allowLoopback: boolean): { origin: string | null; findings: Finding[] } {
  if (url.protocol === "http:" && !(allowLoopback && isLoopbackHost(url.hostname))) {
    return { origin: null, findings: [listingFinding("public_url_not_https", "publicUrl")] };
  }
  const findings =
    url.pathname !== "/" || url.search || url.hash
      ? [listingFinding("public_url_origin_only", "publicUrl", { origin: url.origin })]
      : [];
  return { origin: url.origin, findings };
}
