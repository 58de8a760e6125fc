import { isSessionId } from "../audit/entry";
import { checkSessionWrite } from "../audit/log";
import { ApiError } from "../http/problem";
import { randomToken } from "../identity/random-token";

export interface PlaySession {
  sessionId: string;
  /**
   * The write token of a session this request may create (it did not exist when the request came):
   * sent in `x-session-token`; the session is created with it by the request's first entry.
   */
  newToken: string | null;
  /** The token this request's appends present. */
  writeToken: string | null;
}

/**
 * The session a POST /api/play writes to, settled before the response starts: `sessionId` names it
 * (the body's or the `x-session-id` header's, see requestedPlaySession; a UUID v4 is made when
 * absent) and `x-session-token` must be its write token when it already exists, so the 403s are
 * plain problem responses. Nothing is written here: a new session is created by its first entry,
 * with the token made here (it goes in a response header, which cannot wait for the stream). A
 * request that appends no entry leaves no session, and its token opens nothing.
 */
export async function openPlaySession(
  headers: Headers,
  sessionId: string | null = headers.get("x-session-id"),
): Promise<PlaySession> {
  const token = headers.get("x-session-token");
  if (sessionId !== null && !isSessionId(sessionId)) {
    throw new ApiError(
      "invalid_session_id",
      "The x-session-id header must be 8 to 64 characters of A-Z, a-z, 0-9, '_' or '-' (a UUID fits), or be left out to start a new session.",
    );
  }
  if (sessionId === null && token !== null) {
    throw new ApiError("bad_request", "An x-session-token was sent without the session id it belongs to.");
  }
  const id = sessionId ?? crypto.randomUUID();
  const { exists } = await checkSessionWrite({ sessionId: id, sessionToken: token });
  if (exists) return { sessionId: id, newToken: null, writeToken: token };
  const newToken = randomToken();
  return { sessionId: id, newToken, writeToken: newToken };
}
