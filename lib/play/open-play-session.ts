import { isSessionId } from "../audit/entry";
import { openSession } from "../audit/log";
import { ApiError } from "../http/problem";

export interface PlaySession {
  sessionId: string;
  /** The write token, when this request created the session: returned once, in `x-session-token`. */
  newToken: string | null;
  /** The token this request's appends present. */
  writeToken: string | null;
}

/**
 * The session a POST /api/play writes to, settled before the response starts: `sessionId` names it
 * (the body's or the `x-session-id` header's, see requestedPlaySession; a UUID v4 is made when absent) and `x-session-token` must be its write token when it already
 * exists. A new session is created here, so the 403s are plain problem responses and the new token
 * can go in a response header, although the entries are appended later, one per tool call, while
 * the answer streams.
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
  const opened = await openSession({ sessionId, sessionToken: token });
  return { sessionId: opened.sessionId, newToken: opened.sessionToken, writeToken: opened.sessionToken ?? token };
}
