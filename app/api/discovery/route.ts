import { parseDiscoveryFormat } from "@/lib/discovery/discovery-format";
import { discoveryDocument } from "@/lib/discovery/get-discovery-document";
import { publicBaseUrl } from "@/lib/http/base-url";
import { cacheableResponse } from "@/lib/http/cacheable";
import { preflight } from "@/lib/http/cors";
import { route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

// GET /api/discovery – inventory of packages, tools and hosted endpoints; ?format=openapi for OpenAPI 3.1
export const GET = route(
  async (request) => {
    const format = parseDiscoveryFormat(new URL(request.url));
    const { body, etag } = await discoveryDocument(format, publicBaseUrl(request));
    return cacheableResponse(request, body, { contentType: "application/json; charset=utf-8", etag });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET", "HEAD"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
