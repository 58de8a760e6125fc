import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Separate build directories let tests build a copy beside a running one.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `npm run typecheck` is the type check; Next's own needs TypeScript's JS API, which tsc 7 lacks.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
