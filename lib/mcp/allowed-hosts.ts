import { localhostAllowedHostnames } from "@modelcontextprotocol/server";
import { getConfig } from "../config/config";
import { publicBaseUrl } from "../http/base-url";

/**
 * The host names /mcp answers to, for its Host and Origin checks (DNS rebinding: a page whose name
 * resolves to a local server sends its own name in both). Loopback always; PUBLIC_BASE_URL's host
 * when set; on Vercel the host the platform reports. Any other host, e.g. a LAN address of a server
 * without PUBLIC_BASE_URL, is refused: set PUBLIC_BASE_URL to serve MCP there.
 */
export function allowedMcpHostnames(request: Request): string[] {
  const { env } = getConfig();
  const hosts = localhostAllowedHostnames();
  if (env.PUBLIC_BASE_URL) hosts.push(new URL(env.PUBLIC_BASE_URL).hostname);
  else if (env.VERCEL) hosts.push(new URL(publicBaseUrl(request)).hostname);
  return hosts;
}
