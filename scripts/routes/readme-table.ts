import { TAGS } from "../../lib/discovery/openapi/operations";
import type { OperationSpec } from "../../lib/endpoint/operation";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** The markers around the README's generated API table. */
export const TABLE_START = "<!-- api-table: written by `npm run routes` from lib/api; do not edit by hand -->";
export const TABLE_END = "<!-- api-table: end -->";

/**
 * The README's API table: one row per operation of the OpenAPI description, grouped by tag in the
 * tags' order and by path within a tag, each with its summary and the docs page of its tag.
 */
export function readmeTable(operations: readonly OperationSpec[]): string {
  const rows = TAGS.flatMap((tag) =>
    operations
      .filter((op) => op.tags[0] === tag.name)
      .toSorted((a, b) => a.path.localeCompare(b.path) || METHODS.indexOf(a.method) - METHODS.indexOf(b.method))
      .map((op) => `| ${op.method} | \`${op.path}\` | ${op.summary} | [${tag.name}](${tag.docs}) |`),
  );
  return [TABLE_START, "| Method | Path | What | Docs |", "|---|---|---|---|", ...rows, TABLE_END].join("\n");
}

/** The README with its table replaced by `table` (markers included). */
export function withReadmeTable(readme: string, table: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error("README.md has no api-table markers");
  return readme.slice(0, start) + table + readme.slice(end + TABLE_END.length);
}
