import { badgeResponse } from "@/lib/badge/badge-response";
import { preflight } from "@/lib/http/cors";
import { route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

type Ctx = { params: Promise<{ sessionId: string }> };

// GET /api/badge/{sessionId} – a live 24 px SVG of the session's verification state. The production
// server hands well-formed ids to ../route.ts instead; this route answers everything else.
export const GET = route<Ctx>(async (request, { params }) => badgeResponse(request, (await params).sessionId), {
  cors: true,
});

export const OPTIONS = () => preflight(["GET"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
