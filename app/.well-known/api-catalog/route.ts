import { apiCatalogDocument } from "@/lib/discovery/get-catalog-documents";
import { publicBaseUrl } from "@/lib/http/base-url";
import { cacheableResponse } from "@/lib/http/cacheable";
import { preflight } from "@/lib/http/cors";
import { route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

// GET /.well-known/api-catalog – RFC 9727 API catalog (linkset)
export const GET = route(
  async (request) => {
    const { body, etag } = await apiCatalogDocument(publicBaseUrl(request));
    return cacheableResponse(request, body, {
      contentType: 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
      etag,
    });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET", "HEAD"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
