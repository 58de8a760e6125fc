#!/usr/bin/env bash
# The README's serve command: install, build, then serve the production build on
# http://localhost:${PORT:-3000}. With no configuration it uses the embedded store under .data/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export NEXT_TELEMETRY_DISABLED=1
source scripts/ensure-deps.sh
echo "== client package (served until it is on npm)"
node scripts/pack-client.mjs
echo "== next build"
./node_modules/.bin/next build
exec node scripts/server.mjs
