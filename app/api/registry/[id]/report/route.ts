import { publicBaseUrl } from "@/lib/http/base-url";
import { preflight } from "@/lib/http/cors";
import { json, route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { enforceRateLimit } from "@/lib/http/rate-limit";
import { getCertificationReport } from "@/lib/registry/get-certification-report";

type Ctx = { params: Promise<{ id: string }> };

// GET /api/registry/{id}/report – the record's last certification report, or 404
export const GET = route<Ctx>(
  async (request, { params }) => {
    const limits = await enforceRateLimit("read", request, { write: false });
    return json(await getCertificationReport((await params).id, publicBaseUrl(request)), {
      headers: { ...limits, "cache-control": "no-cache" },
    });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
