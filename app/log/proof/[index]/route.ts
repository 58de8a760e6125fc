import { preflight } from "@/lib/http/cors";
import { json, route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { logNumber } from "@/lib/tlog/log-query";
import { proveInclusion } from "@/lib/tlog/read-log";

type Ctx = { params: Promise<{ index: string }> };

// GET /log/proof/{index}?size=S – the inclusion proof of a leaf (RFC 9162), base64 hashes
export const GET = route<Ctx>(
  async (request, { params }) => {
    const index = logNumber("index", (await params).index) as number;
    const size = logNumber("size", new URL(request.url).searchParams.get("size"), { min: 1 });
    return json(await proveInclusion(index, size), { headers: { "cache-control": "no-cache" } });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
