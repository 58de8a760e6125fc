// The plain HTTP server's limits on a request still arriving (scripts/server.mjs). The values were
// validated by lib/config/config.ts (HTTP_HEADERS_TIMEOUT, HTTP_REQUEST_TIMEOUT) when app.prepare()
// ran instrumentation.ts; this only reads them, with the same defaults.

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

function durationMs(value, fallback) {
  const match = /^(\d+)\s?(ms|s|m|h|d)$/.exec(value ?? "");
  return match ? Number(match[1]) * UNIT_MS[match[2]] : fallback;
}

/**
 * Options for http.createServer: 20 s for the headers and 30 s for the whole request unless
 * configured. Node checks them every 30 s by default; here every 5 s, or a quarter of a shorter
 * headers time-out, so that a short one is kept to.
 */
export function httpTimeouts(env) {
  const headersTimeout = durationMs(env.HTTP_HEADERS_TIMEOUT, 20_000);
  const requestTimeout = durationMs(env.HTTP_REQUEST_TIMEOUT, 30_000);
  const connectionsCheckingInterval = Math.min(5_000, Math.max(250, Math.floor(headersTimeout / 4)));
  return { headersTimeout, requestTimeout, connectionsCheckingInterval };
}
