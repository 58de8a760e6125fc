import { getConfig } from "../config/config";
import { apiAuth } from "./api-auth";
import { endpointById, endpointUrl } from "./endpoints";
import type { ServiceInfo } from "./service-info";

/** The protocol revisions /mcp serves: the current one, stateless, and the two before it. */
export const MCP_PROTOCOL_VERSIONS = ["2026-07-28", "2025-11-25", "2025-06-18"] as const;

export const SERVER_CARD_SCHEMA = "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json";

/** The reverse-DNS server name the card and the catalogs use: the deployment's host, reversed. */
export function mcpServerName(baseUrl: string): string {
  return `${new URL(baseUrl).hostname.split(".").reverse().join(".")}/mcp`;
}

/**
 * The MCP server card (SEP-2127) at /mcp/server-card: what a client needs before it connects.
 * The tool list is left to tools/list on the connection, which cannot go stale.
 */
export function buildServerCard(baseUrl: string, service: ServiceInfo) {
  const bearer = apiAuth(getConfig()).mode === "bearer";
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: mcpServerName(baseUrl),
    title: service.name,
    description: service.description,
    version: service.version,
    websiteUrl: `${baseUrl}/`,
    remotes: [
      {
        type: "streamable-http",
        url: endpointUrl(baseUrl, endpointById("mcp")),
        supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS],
        ...(bearer
          ? {
              headers: [
                {
                  name: "Authorization",
                  description: "Bearer <key>: required by the incorporate tool on this deployment; reads are open.",
                  isRequired: false,
                  isSecret: true,
                },
              ],
            }
          : {}),
      },
    ],
  };
}
