import { publicJwks } from "@/lib/audit/keys";
import { preflight } from "@/lib/http/cors";
import { json, route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

// GET /.well-known/jwks.json – public keys of audit checkpoints (current first, then retired)
export const GET = route(
  async () => json(await publicJwks(), { headers: { "cache-control": "public, max-age=300" } }),
  { cors: true },
);

export const OPTIONS = () => preflight(["GET"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
