import { declareEndpoint } from "../endpoint/endpoint";
import { rawSchema } from "../http/raw-schema";
import { jsonRpcMessageSchema, serverCardSchema } from "./mcp-schemas";

/*
 * The Model Context Protocol endpoint (docs/mcp.md) and its server card. /mcp answers every error as
 * JSON-RPC, never problem+json: its own refusals (lib/mcp/serve-mcp.ts) and the other methods.
 * Declared here, served by lib/mcp/handlers.ts.
 */

export const postMcp = declareEndpoint({
  method: "POST",
  path: "/mcp",
  operationId: "postMcp",
  summary: "Model Context Protocol endpoint (Streamable HTTP)",
  description:
    "One JSON-RPC message per POST: the 2026-07-28 revision (stateless, server/discover, Mcp-Method and Mcp-Name headers) and 2025-11-25 / 2025-06-18 clients in stateless mode (older ones are offered 2025-11-25). Tools: registry_search, registry_get, incorporation_check, incorporate, audit_read, audit_verify, describe_service, log_checkpoint, log_prove_inclusion, log_prove_consistency; each result's text is a summary line and its structured content as JSON. Every error, including refused Host or Origin (403), a body over 64 KiB (413), an unsupported protocol version (400, data.supported) and other methods (405), is a JSON-RPC error object, not problem+json. See docs/mcp.md.",
  tags: ["mcp"],
  body: { schema: jsonRpcMessageSchema },
  // After the Host and Origin checks, with the same limits, and refused as JSON-RPC (serve-mcp.ts).
  bodyReadByHandler: true,
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
  listing: {
    id: "mcp",
    description:
      "Model Context Protocol endpoint (Streamable HTTP, 2026-07-28 stateless; 2025 revisions too): the directory, incorporation and audit as tools.",
    manifest: "discovery",
  },
  // Only this deployment's own origins may call it (the Host and Origin checks): no CORS headers.
  cors: false,
});

export const getMcpServerCard = declareEndpoint({
  method: "GET",
  path: "/mcp/server-card",
  operationId: "getMcpServerCard",
  summary: "The MCP server card",
  description: "SEP-2127 server card: the MCP endpoint, its transport, the protocol revisions it serves and its auth.",
  tags: ["discovery"],
  responses: { 200: { description: "The server card.", content: { "application/json": serverCardSchema } } },
  errors: ["bad_request"],
  cacheable: true,
  listing: {
    id: "mcpServerCard",
    description:
      "MCP server card: the MCP endpoint, its transport, revisions and auth, for clients before they connect.",
    manifest: "discovery",
  },
});

export const getMcpRegistryAuth = declareEndpoint({
  method: "GET",
  path: "/.well-known/mcp-registry-auth",
  operationId: "getMcpRegistryAuth",
  summary: "The MCP Registry's HTTP proof of this domain",
  description:
    "The public key the official MCP Registry checks before it accepts a server named in this domain's namespace (the host reversed, e.g. ar.com.example.registro/mcp): MCP_REGISTRY_AUTH as configured, one line `v=MCPv1; k=ed25519; p=<base64>`. 404 when it is not configured. See docs/mcp.md.",
  tags: ["mcp"],
  responses: {
    200: {
      description: "The proof record.",
      content: { "text/plain": rawSchema({ type: "string", pattern: "^v=MCPv1; k=(ed25519|ecdsap384); p=" }) },
    },
  },
  errors: ["not_found"],
  listing: {
    id: "mcpRegistryAuth",
    description:
      "The MCP Registry's HTTP proof that this domain publishes its MCP server (v=MCPv1; k=ed25519; p=...), where configured.",
    mcpRegistryAuth: true,
  },
});
