import { z } from "zod";
import { defineOperation, rawSchema } from "../operation";

const link = z.object({ href: z.url(), type: z.string().optional() });

const serverCardSchema = z.looseObject({
  $schema: z.url(),
  name: z.string().describe("Reverse-DNS name: the deployment's host, reversed, and /mcp."),
  title: z.string(),
  description: z.string(),
  version: z.string(),
  remotes: z.array(
    z.looseObject({
      type: z.literal("streamable-http"),
      url: z.url(),
      supportedProtocolVersions: z.array(z.string()),
    }),
  ),
});

const aiCatalogSchema = z.looseObject({
  specVersion: z.literal("1.0"),
  host: z.object({ displayName: z.string(), identifier: z.string() }),
  entries: z.array(z.looseObject({ identifier: z.string(), displayName: z.string(), type: z.string(), url: z.url() })),
});

const apiCatalogSchema = z.object({
  linkset: z.array(z.looseObject({ anchor: z.url() }).catchall(z.array(link))),
});

export const getMcpServerCard = defineOperation({
  method: "GET",
  path: "/mcp/server-card",
  operationId: "getMcpServerCard",
  summary: "The MCP server card",
  description: "SEP-2127 server card: the MCP endpoint, its transport, the protocol revisions it serves and its auth.",
  tags: ["discovery"],
  responses: { 200: { description: "The server card.", content: { "application/json": serverCardSchema } } },
  errors: ["bad_request"],
  cacheable: true,
});

export const getAiCatalog = defineOperation({
  method: "GET",
  path: "/.well-known/ai-catalog.json",
  operationId: "getAiCatalog",
  summary: "AI Catalog of this deployment",
  description:
    "AI Catalog 1.0: the MCP server card, the OpenAPI description, agents.json, llms.txt and the test vectors.",
  tags: ["discovery"],
  responses: { 200: { description: "The catalog.", content: { "application/ai-catalog+json": aiCatalogSchema } } },
  errors: ["bad_request"],
  cacheable: true,
});

export const getApiCatalog = defineOperation({
  method: "GET",
  path: "/.well-known/api-catalog",
  operationId: "getApiCatalog",
  summary: "RFC 9727 API catalog",
  description:
    "A linkset (RFC 9264) naming the API's description, documentation, metadata and status, and the MCP endpoint.",
  tags: ["discovery"],
  responses: { 200: { description: "The linkset.", content: { "application/linkset+json": apiCatalogSchema } } },
  errors: ["bad_request"],
  cacheable: true,
});

export const postMcp = defineOperation({
  method: "POST",
  path: "/mcp",
  operationId: "postMcp",
  summary: "Model Context Protocol endpoint (Streamable HTTP)",
  description:
    "One JSON-RPC message per POST: the 2026-07-28 revision (stateless, server/discover, Mcp-Method and Mcp-Name headers) and 2025-11-25 / 2025-06-18 clients in stateless mode. Tools: registry_search, registry_get, incorporation_check, incorporate, audit_read, audit_verify, describe_service. Every error, including refused Host or Origin (403), a body over 64 KiB (413) and other methods (405), is a JSON-RPC error object, not problem+json. See docs/mcp.md.",
  tags: ["mcp"],
  body: {
    schema: z
      .looseObject({ jsonrpc: z.literal("2.0"), method: z.string(), id: z.union([z.string(), z.int()]).optional() })
      .describe("A JSON-RPC request or notification; batches are refused."),
  },
  responses: {
    200: {
      description: "A JSON-RPC response, as JSON or as one server-sent event.",
      content: {
        "application/json": rawSchema({ type: "object", description: "JSON-RPC response." }),
        "text/event-stream": rawSchema({ type: "string", description: "Server-sent events carrying the response." }),
      },
    },
    202: { description: "A notification was accepted." },
  },
  errors: [],
});
