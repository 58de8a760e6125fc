import { readSchemaFile } from "@/lib/discovery/read-schema-file";
import { cacheableResponse } from "@/lib/http/cacheable";
import { preflight } from "@/lib/http/cors";
import { route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

type Ctx = { params: Promise<{ name: string }> };

// GET /schemas/{name} – a file of schemas/, byte for byte; only names present in that folder are served
export const GET = route<Ctx>(
  async (request, { params }) => {
    const body = await readSchemaFile((await params).name);
    return cacheableResponse(request, body, { contentType: "application/schema+json" });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET", "HEAD"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
