import { runDryCertification } from "@/lib/certifier/run-dry-certification";
import { publicBaseUrl } from "@/lib/http/base-url";
import { preflight } from "@/lib/http/cors";
import { json, route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { enforceRateLimit } from "@/lib/http/rate-limit";

export const maxDuration = 60;

// GET /api/certifier?url= – dry run: the certification report of any origin; changes nothing
export const GET = route(
  async (request) => {
    // Counted as a write: every run makes outbound requests on the caller's behalf.
    const limits = await enforceRateLimit("certifier", request, { write: true });
    const url = new URL(request.url);
    const report = await runDryCertification(url.searchParams, publicBaseUrl(request));
    return json(report, { headers: { ...limits, "cache-control": "no-store" } });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
