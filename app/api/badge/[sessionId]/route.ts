import { getBadge } from "@/lib/badge/get-badge";
import { preflight } from "@/lib/http/cors";
import { route } from "@/lib/http/handler";

type Ctx = { params: Promise<{ sessionId: string }> };

// GET /api/badge/{sessionId} – a live 24 px SVG of the session's verification state
export const GET = route<Ctx>(
  async (request, { params }) => {
    const { svg, etag, status } = await getBadge((await params).sessionId);
    const headers = {
      "content-type": "image/svg+xml; charset=utf-8",
      // no-cache + ETag: GitHub's image proxy revalidates on every view, so the badge stays live.
      "cache-control": "no-cache, max-age=0, must-revalidate",
      etag,
      // nosniff and the badge's own CSP come from next.config.ts, as every response's security headers do.
    };
    if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
    return new Response(svg, { status, headers });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET"]);
