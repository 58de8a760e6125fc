// The plain HTTP server's limits on a request still arriving (scripts/server.mjs). The values were
// validated by lib/config/config.ts (HTTP_HEADERS_TIMEOUT, HTTP_REQUEST_TIMEOUT) when app.prepare()
// ran instrumentation.ts; this only reads them, with the same defaults (HTTP_TIMEOUT_DEFAULTS, which
// the config takes from here: this file cannot import TypeScript).

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The defaults, written once: lib/config/config.ts declares the variables with these. */
export const HTTP_TIMEOUT_DEFAULTS = { headers: "20s", request: "30s" };

const DURATION = /^(\d+)\s?(ms|s|m|h|d)$/;

/** `value` in milliseconds, or `fallback`'s when it is unset or malformed. */
function durationMs(value, fallback) {
  const [, amount, unit] = DURATION.exec(value ?? "") ?? DURATION.exec(fallback);
  return Number(amount) * UNIT_MS[unit];
}

/**
 * Options for http.createServer: 20 s for the headers and 30 s for the whole request unless
 * configured. Node checks them every 30 s by default; here every 5 s, or a quarter of a shorter
 * headers time-out, so that a short one is kept to.
 */
export function httpTimeouts(env) {
  const headersTimeout = durationMs(env.HTTP_HEADERS_TIMEOUT, HTTP_TIMEOUT_DEFAULTS.headers);
  const requestTimeout = durationMs(env.HTTP_REQUEST_TIMEOUT, HTTP_TIMEOUT_DEFAULTS.request);
  const connectionsCheckingInterval = Math.min(5_000, Math.max(250, Math.floor(headersTimeout / 4)));
  return { headersTimeout, requestTimeout, connectionsCheckingInterval };
}
