import { publicBaseUrl } from "@/lib/http/base-url";
import { preflight } from "@/lib/http/cors";
import { json, route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { enforceRateLimit } from "@/lib/http/rate-limit";
import { certifyRecord } from "@/lib/registry/certify-record";
import { readBearerToken } from "@/lib/registry/read-bearer-token";

type Ctx = { params: Promise<{ id: string }> };

// The certifier may wait on a slow company server for up to its 25 s budget.
export const maxDuration = 60;

// POST /api/registry/{id}/certify – owner or admin: certify the public URL; C or better takes a draft live
export const POST = route<Ctx>(
  async (request, { params }) => {
    const limits = await enforceRateLimit("certifier", request, { write: true });
    const token = readBearerToken(request);
    const result = await certifyRecord((await params).id, { token }, publicBaseUrl(request));
    return json(result, { headers: { ...limits, "cache-control": "no-store" } });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["POST"]);
export const { DELETE, GET, HEAD, PATCH, PUT } = methodNotAllowed(["POST", "OPTIONS"], { cors: true });
