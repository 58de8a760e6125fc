import { mcpServerName } from "../discovery/server-card";
import type { ServiceInfo } from "../discovery/service-info";

/** The MCP Registry's server.json schema revision this file follows (a copy is in tests/fixtures/mcp-registry). */
export const SERVER_JSON_SCHEMA = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";

/** The MCP Registry's limit on `description` and `title`. */
const REGISTRY_TEXT_MAX = 100;

const DESCRIPTION = "Argentine sociedades-IA: public directory, one-call incorporation, tamper-evident audit log.";

/**
 * The `server.json` that lists the deployment at `baseUrl` in the official MCP Registry: one remote,
 * named in the deployment's own domain namespace (the host reversed, as the MCP Registry's HTTP proof at
 * /.well-known/mcp-registry-auth requires). The Authorization header is listed as optional: only a
 * deployment with INCORPORATE_API_KEYS asks for it, and only `incorporate` needs it.
 * `npm run mcp:server-json -- <base URL>` writes it (docs/mcp.md).
 */
export function buildRegistryServerJson(baseUrl: string, service: ServiceInfo) {
  const origin = new URL(baseUrl).origin;
  return {
    $schema: SERVER_JSON_SCHEMA,
    name: mcpServerName(origin),
    title: service.name.slice(0, REGISTRY_TEXT_MAX),
    description: DESCRIPTION,
    version: service.version,
    websiteUrl: `${origin}/`,
    remotes: [
      {
        type: "streamable-http",
        url: `${origin}/mcp`,
        headers: [
          {
            name: "Authorization",
            description:
              "Bearer <key>: only where the deployment sets API keys, and only for the incorporate tool; reads are open.",
            isRequired: false,
            isSecret: true,
          },
        ],
      },
    ],
  };
}
