import type { AuditEvent } from "@/lib/audit/entry";

/**
 * Request bodies shared by the unit, integration and package tests. Plain data: spread it into a
 * new object to change a field (`{ ...TYPICAL_INCORPORATION, capitalSocial: 10 }`).
 */

/** The typical incorporation request: a SOCIEDAD-IA with the minimum fields and no error finding. */
export const TYPICAL_INCORPORATION = {
  denominacion: "Acme Agentes Automatizada SOCIEDAD-IA",
  tipo: "SOCIEDAD-IA",
  capitalSocial: 2000000,
  objeto:
    "Desarrollo y operación de agentes de software autónomos para comercio electrónico en la República Argentina.",
};

/**
 * The 429 answer the API gives over its rate limit (a problem document with Retry-After), in the
 * shape a browser test's route.fulfill takes, for pages to be shown it without spending the limit.
 */
export function rateLimitedAnswer(limit: string, retryAfterSeconds: number) {
  return {
    status: 429,
    headers: { "content-type": "application/problem+json", "retry-after": String(retryAfterSeconds) },
    body: JSON.stringify({
      type: "urn:sociedades-ia:problem:rate_limited",
      title: "Too many requests",
      status: 429,
      code: "rate_limited",
      detail: `Too many requests from your address: at most ${limit}. Try again in ${retryAfterSeconds} s.`,
      retryAfterSeconds,
    }),
  };
}

/** The `n`-th of a series of distinct, valid demo tool-call events (a CUIT check). */
export function toolCallEvent(n: number): AuditEvent {
  return {
    kind: "tool-call",
    action: "validar_cuit",
    actor: "ip:test",
    input: { cuit: "20-12345678-6", n },
    output: { valido: true },
    outcome: "ok",
  };
}
