/** CORS for public, credential-free APIs: any origin may read them. */
export const CORS_HEADERS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers":
    "ETag, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, x-session-id, x-session-token, x-audit-checkpoint",
};

export function withCors(response: Response): Response {
  for (const [k, v] of Object.entries(CORS_HEADERS)) response.headers.set(k, v);
  return response;
}

/** Answers a CORS preflight for the given methods. */
export function preflight(methods: string[]): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      "access-control-allow-methods": [...methods, "OPTIONS"].join(", "),
      "access-control-allow-headers":
        "content-type, authorization, idempotency-key, last-event-id, x-session-id, x-session-token",
      "access-control-max-age": "86400",
    },
  });
}
