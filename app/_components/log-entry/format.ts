/**
 * Formatting shared by the audit pages. Every function is a pure string operation, so a server
 * render and the browser's hydration produce the same text whatever their locale or time zone.
 */

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
