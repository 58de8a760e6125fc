/**
 * Headers for every page. Scripts and styles allow 'unsafe-inline' because Next's App Router inlines
 * its bootstrap scripts; a nonce would force every page to render per request. Everything else is
 * same-origin only, and nothing may frame the pages.
 */
export const pageSecurityHeaders = [
  {
    key: "Content-Security-Policy",
    value: [
      "default-src 'self'",
      "script-src 'self' 'unsafe-inline'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join("; "),
  },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
];

/**
 * The badge is an SVG that may be opened on its own: no script, no fetch, only its inline style. Set
 * in next.config.ts in place of the page policy, which would otherwise replace it.
 */
const BADGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** The page headers with the badge's own policy instead of the page policy. */
export const badgeSecurityHeaders = [
  ...pageSecurityHeaders.filter((h) => h.key !== "Content-Security-Policy"),
  { key: "Content-Security-Policy", value: BADGE_CSP },
];
