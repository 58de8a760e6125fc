import type { NextConfig } from "next";
import { badgeSecurityHeaders, pageSecurityHeaders } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Lets parallel builds (and the servers tests start on them) use separate directories.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Type checking runs in the test command (tsc 7); Next's own check needs the TypeScript JS API.
  typescript: { ignoreBuildErrors: true },
  // The client package route hashes the packed tarball in public/, which a serverless function's
  // file trace would otherwise leave out.
  outputFileTracingIncludes: { "/api/packages/incorporate": ["./public/packages/*.tgz"] },
  async headers() {
    return [
      // Sources use unnamed groups only. Next substitutes a source's named parameters into the header
      // values, and compiles every value with a colon in it ("data:" in the page policy) anew for
      // each response to do so; with no named parameter it copies the values as they are.
      // Every path but the badge's (and /api/badge, where scripts/server.mjs hands most badges over):
      // excluded rather than overridden, so the badge's own policy stands.
      { source: "/((?!api/badge(?:/[^/]+)?$).*)", headers: pageSecurityHeaders },
      { source: "/api/badge(/[^/]+)?", headers: badgeSecurityHeaders },
    ];
  },
};

export default nextConfig;
