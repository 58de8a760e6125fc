import { llmsTxtDocument } from "@/lib/discovery/get-llms-txt";
import { publicBaseUrl } from "@/lib/http/base-url";
import { cacheableResponse } from "@/lib/http/cacheable";
import { preflight } from "@/lib/http/cors";
import { route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

// GET /llms.txt – markdown summary of the service for language models, built from the endpoint list
export const GET = route(
  async (request) => {
    const { body, etag } = await llmsTxtDocument(publicBaseUrl(request));
    return cacheableResponse(request, body, { contentType: "text/plain; charset=utf-8", etag });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET", "HEAD"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
