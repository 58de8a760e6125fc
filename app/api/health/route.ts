import { checkHealth } from "@/lib/health/check-health";
import { json, route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

// GET /api/health – liveness and store reachability (503 problem+json when the store is down)
export const GET = route(async () => json(await checkHealth(), { headers: { "cache-control": "no-store" } }), {
  cors: true,
});

export const { DELETE, OPTIONS, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD"], { cors: true });
