import { preflight } from "@/lib/http/cors";
import { json, route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { enforceRateLimit } from "@/lib/http/rate-limit";
import { readJson } from "@/lib/http/read-json";
import { getRegistryRecord } from "@/lib/registry/get-registry-record";
import { readBearerToken } from "@/lib/registry/read-bearer-token";
import { updateListing } from "@/lib/registry/update-listing";

type Ctx = { params: Promise<{ id: string }> };

// GET /api/registry/{id} – one record, or 404
export const GET = route<Ctx>(
  async (request, { params }) => {
    const limits = await enforceRateLimit("read", request, { write: false });
    return json(await getRegistryRecord((await params).id), { headers: { ...limits, "cache-control": "no-cache" } });
  },
  { cors: true },
);

// PATCH /api/registry/{id} – owner: disclosure and publicUrl (a new URL returns it to draft); admin: any member
export const PATCH = route<Ctx>(
  async (request, { params }) => {
    const limits = await enforceRateLimit("registry", request, { write: true });
    const token = readBearerToken(request);
    const updated = await updateListing((await params).id, token, await readJson(request));
    return json(updated, { headers: { ...limits, "cache-control": "no-store" } });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET", "PATCH"]);
export const { DELETE, POST, PUT } = methodNotAllowed(["GET", "HEAD", "PATCH", "OPTIONS"], { cors: true });
