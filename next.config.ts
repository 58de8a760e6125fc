import type { NextConfig } from "next";
import { badgeSecurityHeaders, pageSecurityHeaders } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Lets parallel builds (and the servers tests start on them) use separate directories.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Next 16.4 writes Turbopack's build cache (about 100 MB) by default. A build here starts from a
  // clean clone or an emptied directory and never reads it again; writing it cost 7 to 14 CPU
  // seconds of a 33-second build on two cores.
  // NEXT_SERVER_MINIFY=0 keeps server code readable, so that a CPU profile names our functions
  // (docs/performance.md, "Profiling"). Production builds leave it unset.
  experimental: {
    turbopackFileSystemCacheForBuild: false,
    ...(process.env.NEXT_SERVER_MINIFY === "0" ? { serverMinification: false } : {}),
  },
  // Type checking runs in the test command (tsc 7); Next's own check needs the TypeScript JS API.
  typescript: { ignoreBuildErrors: true },
  // The client package route hashes the packed tarball in public/, which a serverless function's
  // file trace would otherwise leave out.
  // The same for the MCP endpoint's test-vectors resource.
  outputFileTracingIncludes: {
    "/api/packages/incorporate": ["./public/packages/*.tgz"],
    "/mcp": ["./public/test-vectors/*.json"],
  },
  async headers() {
    return [
      // Sources use unnamed groups only. Next substitutes a source's named parameters into the header
      // values, and compiles every value with a colon in it ("data:" in the page policy) anew for
      // each response to do so; with no named parameter it copies the values as they are.
      // Every path but the badge's (and /api/badge, where scripts/server.mjs hands most badges over):
      // excluded rather than overridden, so the badge's own policy stands.
      { source: "/((?!api/badge(?:/[^/]+)?$).*)", headers: pageSecurityHeaders },
      { source: "/api/badge(/[^/]+)?", headers: badgeSecurityHeaders },
      // The home page points crawlers at both catalogs (RFC 9727 section 3, and the AI Catalog's rel).
      {
        source: "/",
        headers: [
          {
            key: "link",
            value:
              '</.well-known/api-catalog>; rel="api-catalog", </.well-known/ai-catalog.json>; rel="ai-catalog"; type="application/ai-catalog+json"',
          },
        ],
      },
    ];
  },
};

export default nextConfig;
