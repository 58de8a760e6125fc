import { type ClientOptions, fetchAudit, type IncorporateOptions, incorporate } from "./client.ts";
import type { AuditLog, IncorporationInput, IncorporationResult } from "./types.ts";
import type { AuditVerification } from "./verify.ts";
import { verifyAudit } from "./verify-audit.ts";

/** A chain of calls in one audit timeline (SPEC 4.2), carrying the session's write token for you. */
export interface AuditSession {
  /** The session id: the one given, or a new UUID (SPEC 4.2: the caller chooses it). */
  readonly sessionId: string;
  /** The write token, once the session has been created by a call through this helper. */
  readonly sessionToken: string | null;
  incorporate(input: Omit<IncorporationInput, "sessionId">, options?: IncorporateOptions): Promise<IncorporationResult>;
  /** The session's log (with the server's report when `verify` is true). */
  fetchAudit(options?: { verify?: boolean }): Promise<AuditLog>;
  /** Fetches the log and verifies it offline against the published keys. */
  verify(): Promise<AuditVerification>;
}

/**
 * Starts (or resumes, with `sessionId` and `sessionToken`) an audit session. Every call through it
 * names the session and presents its token, so all entries land in one verifiable timeline. A new
 * session gets a random UUID here rather than from the service: the service treats identical bodies
 * as retries, so a body without a session id could be answered with an earlier caller's session.
 */
export function createSession(
  options: ClientOptions & { sessionId?: string; sessionToken?: string } = {},
): AuditSession {
  const sessionId = options.sessionId ?? crypto.randomUUID();
  let sessionToken = options.sessionToken ?? null;
  return {
    get sessionId() {
      return sessionId;
    },
    get sessionToken() {
      return sessionToken;
    },
    async incorporate(input, callOptions = {}) {
      const result = await incorporate(
        { ...input, sessionId },
        { ...options, ...callOptions, ...(sessionToken ? { sessionToken } : {}) },
      );
      if (result.ok) sessionToken = result.audit.sessionToken ?? sessionToken;
      return result;
    },
    fetchAudit(fetchOptions = {}) {
      return fetchAudit(sessionId, { ...options, ...fetchOptions });
    },
    async verify() {
      return verifyAudit(await fetchAudit(sessionId, options), options);
    },
  };
}
