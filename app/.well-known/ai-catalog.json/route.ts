import { aiCatalogDocument } from "@/lib/discovery/get-catalog-documents";
import { publicBaseUrl } from "@/lib/http/base-url";
import { cacheableResponse } from "@/lib/http/cacheable";
import { preflight } from "@/lib/http/cors";
import { route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

// GET /.well-known/ai-catalog.json – AI Catalog: server card, OpenAPI, agents.json, llms.txt, test vectors
export const GET = route(
  async (request) => {
    const { body, etag } = await aiCatalogDocument(publicBaseUrl(request));
    return cacheableResponse(request, body, { contentType: "application/ai-catalog+json; charset=utf-8", etag });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET", "HEAD"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
