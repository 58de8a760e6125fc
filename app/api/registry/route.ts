import { publicBaseUrl } from "@/lib/http/base-url";
import { preflight } from "@/lib/http/cors";
import { json, route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { enforceRateLimit } from "@/lib/http/rate-limit";
import { readJson } from "@/lib/http/read-json";
import { createListing } from "@/lib/registry/create-listing";
import { listRegistry } from "@/lib/registry/list-registry";
import { parseRegistryQuery } from "@/lib/registry/parse-registry-query";

// GET /api/registry – the registry envelope, filtered by jurisdiction, type and status, paged by limit and cursor
export const GET = route(
  async (request) => {
    const query = parseRegistryQuery(new URL(request.url).searchParams);
    const limits = await enforceRateLimit("read", request, { write: false });
    const list = await listRegistry(query, publicBaseUrl(request));
    return json(list, { headers: { ...limits, "cache-control": "no-cache" } });
  },
  { cors: true },
);

// POST /api/registry – self-listing: 201 with the draft record and its owner token (shown once)
export const POST = route(
  async (request) => {
    const limits = await enforceRateLimit("registry", request, { write: true });
    const created = await createListing(await readJson(request));
    return json(created, {
      status: 201,
      headers: { ...limits, location: `/api/registry/${created.record.id}`, "cache-control": "no-store" },
    });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET", "POST"]);
export const { DELETE, PATCH, PUT } = methodNotAllowed(["GET", "HEAD", "POST", "OPTIONS"], { cors: true });
