import { isIP } from "node:net";
import { boundedMemo } from "../cache/bounded-memo";
import { classifyAddress } from "../certifier/classify-address";
import { CLIENT_TARBALL_PATH } from "../client-package/client-package-name";

/**
 * True when `origin` names this machine or a private network: localhost (and *.localhost), or an IP
 * address that is not public unicast (127/8, ::1, 10/8, 192.168/16, ...). A deployment on a hosting
 * platform cannot reach such an origin, so nothing generated for it may depend on reaching it.
 * Remembered per origin: every incorporation asks it of the configured and the request's origin.
 */
export const isLocalOrigin = boundedMemo(64, (origin: string): boolean => {
  const host = new URL(origin).hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return isIP(host) !== 0 && classifyAddress(host) !== null;
});

/**
 * The client library's tarball URL a generated package.json pins: PUBLIC_BASE_URL's, when it is set
 * and public; else null, and the package is named by its version (generate-files.ts).
 */
export function pinnedClientTarball(publicBaseUrl: string | undefined): string | null {
  if (!publicBaseUrl) return null;
  const origin = new URL(publicBaseUrl).origin;
  return isLocalOrigin(origin) ? null : `${origin}${CLIENT_TARBALL_PATH}`;
}
