#!/usr/bin/env bash
# The README's serve command: takes DATA_DIR and the port first (a second `npm start` of this clone
# stops there, saying what to run instead), then installs, builds into a fresh directory and serves
# that on http://localhost:${PORT:-3000} (scripts/server.mjs, scripts/fresh-build.mjs). With no
# configuration it uses the embedded store under .data/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export NEXT_TELEMETRY_DISABLED=1
exec node scripts/server.mjs --build
