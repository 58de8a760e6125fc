import { type NextRequest, NextResponse } from "next/server";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { isLang, LANG_COOKIE } from "@/lib/i18n";
import { resolveSwitchTarget } from "@/lib/i18n/switch-target";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

// GET /lang?set=en&next=/path – remember the language and go back to a page of this site.
// A plain link (no client JavaScript); `next` is optional, the Referer is the fallback.
export function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  const target = resolveSwitchTarget({
    next: params.get("next"),
    referer: request.headers.get("referer"),
    host: request.headers.get("x-forwarded-host") ?? request.headers.get("host"),
  });
  // A relative Location keeps the redirect on whatever origin the visitor used.
  const response = new NextResponse(null, {
    status: 303,
    headers: { Location: target, "Cache-Control": "no-store" },
  });
  const lang = params.get("set");
  if (isLang(lang)) {
    const https =
      request.nextUrl.protocol === "https:" ||
      request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
    response.cookies.set(LANG_COOKIE, lang, {
      path: "/",
      maxAge: ONE_YEAR_SECONDS,
      sameSite: "lax",
      httpOnly: true,
      secure: https,
    });
  }
  return response;
}

export const { DELETE, OPTIONS, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD"]);
