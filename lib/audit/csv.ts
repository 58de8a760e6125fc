import { canonicalJson } from "../signing/canonical";

/** Columns of the CSV export: every member needed to rebuild and re-verify each entry. */
export const CSV_COLUMNS = [
  "id",
  "sessionId",
  "seq",
  "ts",
  "kind",
  "action",
  "actor",
  "input",
  "output",
  "outcome",
  "prev",
  "kid",
  "hmac",
  "signature",
] as const;

const JSON_COLUMNS = new Set(["input", "output"]);

/**
 * A cell as RFC 4180 text. Spreadsheets run cells that start with = + - @ (or tab, CR) as formulas,
 * so such cells, and cells that start with an apostrophe, get a leading apostrophe; a verifier
 * removes one leading apostrophe wherever it finds one.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r']/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Canonical JSON, or for a value edited in the store to hold a lone surrogate (which has no canonical form), plain JSON with it escaped. */
function jsonText(value: unknown): string {
  try {
    return canonicalJson(value);
  } catch {
    return JSON.stringify(value);
  }
}

function cellText(column: string, value: unknown): string {
  if (value === undefined || (value === null && column !== "prev" && !JSON_COLUMNS.has(column))) return "";
  if (JSON_COLUMNS.has(column)) return jsonText(value);
  if (column === "prev") return value === null ? "" : String(value);
  return typeof value === "string" ? value : jsonText(value);
}

/** The header row, with its CRLF. */
export const CSV_HEADER_ROW = `${CSV_COLUMNS.join(",")}\r\n`;

/** One entry's row, with its CRLF; a value that is not an object (an unparseable stored item) gives empty cells. */
export function csvRow(raw: unknown): string {
  const entry = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  return `${CSV_COLUMNS.map((c) => csvCell(cellText(c, entry[c]))).join(",")}\r\n`;
}

/** The session as CSV: a header row, then one row per entry, CRLF line ends. */
export function toCsv(entries: unknown[]): string {
  return CSV_HEADER_ROW + entries.map(csvRow).join("");
}
