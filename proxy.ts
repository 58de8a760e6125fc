import type { NextRequest } from "next/server";
import { isSessionId } from "@/lib/audit/entry";
import { limitPageView } from "@/lib/http/page-rate-limit";

const DASHBOARD = "/dashboard/";

/**
 * Page views that read the store count against the per-address read limit, as the API reads do. The
 * count is taken here, before the page's route is matched and rendered, so a refused view costs a
 * limiter call and a short page. Only reads: a form's POST (a server action) has its own limit. A
 * dashboard id that cannot exist is answered 404 without a read, so it is not counted (as in the API).
 */
export async function proxy(request: NextRequest) {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const { pathname } = request.nextUrl;
  if (pathname.startsWith(DASHBOARD) && !isSessionId(safeDecode(pathname.slice(DASHBOARD.length)))) return;
  return (await limitPageView(request)) ?? undefined;
}

function safeDecode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

// The pages that read the store on every view; /verify only when it is asked about a session.
export const config = {
  matcher: [
    "/dashboard/:sessionId",
    "/registro",
    "/log",
    { source: "/verify", has: [{ type: "query", key: "session" }] },
  ],
};
