/**
 * A link into /incorporar that fills the "add to a session I already have" fields. The id and the
 * write token travel in the URL fragment, which the browser never sends to a server (nor to its
 * logs or a Referer); the wizard reads it once and removes it from the address bar.
 */
export function incorporateIntoHref(sessionId: string, token: string): string {
  return `/incorporar#${new URLSearchParams({ session: sessionId, token })}`;
}

/** The session id and token a fragment made by incorporateIntoHref carries, or null. */
export function readSessionFragment(hash: string): { sessionId: string; token: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const sessionId = params.get("session")?.trim() ?? "";
  const token = params.get("token")?.trim() ?? "";
  return sessionId && token ? { sessionId, token } : null;
}
