import { type EndpointId, endpointById, endpointUrl } from "./endpoints";
import type { ServiceInfo } from "./service-info";

const url = (baseUrl: string, id: EndpointId) => endpointUrl(baseUrl, endpointById(id));

/**
 * /.well-known/ai-catalog.json (AI Catalog 1.0): one entry per artifact an agent may start from, each
 * by reference, with a domain-anchored identifier.
 */
export function buildAiCatalog(baseUrl: string, service: ServiceInfo) {
  const host = new URL(baseUrl).hostname;
  const entry = (kind: string, id: EndpointId, type: string, displayName: string) => ({
    identifier: `urn:air:${host}:${kind}`,
    displayName,
    type,
    url: url(baseUrl, id),
    description: endpointById(id).description,
  });
  return {
    specVersion: "1.0",
    host: { displayName: service.name, identifier: host },
    entries: [
      {
        ...entry("mcp:sociedades-ia", "mcpServerCard", "application/mcp-server+json", `${service.name} (MCP)`),
        version: service.version,
        tags: ["registry", "incorporation", "audit-log", "argentina"],
      },
      entry("openapi", "openapi", "application/openapi+json", `${service.name} (OpenAPI 3.1)`),
      entry("agents-json", "agentsManifest", "application/json", `${service.name} (agents.json)`),
      entry("llms-txt", "llmsTxt", "text/markdown", `${service.name} (llms.txt)`),
      entry("test-vectors:audit-v1", "testVectors", "application/json", "Audit log test vectors (audit-v1)"),
    ],
  };
}

/**
 * /.well-known/api-catalog (RFC 9727): a linkset whose one context is the API, linked to its
 * description (service-desc), documentation (service-doc), status (status) and metadata (service-meta).
 */
export function buildApiCatalog(baseUrl: string) {
  return {
    linkset: [
      {
        // The API is named by its inventory of hosted endpoints, a URL that answers.
        anchor: url(baseUrl, "machineReadable"),
        "service-desc": [{ href: url(baseUrl, "openapi"), type: "application/openapi+json" }],
        "service-doc": [{ href: url(baseUrl, "llmsTxt"), type: "text/markdown" }],
        "service-meta": [
          { href: url(baseUrl, "agentsManifest"), type: "application/json" },
          { href: url(baseUrl, "aiCatalog"), type: "application/ai-catalog+json" },
        ],
        status: [{ href: url(baseUrl, "health"), type: "application/json" }],
      },
      {
        anchor: url(baseUrl, "mcp"),
        "service-desc": [{ href: url(baseUrl, "mcpServerCard"), type: "application/json" }],
      },
    ],
  };
}
