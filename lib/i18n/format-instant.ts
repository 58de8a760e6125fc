/**
 * The one way the site writes an instant: `2026-01-15 12:00:00 UTC`, in UTC as the audit log and
 * its checkpoints record it, with the zone always said. A pure string operation, so a server render
 * and the browser's hydration agree whatever their locale or time zone. Client code imports it.
 */
export function formatInstant(ts: unknown): string {
  if (typeof ts !== "string") return "—";
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d+)?Z$/.exec(ts);
  return match ? `${match[1]} ${match[2]} UTC` : ts;
}

/** A calendar date (`YYYY-MM-DD`, e.g. a registry record's listedSince) in the same style: as it is. */
export function formatDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : "—";
}
