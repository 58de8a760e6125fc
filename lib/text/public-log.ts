import canonicalize from "canonicalize";
import { hasHiddenCharacters, replaceHiddenCharacters } from "./hidden-characters";
import { clipText, toWellFormedJson } from "./well-formed";

/**
 * The one rule for what a caller or a model puts into the public audit log (docs/play.md, "What
 * enters the public log"): text that is run is refused when it hides characters or is too large;
 * text that is only kept as a record of a refusal is escaped (each hidden character becomes U+FFFD)
 * and cut to a short excerpt, so a refused call can never smuggle 300 KB or a bidi override into
 * the log, its badge or the dashboard.
 */
export const PUBLIC_LOG_LIMITS = {
  /** Characters of a name (a tool's name as the model wrote it). */
  name: 64,
  /** Characters of the canonical JSON of an input that is run. */
  value: 4096,
  /** Characters of the excerpt kept of a refused input. */
  excerpt: 500,
} as const;

/** A name as the log keeps it: hidden characters escaped, at most PUBLIC_LOG_LIMITS.name characters. */
export function toPublicLogName(name: string): string {
  return clipText(replaceHiddenCharacters(toWellFormedJson(name)), PUBLIC_LOG_LIMITS.name);
}

/**
 * The path (`a.b.0`) of the first string in `value`, member names included, that holds a hidden
 * character (tab and line breaks allowed), or null when none does.
 */
export function hiddenCharactersAt(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return hasHiddenCharacters(value, { multiline: true }) ? path.join(".") : null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = hiddenCharactersAt(v, [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (hasHiddenCharacters(k)) return [...path, toPublicLogName(k)].join(".");
      const found = hiddenCharactersAt(v, [...path, k]);
      if (found !== null) return found;
    }
  }
  return null;
}

/** The length of the value's canonical JSON (RFC 8785), what the log signs. */
export function canonicalLength(value: unknown): number {
  return (canonicalize(toWellFormedJson(value)) ?? "").length;
}

/**
 * A refused input as the log keeps it: the value itself when it is small and clean; otherwise
 * `{excerpt, chars}`, the start of its JSON (or of the raw text when it was not JSON) with hidden
 * characters escaped, and the length of the whole.
 */
export function toPublicLogExcerpt(value: unknown): unknown {
  const text = typeof value === "string" ? value : (canonicalize(toWellFormedJson(value)) ?? "null");
  if (typeof value !== "string" && text.length <= PUBLIC_LOG_LIMITS.excerpt && hiddenCharactersAt(value) === null) {
    return value;
  }
  return {
    excerpt: clipText(replaceHiddenCharacters(toWellFormedJson(text), { multiline: true }), PUBLIC_LOG_LIMITS.excerpt),
    chars: text.length,
  };
}
