import { runTamperDemo, tamperDemoRequest } from "@/lib/audit/tamper-demo";
import { json, route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { enforceRateLimit } from "@/lib/http/rate-limit";
import { parseWith, readJson } from "@/lib/http/read-json";

// POST /api/play/tamper-demo – alters a copy of a log in memory and shows where verification fails
export const POST = route(async (request) => {
  // It writes nothing, so it shares the demo's limit and stays available if the limiter is down.
  const limitHeaders = await enforceRateLimit("play", request, { write: false });
  const body = parseWith(tamperDemoRequest, await readJson(request, 4096));
  return json(await runTamperDemo(body), { headers: { "cache-control": "no-store", ...limitHeaders } });
});

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = methodNotAllowed(["POST"]);
