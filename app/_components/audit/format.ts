/**
 * Formatting shared by the audit pages. Every function is a pure string operation, so a server
 * render and the browser's hydration produce the same text whatever their locale or time zone.
 */

/** `2026-01-15T12:00:00.000Z` -> `2026-01-15 12:00:00`; anything else is shown as it is. */
export function formatUtc(ts: unknown): string {
  if (typeof ts !== "string") return "—";
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d+)?Z$/.exec(ts);
  return match ? `${match[1]} ${match[2]}` : ts;
}

/** The first 12 hex digits of a `sha256:<hex>` value, enough to tell entries apart at a glance. */
export function shortHash(value: unknown): string {
  if (typeof value !== "string") return "—";
  const hex = value.startsWith("sha256:") ? value.slice(7) : value;
  return hex.length > 12 ? `${hex.slice(0, 12)}…` : hex;
}

/** Indented JSON for reading; `undefined` (no value) shows as an empty string. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? "";
}

/** A member of an entry that may be missing or of the wrong type in a hand-edited log. */
export function field(entry: unknown, name: string): unknown {
  return entry !== null && typeof entry === "object" && !Array.isArray(entry)
    ? (entry as Record<string, unknown>)[name]
    : undefined;
}
