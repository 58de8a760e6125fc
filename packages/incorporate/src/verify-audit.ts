import { type ClientOptions, send } from "./client.ts";
import { IncorporateError } from "./errors.ts";
import type { AuditLog } from "./types.ts";
import { type AuditLogDocument, type AuditVerification, type PublicJwk, verifyAuditLog } from "./verify.ts";

export interface VerifyAuditOptions extends ClientOptions {
  /** The service's checkpoint keys; fetched from `<baseUrl>/.well-known/jwks.json` when omitted. */
  jwks?: { keys: PublicJwk[] };
  /** The transparency log's verifier key; fetched from `<baseUrl>/log/vkey` when omitted. */
  logKey?: string;
}

/**
 * Verifies a fetched or exported log offline: recomputes the hash chain and the head, checks the
 * checkpoint's Ed25519 signature against the service's published key, and proves the head entry is
 * in the service's transparency log. Trusts nothing the log says about itself; HMACs need the
 * service's secret and are checked by `fetchAudit(id, {verify: true})`.
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
  let logKey = options.logKey;
  if (logKey === undefined) {
    const { response, body } = await send("/log/vkey", { method: "GET" }, options);
    if (response.status !== 200 || typeof body !== "string" || body.trim() === "") {
      throw new IncorporateError(`could not read the transparency log's key: HTTP ${response.status}`, {
        status: response.status,
        response,
        body,
      });
    }
    logKey = body.trim();
  }
  const { sessionId, entries, checkpoint, transparency } = log;
  return verifyAuditLog({ sessionId, entries, checkpoint, transparency }, { jwks, logKey });
}
