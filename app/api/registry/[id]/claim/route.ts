import { preflight } from "@/lib/http/cors";
import { json, route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { enforceRateLimit } from "@/lib/http/rate-limit";
import { readJson } from "@/lib/http/read-json";
import { claimFormingStub } from "@/lib/registry/claim-forming-stub";
import { readBearerToken } from "@/lib/registry/read-bearer-token";

type Ctx = { params: Promise<{ id: string }> };

// POST /api/registry/{id}/claim – claim token: a forming stub becomes a draft with its public URL; returns the owner token once
export const POST = route<Ctx>(
  async (request, { params }) => {
    const limits = await enforceRateLimit("registry", request, { write: true });
    const token = readBearerToken(request);
    const claimed = await claimFormingStub((await params).id, token, await readJson(request));
    return json(claimed, { headers: { ...limits, "cache-control": "no-store" } });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["POST"]);
export const { DELETE, GET, HEAD, PATCH, PUT } = methodNotAllowed(["POST", "OPTIONS"], { cors: true });
