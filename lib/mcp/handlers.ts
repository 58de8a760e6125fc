import * as declared from "../api/mcp";
import { getConfig } from "../config/config";
import { serverCardDocument } from "../discovery/get-catalog-documents";
import { withHandler } from "../endpoint/endpoint";
import { publicBaseUrl } from "../http/base-url";
import { cacheableResponse } from "../http/cacheable";
import { ApiError } from "../http/problem";
import { mcpMethodNotAllowed } from "./json-rpc-error";
import { serveMcp } from "./serve-mcp";

/* The MCP area's endpoints (declared in lib/api/mcp.ts) with their handlers. */

export const postMcp = withHandler(declared.postMcp, {
  handle: serveMcp,
  // Stateless: no GET stream, no DELETE of a session.
  otherMethods: mcpMethodNotAllowed,
});

export const getMcpServerCard = withHandler(declared.getMcpServerCard, {
  async handle(request) {
    const { body, etag } = await serverCardDocument(publicBaseUrl(request));
    return cacheableResponse(request, body, { contentType: "application/json; charset=utf-8", etag });
  },
});

export const getMcpRegistryAuth = withHandler(declared.getMcpRegistryAuth, {
  async handle() {
    const proof = getConfig().env.MCP_REGISTRY_AUTH;
    if (!proof) {
      throw new ApiError(
        "not_found",
        "This deployment has no MCP Registry proof: set MCP_REGISTRY_AUTH to publish its MCP server under its domain.",
      );
    }
    return new Response(`${proof}\n`, {
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=300" },
    });
  },
});
