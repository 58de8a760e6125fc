import { type ClientOptions, send } from "./client.ts";
import { IncorporateError } from "./errors.ts";
import type { AuditLog } from "./types.ts";
import { type AuditLogDocument, type AuditVerification, type PublicJwk, verifyAuditLog } from "./verify.ts";

export interface VerifyAuditOptions extends ClientOptions {
  /** The service's checkpoint keys; fetched from `<baseUrl>/.well-known/jwks.json` when omitted. */
  jwks?: { keys: PublicJwk[] };
}

/**
 * Verifies a fetched or exported log offline: recomputes the hash chain and the head, and checks the
 * checkpoint's Ed25519 signature against the service's published key. Trusts nothing the log says
 * about itself; HMACs need the service's secret and are checked by `fetchAudit(id, {verify: true})`.
 */
export async function verifyAudit(
  log: AuditLog | AuditLogDocument,
  options: VerifyAuditOptions = {},
): Promise<AuditVerification> {
  let jwks = options.jwks;
  if (!jwks) {
    const { response, body } = await send("/.well-known/jwks.json", { method: "GET" }, options);
    if (response.status !== 200 || !Array.isArray((body as { keys?: unknown } | null)?.keys)) {
      throw new IncorporateError(`could not read the service's keys: HTTP ${response.status}`, {
        status: response.status,
        response,
        body,
      });
    }
    jwks = body as { keys: PublicJwk[] };
  }
  return verifyAuditLog({ sessionId: log.sessionId, entries: log.entries, checkpoint: log.checkpoint }, { jwks });
}
