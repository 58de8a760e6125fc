import { readBearerToken } from "../registry/record-token";
import { authorizeIncorporation, type Caller } from "./api-key";
import { authorizeCron } from "./cron-secret";

export type { Caller };

/**
 * The ways an endpoint authenticates its callers, named by its declaration (`auth`). The handler
 * wrapper (lib/endpoint/endpoint.ts) runs the check before the rate limit and the handler, and the
 * OpenAPI description states the same schemes (SCHEMES below).
 * - apiKey: open by default; with INCORPORATE_API_KEYS, a key from that list (api-key.ts).
 * - recordToken: a registry record's owner token, or the operator's admin token; which one applies
 *   to which record is decided against the stored record (lib/registry/record-token.ts).
 * - claimToken: a forming record's claim token, checked the same way.
 * - cronSecret: the platform scheduler's CRON_SECRET (cron-secret.ts).
 */
export type AuthName = "apiKey" | "recordToken" | "claimToken" | "cronSecret";

/** What the check found: who calls (apiKey) and the bearer token presented (recordToken, claimToken). */
export interface Authorized {
  caller?: Caller;
  token?: string;
}

export function authorize(name: AuthName | undefined, request: Request): Authorized {
  switch (name) {
    case undefined:
      return {};
    case "apiKey":
      return { caller: authorizeIncorporation(request) };
    case "recordToken":
    case "claimToken":
      return { token: readBearerToken(request) };
    case "cronSecret":
      authorizeCron(request);
      return {};
  }
}

/** OpenAPI security of each scheme: alternatives, by security scheme name; apiKey depends on the deployment. */
export const OPENAPI_SECURITY: Record<Exclude<AuthName, "apiKey" | "cronSecret">, string[]> = {
  recordToken: ["registryOwnerToken", "registryAdminToken"],
  claimToken: ["registryClaimToken"],
};
