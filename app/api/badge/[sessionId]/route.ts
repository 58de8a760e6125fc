import { badgeResponse } from "@/lib/badge/badge-response";
import { preflight } from "@/lib/http/cors";
import { route } from "@/lib/http/handler";

type Ctx = { params: Promise<{ sessionId: string }> };

// GET /api/badge/{sessionId} – a live 24 px SVG of the session's verification state. The production
// server hands well-formed ids to ../route.ts instead; this route answers everything else.
export const GET = route<Ctx>(async (request, { params }) => badgeResponse(request, (await params).sessionId), {
  cors: true,
});

export const OPTIONS = () => preflight(["GET"]);
