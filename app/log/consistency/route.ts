import { preflight } from "@/lib/http/cors";
import { json, route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { ApiError } from "@/lib/http/problem";
import { logNumber } from "@/lib/tlog/log-query";
import { proveConsistency } from "@/lib/tlog/read-log";

// GET /log/consistency?from=A&to=B – the consistency proof between two tree sizes (RFC 9162)
export const GET = route(
  async (request) => {
    const query = new URL(request.url).searchParams;
    const from = logNumber("from", query.get("from"), { min: 1 });
    if (from === undefined)
      throw new ApiError("invalid_query", "from is required: the smaller tree size.", { parameter: "from" });
    const to = logNumber("to", query.get("to"), { min: 1 });
    return json(await proveConsistency(from, to), { headers: { "cache-control": "no-cache" } });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
