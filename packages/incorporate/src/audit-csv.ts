/**
 * Reads the service's CSV export (`GET /api/play/audit/{sessionId}/csv`) back into entries, so an
 * export verifies offline like the JSON one: pass them to `verifyAuditLog` with the checkpoint the
 * export came with (its `x-audit-checkpoint` header).
 */

import { DuplicateMemberError, parseStrictJson } from "./strict-json.ts";

/** The rows of an RFC 4180 text (quoted cells may hold commas, quotes doubled, and line breaks). */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === "") quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (quoted) throw new Error("the CSV ends inside a quoted cell");
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

const JSON_COLUMNS = new Set(["input", "output"]);

/** One cell as the entry member it was written from (see docs/audit-log.md, Exports). */
function memberOf(column: string, written: string): unknown {
  // Cells a spreadsheet would run as formulas carry one extra leading apostrophe.
  const cell = written.startsWith("'") ? written.slice(1) : written;
  if (JSON_COLUMNS.has(column)) {
    try {
      return parseStrictJson(cell);
    } catch (err) {
      // A repeated member would read one way here and another elsewhere: no verdict on such a row.
      if (err instanceof DuplicateMemberError) throw err;
      return cell;
    }
  }
  if (column === "seq") return /^(0|[1-9][0-9]*)$/.test(cell) ? Number(cell) : cell;
  if (column === "prev") return cell === "" ? null : cell;
  return cell === "" ? undefined : cell;
}

/** The entries of a CSV export, in order; a member written as an empty cell is left out. */
export function parseAuditCsv(text: string): Record<string, unknown>[] {
  const [header, ...rows] = parseCsvRows(text);
  if (!header?.includes("seq") || !header.includes("hmac")) {
    throw new Error("not an audit CSV export: its header row names no seq and hmac columns");
  }
  const repeated = header.find((column, i) => header.indexOf(column) !== i);
  if (repeated !== undefined) throw new DuplicateMemberError(repeated);
  return rows.map((cells, row) => {
    const entry: Record<string, unknown> = {};
    header.forEach((column, i) => {
      let value: unknown;
      try {
        value = memberOf(column, cells[i] ?? "");
      } catch (err) {
        if (err instanceof DuplicateMemberError) {
          throw new DuplicateMemberError(err.member, `row ${row + 1}, column ${column}`);
        }
        throw err;
      }
      if (value !== undefined) entry[column] = value;
    });
    return entry;
  });
}
