#!/usr/bin/env bash
# Installs npm dependencies exactly as locked, skipping the install when node_modules already
# matches package-lock.json. Sourced by serve.sh and test.sh.
stamp=$(sha256sum package-lock.json | cut -c1-64)
if [ "$(cat node_modules/.install-stamp 2>/dev/null)" != "$stamp" ]; then
  echo "== npm ci"
  npm ci --no-audit --no-fund --loglevel=error || { echo "npm ci failed"; exit 1; }
  echo "$stamp" > node_modules/.install-stamp
fi
