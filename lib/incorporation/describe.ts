import { z } from "zod";
import { getConfig } from "../config/config";
import { FINDING_CODES } from "./finding-codes";
import { CAPITAL_RULES, DEFAULT_SMVM_ARS, SUFFIXES, TIPOS } from "./legal-figures";
import { incorporationRequestSchema, LIMITS } from "./request-schema";
import { rfc001Checks } from "./rfc001";

export const MAX_BODY_BYTES = 32 * 1024;

// The request schema as JSON Schema, converted on first use: it never changes in a process, and
// converting it was most of what answering GET /api/auto-incorporate cost.
let requestJsonSchema: Record<string, unknown> | undefined;
function requestSchemaJson(): Record<string, unknown> {
  requestJsonSchema ??= z.toJSONSchema(incorporationRequestSchema) as Record<string, unknown>;
  return requestJsonSchema;
}

/** GET /api/auto-incorporate: what the endpoint accepts, for agents and the client's describe(). */
export function describeIncorporation(baseUrl: string) {
  const config = getConfig();
  const smvm = config.env.SMVM_ARS ?? DEFAULT_SMVM_ARS;
  const limit = config.rateLimits.incorporate;
  return {
    endpoint: `${baseUrl}/api/auto-incorporate`,
    method: "POST",
    contentType: "application/json",
    requestSchema: requestSchemaJson(),
    tipos: TIPOS.map((tipo) => ({
      tipo,
      suffixes: SUFFIXES[tipo].forms,
      minimumCapital: CAPITAL_RULES[tipo].minimum(smvm),
      source: CAPITAL_RULES[tipo].source,
      pendingLaw: tipo === "SOCIEDAD-IA",
    })),
    smvm,
    findingCodes: Object.entries(FINDING_CODES).map(([code, { severity }]) => ({ code, severity })),
    // What every answer's `rfc001.url` points at: the checks its report is made of.
    rfc001: { version: "rfc-001-v1", checks: rfc001Checks() },
    limits: { maxBodyBytes: MAX_BODY_BYTES, ...LIMITS },
    auth: config.env.INCORPORATE_API_KEYS
      ? { mode: "bearer", header: "Authorization: Bearer <key>" }
      : { mode: "none" },
    rateLimit: { perIp: limit.count, window: limit.window },
    idempotency: {
      body: "The same body (with its sessionId) returns the same answer and appends one audit entry.",
      header: "Idempotency-Key: reusing a key with a different body is a 422 idempotency_key_reused.",
    },
    sessions: {
      header: "x-session-token",
      rule: "Chaining into an existing sessionId needs its write token, returned once when the session was created.",
    },
    links: {
      openapi: `${baseUrl}/api/discovery?format=openapi`,
      wizard: `${baseUrl}/incorporar`,
      manifest: `${baseUrl}/.well-known/agents.json`,
    },
  };
}
