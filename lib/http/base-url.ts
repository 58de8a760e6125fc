import { getConfig } from "../config/config";
import { ApiError } from "./problem";

export interface BaseUrlOptions {
  /** PUBLIC_BASE_URL, when configured: it wins over anything the request says. */
  configured?: string;
  /** Reverse proxies in front (TRUSTED_PROXY_HOPS); with none, X-Forwarded-* may be client-written. */
  trustedProxyHops: number;
  /** On Vercel the platform itself sets X-Forwarded-Host and X-Forwarded-Proto. */
  onVercel: boolean;
}

// A host name, IPv4 address or [IPv6] literal, with an optional port: nothing that could carry a path.
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::\d{1,5})?$/;

function lastValue(header: string | null): string | undefined {
  const value = header?.split(",").at(-1)?.trim();
  return value ? value : undefined;
}

/**
 * The origin clients reach this service at (no trailing slash), for absolute links in manifests.
 * PUBLIC_BASE_URL when set; else the forwarded host and scheme when a trusted proxy or Vercel sets
 * them (their right-most value, which the nearest proxy wrote); else the Host header over plain
 * http, which is what scripts/server.mjs speaks. A client on a bare server can only change the links
 * in its own answer (an incorporation's stored answer is replayed only to callers of the same
 * origin, see idempotencyKey). A missing or malformed host is a 400.
 */
export function resolveBaseUrl(headers: Headers, options: BaseUrlOptions): string {
  if (options.configured) return new URL(options.configured).origin;
  const forwarded = options.onVercel || options.trustedProxyHops > 0;
  const host = ((forwarded && lastValue(headers.get("x-forwarded-host"))) || headers.get("host") || "").toLowerCase();
  const proto = forwarded ? lastValue(headers.get("x-forwarded-proto"))?.toLowerCase() : undefined;
  const scheme = proto === "https" || proto === "http" ? proto : "http";
  try {
    if (HOST.test(host)) return new URL(`${scheme}://${host}`).origin;
  } catch {
    /* e.g. a port above 65535: refused below */
  }
  throw new ApiError("bad_request", "The request has no usable Host header, so absolute links cannot be built.");
}

/** The public base URL of this deployment for `request`, from the validated configuration. */
export function publicBaseUrl(request: Request): string {
  const { env } = getConfig();
  return resolveBaseUrl(request.headers, {
    configured: env.PUBLIC_BASE_URL,
    trustedProxyHops: env.TRUSTED_PROXY_HOPS,
    onVercel: Boolean(env.VERCEL),
  });
}
