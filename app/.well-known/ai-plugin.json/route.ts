import { aiPluginDocument } from "@/lib/discovery/get-ai-plugin";
import { publicBaseUrl } from "@/lib/http/base-url";
import { cacheableResponse } from "@/lib/http/cacheable";
import { preflight } from "@/lib/http/cors";
import { route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

// GET /.well-known/ai-plugin.json – plugin manifest pointing model tool-callers at the OpenAPI description
export const GET = route(
  async (request) => {
    const { body, etag } = await aiPluginDocument(publicBaseUrl(request));
    return cacheableResponse(request, body, { contentType: "application/json; charset=utf-8", etag });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET", "HEAD"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
