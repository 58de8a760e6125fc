import { getClientPackage } from "@/lib/client-package/get-client-package";
import { publicBaseUrl } from "@/lib/http/base-url";
import { preflight } from "@/lib/http/cors";
import { json, route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

// GET /api/packages/incorporate – the client tarball's URL, SHA-512 integrity and signed provenance
export const GET = route(
  async (request) =>
    json(await getClientPackage(publicBaseUrl(request)), { headers: { "cache-control": "public, max-age=300" } }),
  { cors: true },
);

export const OPTIONS = () => preflight(["GET"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
