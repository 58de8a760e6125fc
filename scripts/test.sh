#!/usr/bin/env bash
# The one test command (README, .ci/run): installs what it needs, then runs the type check, lint,
# the production build, unit and integration tests (vitest, against a real redis-server it starts)
# and browser tests (Playwright in Debian's chromium-headless-shell). Ends with the running time of
# each step and one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export NEXT_TELEMETRY_DISABLED=1
# The test build has its own directory: `npm start` builds and serves under .next-start/, `npm run
# serve` serves .next, and a build written over a served directory leaves its pages pointing at
# chunks that are gone. Every server the tests start (theirs,
# Playwright's) reads this variable.
export NEXT_DIST_DIR=.next-test
OUT=.test-output
rm -rf "$OUT" && mkdir -p "$OUT"
failed_steps=()
redis_pid=""
redis_dir=""

cleanup() {
  if [ -f "$OUT/beside.json" ] && [ -d .next-served ]; then node scripts/beside-check.mjs check "$OUT/beside.json" >/dev/null 2>&1; fi
  if [ -n "$redis_pid" ]; then kill "$redis_pid" 2>/dev/null; wait "$redis_pid" 2>/dev/null; fi
  [ -n "$redis_dir" ] && rm -rf "$redis_dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Each step's running time, printed at the end, so that a slow step is named rather than guessed;
# with the CPU seconds its processes used, which another load on the machine changes far less.
timings=()
step_name=""
step_start=0
step_cpu=0
# Sets cpu to the user and system seconds of every finished child process of this shell. bash's
# `times` must run in this shell: in a pipe or $(...) it reports a fresh subshell's zeros.
cpu=0
read_cpu() {
  times > "$OUT/times"
  cpu=$(awk 'NR == 2 { for (i = 1; i <= NF; i++) { split($i, t, "m"); s += t[1] * 60 + t[2] } } END { printf "%d", s }' "$OUT/times")
}
end_step() {
  read_cpu
  [ -n "$step_name" ] && timings+=("$(printf '%6ss %6ss  %s' "$((SECONDS - step_start))" "$((cpu - step_cpu))" "$step_name")")
  step_name=""
}
step() {
  end_step
  step_name=$1
  step_start=$SECONDS
  step_cpu=$cpu
  printf '\n== %s\n' "$1"
}

# --- system packages npm cannot give -------------------------------------------------------
find_redis() { command -v redis-server || { [ -x /usr/sbin/redis-server ] && echo /usr/sbin/redis-server; } || { [ -x /usr/bin/redis-server ] && echo /usr/bin/redis-server; }; }
missing=()
[ -n "$(find_redis)" ] || missing+=(redis-server)
# The headless shell is all the browser tests need (playwright.config.ts); a full chromium also does.
[ -x /usr/bin/chromium-headless-shell ] || [ -x /usr/bin/chromium ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -gt 0 ]; then
  step "installing ${missing[*]} from apt"
  if [ "$(id -u)" = 0 ]; then SUDO=""; elif sudo -n true 2>/dev/null; then SUDO="sudo -n"; else SUDO="none"; fi
  if [ "$SUDO" = none ] || ! command -v apt-get >/dev/null; then
    echo "Missing ${missing[*]}. Install with: sudo apt-get update && sudo apt-get install -y ${missing[*]}"
    exit 1
  fi
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null || {
    echo "apt-get could not install ${missing[*]}. Install with: sudo apt-get update && sudo apt-get install -y ${missing[*]}"
    exit 1
  }
fi

# --- npm dependencies, exactly as locked ------------------------------------------------------
step "npm dependencies"
source scripts/ensure-deps.sh

# --- static checks -----------------------------------------------------------------------------
step "type check (tsc --noEmit)"
./node_modules/.bin/tsc --noEmit || failed_steps+=("type check")
step "lint and format (biome check)"
./node_modules/.bin/biome check . || failed_steps+=("lint")
step "commit messages (the commit-msg hook's rule)"
node scripts/check-commit-log.mjs || failed_steps+=("commit messages")

# --- a private redis-server on a free port -----------------------------------------------------
step "redis-server"
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
port=$(free_port)
redis_dir=$(mktemp -d)
"$(find_redis)" --port "$port" --bind 127.0.0.1 --save "" --appendonly no --dir "$redis_dir" --daemonize no \
  --logfile "$redis_dir/redis.log" &
redis_pid=$!
for _ in $(seq 1 50); do
  node -e 'const c=require("net").connect(+process.argv[1],"127.0.0.1");c.on("connect",()=>{c.write("PING\r\n")});c.on("data",d=>process.exit(String(d).startsWith("+PONG")?0:1));c.on("error",()=>process.exit(1))' "$port" && break
  sleep 0.1
done
export TEST_REDIS_URL="redis://127.0.0.1:$port"
echo "redis-server pid $redis_pid on port $port"

# --- production build (integration and browser tests run against it) ---------------------------
step "next build ($NEXT_DIST_DIR)"
# What a running `npm run serve` reads: its build's id; and the type globs. A test build written over
# .next once left such a server's pages pointing at chunks that were gone.
served() { stat -c '%i %y %s' .next/BUILD_ID 2>/dev/null || echo "no .next"; sha256sum tsconfig.json; }
served_before=$(served)
{ node scripts/pack-client.mjs && ./node_modules/.bin/next build; } > "$OUT/build.log" 2>&1 \
  || { cat "$OUT/build.log"; failed_steps+=("build"); }
tail -n 3 "$OUT/build.log"
if [ "$(served)" != "$served_before" ]; then
  echo "The build changed .next/BUILD_ID or tsconfig.json: it must write only to $NEXT_DIST_DIR, beside a running npm start."
  failed_steps+=("build")
fi

step "a copy of the build served as npm start would, beside the suite"
beside_started=0
if node scripts/beside-check.mjs start "$OUT/beside.json"; then beside_started=1; else failed_steps+=("beside npm start"); fi

step "unit and integration tests (vitest)"
./node_modules/.bin/vitest run --reporter=default --reporter=json --outputFile.json="$OUT/vitest.json" \
  || failed_steps+=("vitest")

step "browser tests (playwright, chromium)"
# Its server takes a free port too, so the suite runs beside anything listening on 3100.
E2E_PORT=$(free_port) ./node_modules/.bin/playwright test || failed_steps+=("playwright")

step "the served copy after the suite: every page and asset still loads"
if [ "$beside_started" = 1 ]; then
  node scripts/beside-check.mjs check "$OUT/beside.json" || failed_steps+=("beside npm start")
fi
end_step

printf '\n== running time per step (%ss in all, %ss of CPU)\n' "$SECONDS" "$cpu"
printf '%7s %7s  %s\n' "time" "CPU" "step"
printf '%s\n' "${timings[@]}"

# --- one closing line --------------------------------------------------------------------------
printf '\n'
node scripts/test-summary.mjs "$OUT" "${failed_steps[@]}"
