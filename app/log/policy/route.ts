import { preflight } from "@/lib/http/cors";
import { json, route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { logPolicy } from "@/lib/tlog/log-policy";

// GET /log/policy – the log key, its witnesses and the quorum of cosignatures a verifier should require
export const GET = route(async () => json(logPolicy(), { headers: { "cache-control": "public, max-age=300" } }), {
  cors: true,
});

export const OPTIONS = () => preflight(["GET"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
