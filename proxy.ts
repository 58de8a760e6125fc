import type { NextRequest } from "next/server";
import { isSessionId } from "@/lib/audit/entry";
import { limitPageView } from "@/lib/http/page-rate-limit";
import { DASHBOARD_VIEW_UNITS, PAGE_VIEW_UNITS } from "@/lib/http/read-cost";

const DASHBOARD = "/dashboard/";

/**
 * Page views that read the store count against the per-address read limit, as the API reads do, at
 * what a render costs (lib/http/read-cost.ts). The
 * count is taken here, before the page's route is matched and rendered, so a refused view costs a
 * limiter call and a short page. Only reads: a form's POST (a server action) has its own limit. A
 * dashboard id that cannot exist is answered 404 without a read, so it is not counted (as in the API).
 */
export async function proxy(request: NextRequest) {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const { pathname } = request.nextUrl;
  const dashboard = pathname.startsWith(DASHBOARD);
  if (dashboard && !isSessionId(safeDecode(pathname.slice(DASHBOARD.length)))) return;
  return (await limitPageView(request, dashboard ? DASHBOARD_VIEW_UNITS : PAGE_VIEW_UNITS)) ?? undefined;
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
