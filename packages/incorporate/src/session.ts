import { type ClientOptions, fetchAudit, type IncorporateOptions, incorporationAnswer, resultOf } from "./client.ts";
import { IncorporateSessionError } from "./errors.ts";
import type { AuditLog, IncorporationInput, IncorporationResult } from "./types.ts";
import { type AuditVerificationReport, verifyAudit } from "./verify-audit.ts";

/** A chain of calls in one audit timeline (SPEC 4.2), carrying the session's write token for you. */
export interface AuditSession {
  /**
   * The session id: the one given (a UUID: the service refuses any other and records nothing), or a
   * new UUID (SPEC 4.2: the caller chooses it). When the answer that created the session names
   * another one in `x-session-id`, the helper follows that one.
   */
  readonly sessionId: string;
  /**
   * The write token, once a call through this helper has created the session: taken from the
   * `x-session-token` header of any answer that carries it, a refusal (422) included.
   */
  readonly sessionToken: string | null;
  /**
   * True when the first write came back without the session's write token (an idempotent replay,
   * which never carries it): the helper cannot write to this session any more, and every write
   * through it throws IncorporateSessionError. Start a new session.
   */
  readonly tokenNotReturned: boolean;
  /**
   * One incorporation in the session. Throws IncorporateSessionError (code
   * `session_token_not_returned`) when the session's write token is not returned by the call that
   * should have created the session (see `tokenNotReturned`).
   */
  incorporate(input: Omit<IncorporationInput, "sessionId">, options?: IncorporateOptions): Promise<IncorporationResult>;
  /** The session's log (with the server's report when `verify` is true). */
  fetchAudit(options?: { verify?: boolean }): Promise<AuditLog>;
  /** Fetches the log and verifies it offline against the published keys. */
  verify(): Promise<AuditVerificationReport>;
}

function tokenLostMessage(sessionId: string, cause: "replayed" | "absent" | "earlier"): string {
  const why = {
    replayed:
      "the answer is an idempotent replay of an earlier identical request (idempotent-replayed: true), and a replay never shows the secrets shown once",
    absent: "the answer carried no x-session-token",
    earlier: "the answer to the first write through this helper did not carry it",
  }[cause];
  const noMore = "further write to this session is possible. Start a new session (createSession()) for further writes.";
  const outcome =
    cause === "earlier" ? `No ${noMore}` : `The call itself was answered (see \`result\`), but no ${noMore}`;
  return `The write token of session ${sessionId} was not returned: ${why}. ${outcome}`;
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
  let sessionId = options.sessionId ?? crypto.randomUUID();
  let sessionToken = options.sessionToken ?? null;
  /** Set when the first write came back without the token: whether that answer was a replay. */
  let lost: { replayed: boolean } | null = null;
  return {
    get sessionId() {
      return sessionId;
    },
    get sessionToken() {
      return sessionToken;
    },
    get tokenNotReturned() {
      return lost !== null;
    },
    async incorporate(input, callOptions = {}) {
      const token = sessionToken ?? callOptions.sessionToken ?? null;
      if (!token && lost) {
        throw new IncorporateSessionError(tokenLostMessage(sessionId, "earlier"), {
          sessionId,
          replayed: lost.replayed,
          result: null,
          response: null,
        });
      }
      const answer = await incorporationAnswer(
        { ...input, sessionId },
        { ...options, ...callOptions, ...(token ? { sessionToken: token } : {}) },
      );
      if (answer.sessionToken) {
        // This answer created the session: its token, and the id it was created under, are the session's.
        sessionToken = answer.sessionToken;
        if (answer.sessionId) sessionId = answer.sessionId;
      } else if (!token) {
        // Nothing was presented and nothing came back: the session exists (this call was recorded
        // in it, or replayed from a call that was) and its token is lost to this helper.
        lost = { replayed: answer.replayed };
        throw new IncorporateSessionError(tokenLostMessage(sessionId, answer.replayed ? "replayed" : "absent"), {
          sessionId,
          replayed: answer.replayed,
          result: resultOf(answer),
          response: answer.response,
        });
      }
      return resultOf(answer);
    },
    fetchAudit(fetchOptions = {}) {
      return fetchAudit(sessionId, { ...options, ...fetchOptions });
    },
    async verify() {
      return verifyAudit(await fetchAudit(sessionId, options), options);
    },
  };
}
