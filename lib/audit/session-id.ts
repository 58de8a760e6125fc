/** How an audit route refuses a path whose session id cannot be one, before anything touches the store. */
export const INVALID_SESSION_ID = {
  code: "invalid_session_id",
  detail: "A session id is 8 to 64 characters of A-Z, a-z, 0-9, '_' or '-' (a UUID fits).",
} as const;
