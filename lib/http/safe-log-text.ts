/** Most characters of one value a log line carries. */
export const LOG_TEXT_MAX_CHARS = 300;

/**
 * Text from a client (or an error that may quote one) made safe for one log line: every control,
 * line-breaking, bidirectional or invisible character is written as an escape, and the text is cut
 * to `max` characters with the full length said. A client then cannot forge a log line, hide text
 * from whoever reads the log, or fill the log with one request.
 */
export function safeLogText(value: unknown, max = LOG_TEXT_MAX_CHARS): string {
  const text = typeof value === "string" ? value : String(value);
  const cut = text.length > max ? text.slice(0, max) : text;
  const escaped = cut.replace(
    // C0, DEL, C1, line and paragraph separators, bidirectional controls, zero-width and BOM: the
    // control characters are the point of this expression.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is escaped.
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\\]/g,
    (c) => (c === "\\" ? "\\\\" : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`),
  );
  return text.length > max ? `${escaped}… [${text.length} chars]` : escaped;
}
