import type { z } from "zod";
import type { OperationSpec } from "../../lib/endpoint/operation";
import { ERROR_CODES } from "../../lib/http/error-codes";
import type { McpTool } from "../../lib/mcp/tool";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Markers around a generated table in a docs page; `name` tells two tables of one page apart. */
export const docsMarkers = (name: string) => ({
  start: `<!-- ${name}: written by \`npm run routes\` from the declarations; do not edit by hand -->`,
  end: `<!-- ${name}: end -->`,
});

const AUTH: Record<string, string> = {
  apiKey: "API key when `INCORPORATE_API_KEYS` is set",
  recordToken: "owner or admin token",
  claimToken: "claim token",
  cronSecret: "`CRON_SECRET`",
};

/** A table cell: pipes escaped, one line. */
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");

/** The statuses an operation answers with: its own, then each error status with its codes. */
function answers(op: OperationSpec): string {
  const own = Object.keys(op.responses).map((status) => (status === "304" ? "304" : status));
  const byStatus = new Map<number, string[]>();
  for (const code of op.errors) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), `\`${code}\``]);
  }
  if (op.cacheable && !own.includes("304")) own.push("304");
  const errors = [...byStatus].sort(([a], [b]) => a - b).map(([status, codes]) => `${status} ${codes.join(", ")}`);
  return [own.sort().join(", "), ...errors].join("; ");
}

/**
 * The endpoint table of one docs page: the operations of `tag`, by path and method, each with its
 * summary, who may call it, its rate limit and every status it answers with.
 */
export function endpointTable(tag: string, operations: readonly OperationSpec[]): string {
  const { start, end } = docsMarkers("endpoints");
  const rows = operations
    .filter((op) => op.tags[0] === tag)
    .toSorted((a, b) => a.path.localeCompare(b.path) || METHODS.indexOf(a.method) - METHODS.indexOf(b.method))
    .map((op) => {
      const auth = op.auth ? AUTH[op.auth] : "none";
      const limit = op.rateLimit ? `\`RATE_LIMIT_${op.rateLimit.name.toUpperCase()}\`` : "none";
      return `| ${op.method} | \`${op.path}\` | ${cell(op.summary)} | ${auth} | ${limit} | ${answers(op)} |`;
    });
  return [start, "| Method | Path | What | Auth | Limit | Answers |", "|---|---|---|---|---|---|", ...rows, end].join(
    "\n",
  );
}

/** A tool's arguments as `name` (required) or `name?`, each with its description. */
function toolArguments(input: z.ZodObject): string {
  const entries = Object.entries(input.shape as Record<string, z.ZodType>);
  if (entries.length === 0) return "none";
  return entries
    .map(([name, schema]) => {
      const optional = schema.safeParse(undefined).success;
      const about = schema.description ? `: ${schema.description}` : "";
      return `\`${name}${optional ? "?" : ""}\`${cell(about)}`;
    })
    .join("<br>");
}

/**
 * What each tool stands for over REST. Kept here, by the one table that shows it: a new tool without
 * an entry stops `npm run routes` and the docs test.
 */
const COUNTERPARTS: Record<string, string> = {
  registry_search: "`GET /api/registry`",
  registry_get: "`GET /api/registry/{id}`",
  incorporation_check: "the findings of `POST /api/auto-incorporate`'s 422, writing nothing",
  incorporate: "`POST /api/auto-incorporate`",
  audit_read: "`GET /api/play/audit/{sessionId}`",
  audit_verify: "`GET /api/play/audit/{sessionId}?verify=1`",
  describe_service: "`/.well-known/agents.json`",
  log_checkpoint: "`GET /log/checkpoint`, `GET /log/vkey`",
  log_prove_inclusion: "`GET /log/proof/{index}`",
  log_prove_consistency: "`GET /log/consistency`",
};

/** The top-level members of a tool's result. */
function outputMembers(output: z.ZodType): string {
  const shape = (output as Partial<z.ZodObject>).shape as Record<string, unknown> | undefined;
  return shape
    ? Object.keys(shape)
        .map((k) => `\`${k}\``)
        .join(", ")
    : "see its output schema";
}

/** The MCP tool table of docs/mcp.md: each tool with its title, arguments, result and REST counterpart. */
export function toolTable(tools: readonly McpTool[]): string {
  const { start, end } = docsMarkers("tools");
  const rows = tools.map((tool) => {
    const counterpart = COUNTERPARTS[tool.name];
    if (!counterpart) throw new Error(`MCP tool ${tool.name} has no REST counterpart in scripts/routes/docs-tables.ts`);
    const effect = tool.annotations.readOnlyHint ? "reads" : "writes";
    return `| \`${tool.name}\` | ${cell(tool.title)} | ${toolArguments(tool.input)} | ${outputMembers(tool.output)} | ${effect} | ${counterpart} |`;
  });
  const head = "| Tool | What | Arguments (`?`: optional) | Result members | Effect | REST counterpart |";
  return [start, head, "|---|---|---|---|---|---|", ...rows, end].join("\n");
}

/** `text` with the table between `table`'s own markers replaced by `table`. */
export function withTable(text: string, table: string, file: string): string {
  const start = table.slice(0, table.indexOf("\n"));
  const end = table.slice(table.lastIndexOf("\n") + 1);
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} has no markers for its generated table (${start})`);
  return text.slice(0, from) + table + text.slice(to + end.length);
}

/**
 * Every docs page with its generated tables brought up to date: each tag's page (docs/*.md) gets its
 * endpoint table, docs/mcp.md also its tool table. `read` gives a file's current text.
 */
export function docsWithTables(
  read: (file: string) => string,
  tags: readonly { name: string; docs: string }[],
  operations: readonly OperationSpec[],
  tools: readonly McpTool[],
): { file: string; text: string }[] {
  return tags
    .filter((tag) => /^docs\/[\w-]+\.md$/.test(tag.docs))
    .map((tag) => {
      let text = withTable(read(tag.docs), endpointTable(tag.name, operations), tag.docs);
      if (tag.docs === "docs/mcp.md") text = withTable(text, toolTable(tools), tag.docs);
      return { file: tag.docs, text };
    });
}
