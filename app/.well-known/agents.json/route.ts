import { agentsManifestDocument } from "@/lib/discovery/get-agents-manifest";
import { publicBaseUrl } from "@/lib/http/base-url";
import { cacheableResponse } from "@/lib/http/cacheable";
import { preflight } from "@/lib/http/cors";
import { route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

// GET /.well-known/agents.json – this deployment's discovery manifest (SPEC 2.1); HEAD and 304 too
export const GET = route(
  async (request) => {
    const { body, etag } = await agentsManifestDocument(publicBaseUrl(request));
    return cacheableResponse(request, body, { contentType: "application/json; charset=utf-8", etag });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET", "HEAD"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
