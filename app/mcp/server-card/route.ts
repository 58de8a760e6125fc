import { serverCardDocument } from "@/lib/discovery/get-catalog-documents";
import { publicBaseUrl } from "@/lib/http/base-url";
import { cacheableResponse } from "@/lib/http/cacheable";
import { preflight } from "@/lib/http/cors";
import { route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

// GET /mcp/server-card – the MCP server card: endpoint, transport, revisions and auth
export const GET = route(
  async (request) => {
    const { body, etag } = await serverCardDocument(publicBaseUrl(request));
    return cacheableResponse(request, body, { contentType: "application/json; charset=utf-8", etag });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET", "HEAD"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
