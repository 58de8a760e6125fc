import type { VerifyMessages } from "@/app/(pages)/verify/words";
import { fill } from "@/lib/i18n/template";

/** Where JSON.parse stopped: a line and column (both from 1), the end of the text, or unknown. */
export type JsonErrorPlace = { line: number; column: number } | "end" | null;

/** The line and column (from 1) of a UTF-16 offset into `text`. */
function placeOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf("\n") + 1;
  return { line: before.split("\n").length, column: offset - lineStart + 1 };
}

/**
 * Where a JSON.parse error of `text` is, read from the engine's message, which every engine words
 * its own way (and in English): Chromium and Node say "at position N" (recent versions add "(line L
 * column C)"), Firefox "at line L column C", Safari gives no place. A text that stops too soon is
 * "end" (Chromium "Unexpected end of JSON input" or a position at the end, Firefox "unexpected end
 * of data", Safari "Unexpected EOF").
 */
export function jsonErrorPlace(text: string, message: string): JsonErrorPlace {
  if (/\bend of (?:JSON input|data)\b|\bEOF\b/i.test(message)) return "end";
  const position = /\bposition (\d+)\b/i.exec(message);
  if (position) {
    const offset = Number(position[1]);
    // Chromium names the end of a cut-off text by its position ("Expected ',' or ']' after array element").
    if (offset <= text.length) return text.slice(offset).trim() === "" ? "end" : placeOf(text, offset);
  }
  const lineColumn = /\bline (\d+) column (\d+)\b/i.exec(message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  return null;
}

/**
 * The field error for pasted text that is not JSON: a sentence in the page's language (with the
 * place of the error when the engine's message gives it) and, apart, the engine's own message,
 * which is English.
 */
export function jsonFailure(
  text: string,
  err: unknown,
  m: VerifyMessages["paste"]["errors"],
): { message: string; detail?: string } {
  const raw = (err instanceof Error ? err.message : String(err)).trim();
  const place = jsonErrorPlace(text, raw);
  const message = place === "end" ? m.jsonEnd : place ? fill(m.jsonAt, place) : m.json;
  return raw ? { message, detail: raw } : { message };
}
