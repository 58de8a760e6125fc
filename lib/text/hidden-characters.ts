/**
 * The one rule for text that people will read (registry listings, an incorporation's objeto, the
 * demo agent's messages): no character that hides or disguises what a reader sees. That is every
 * control character (ESC, NUL, ...: they reach terminals, CSV and generated files), the zero-width
 * space, word joiner and BOM, and the bidirectional marks, embeddings, overrides and isolates that
 * reorder text on screen. Joiners that emoji and some scripts need (U+200C, U+200D) stay allowed.
 */
const HIDDEN_CLASS = "[\\p{Cc}\\u061C\\u200B\\u200E\\u200F\\u2060\\uFEFF\\u202A-\\u202E\\u2066-\\u2069]";
const HIDDEN = new RegExp(HIDDEN_CLASS, "u");
// Multi-line text may break lines and indent with tabs; nothing else of the class.
const HIDDEN_MULTILINE = new RegExp(`(?![\\t\\n\\r])${HIDDEN_CLASS}`, "u");

/** True when `text` holds a character the rule refuses; `multiline` allows tab, line feed and carriage return. */
export function hasHiddenCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? HIDDEN_MULTILINE : HIDDEN).test(text);
}

const HIDDEN_ALL = new RegExp(HIDDEN_CLASS, "gu");
const HIDDEN_ALL_MULTILINE = new RegExp(`(?![\\t\\n\\r])${HIDDEN_CLASS}`, "gu");

/**
 * `text` with each refused character replaced by U+FFFD, for text that is kept although it was
 * refused (the summary of a rejected request in the audit log): it stays readable and harmless.
 */
export function replaceHiddenCharacters(text: string, options: { multiline?: boolean } = {}): string {
  return text.replace(options.multiline ? HIDDEN_ALL_MULTILINE : HIDDEN_ALL, "\uFFFD");
}
