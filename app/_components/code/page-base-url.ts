import { headers } from "next/headers";
import { getConfig } from "@/lib/config/config";
import { resolveBaseUrl } from "@/lib/http/base-url";

/** This deployment's origin for a page's copy-ready commands; "" (relative) if the request names no usable host. */
export async function pageBaseUrl(): Promise<string> {
  try {
    const { env } = getConfig();
    return resolveBaseUrl(await headers(), {
      configured: env.PUBLIC_BASE_URL,
      trustedProxyHops: env.TRUSTED_PROXY_HOPS,
      onVercel: Boolean(env.VERCEL),
    });
  } catch {
    return "";
  }
}
