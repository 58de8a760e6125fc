/**
 * Where a session's log and its views live, relative to the service's origin. Built in one place so
 * that pages, incorporation answers and links agree (and always encode the id). Pure: client
 * components import it too. The client package (packages/incorporate) keeps its own copy, as it
 * imports nothing from the service.
 */
export function auditPaths(sessionId: string) {
  const id = encodeURIComponent(sessionId);
  const log = `/api/play/audit/${id}`;
  return {
    /** The log as JSON, with a fresh signed checkpoint. */
    log,
    /** The log with the server's verification report. */
    verified: `${log}?verify=1`,
    csv: `${log}/csv`,
    /** Server-sent events: the entries, then each new one. */
    stream: `${log}/stream`,
    badge: `/api/badge/${id}`,
    dashboard: `/dashboard/${id}`,
  };
}

/**
 * The session's badge in a page's language: `?lang=es` on Spanish pages, the plain path (English,
 * the badge's default for READMEs) otherwise. `extra` adds query members (a cache-busting count).
 */
export function badgePath(sessionId: string, lang: "es" | "en", extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ ...(lang === "es" ? { lang } : {}), ...extra }).toString();
  return `${auditPaths(sessionId).badge}${query ? `?${query}` : ""}`;
}
