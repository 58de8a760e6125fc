import type { NextConfig } from "next";
import { badgeSecurityHeaders, pageSecurityHeaders } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Lets parallel builds (and the servers tests start on them) use separate directories.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Type checking runs in the test command (tsc 7); Next's own check needs the TypeScript JS API.
  typescript: { ignoreBuildErrors: true },
  async headers() {
    return [
      // Every path but the badge's. Excluded rather than overridden: a policy with a colon in it
      // ("data:") is compiled anew for each response it applies to, and badges are requested often.
      { source: "/:path((?!api/badge/[^/]+$).*)", headers: pageSecurityHeaders },
      { source: "/api/badge/:sessionId", headers: badgeSecurityHeaders },
    ];
  },
};

export default nextConfig;
