import { McpServer } from "@modelcontextprotocol/server";
import { serviceInfo } from "../discovery/service-info";
import { chargeMore, enforceRateLimit } from "../http/rate-limit";
import { memoJsonSchema } from "./memo-json-schema";
import { registerIncorporarPrompt } from "./prompt";
import { registerResources } from "./resources";
import type { ToolContext } from "./tool";
import { refusalResult } from "./tool-refusal";
import { TOOLS } from "./tool-table";

// Each tool's schemas as Standard Schemas with their JSON Schema converted once per process.
const SCHEMAS = new Map(
  TOOLS.map((tool) => [tool, { input: memoJsonSchema(tool.input), output: memoJsonSchema(tool.output) }]),
);

const INSTRUCTIONS = [
  "Argentine sociedades-IA: a public registry, one-call incorporation and a tamper-evident audit log.",
  "To incorporate: incorporation_check until valid, then incorporate with an idempotencyKey you keep for retries, then audit_verify on the returned audit.sessionId.",
  "The SOCIEDAD-IA form is pending law: incorporation here is preparation, not registration.",
].join(" ");

/**
 * One MCP server instance for one HTTP request (the SDK's per-request factory): every tool of the
 * table, the resources and the prompt, bound to the request that carries the call. A call of a
 * known tool (`onlyTool`) gets that tool alone: the instance serves that one message and nothing
 * else is reachable from it, and registering the rest cost more than the SDK's handling of the call.
 */
export function createMcpServer(ctx: ToolContext, onlyTool?: string): McpServer {
  const service = serviceInfo();
  const server = new McpServer(
    { name: "sociedades-ia", title: service.name, version: service.version },
    {
      instructions: INSTRUCTIONS,
      // Lists change only with a deploy; reads say their own lifetimes (resources.ts).
      cacheHints: {
        "tools/list": { ttlMs: 300_000, cacheScope: "public" },
        "prompts/list": { ttlMs: 300_000, cacheScope: "public" },
        "resources/list": { ttlMs: 300_000, cacheScope: "public" },
        "resources/templates/list": { ttlMs: 300_000, cacheScope: "public" },
        "server/discover": { ttlMs: 300_000, cacheScope: "public" },
      },
      // Arguments are small objects; a flood of members is refused before any handler runs.
      maxToolInputElements: 2_000,
    },
  );
  const called = onlyTool === undefined ? undefined : TOOLS.find((tool) => tool.name === onlyTool);
  for (const tool of called ? [called] : TOOLS) {
    const schemas = SCHEMAS.get(tool);
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: schemas?.input ?? tool.input,
        outputSchema: schemas?.output ?? tool.output,
        annotations: { title: tool.title, ...tool.annotations },
      },
      async (args: unknown) => {
        try {
          // Counted before anything else, refused keys too: guessing keys costs the same budget.
          const limit = tool.rateLimit;
          const limits = limit ? await enforceRateLimit(limit.name, ctx.request, { write: limit.write }) : {};
          const { data, text } = await tool.run(args as never, ctx);
          if (limit && tool.extraUnits)
            await chargeMore(limit.name, ctx.request, tool.extraUnits(data as never), limits);
          return { content: [{ type: "text" as const, text }], structuredContent: data as Record<string, unknown> };
        } catch (err) {
          return refusalResult(err);
        }
      },
    );
  }
  if (called) return server;
  registerResources(server, ctx);
  registerIncorporarPrompt(server);
  return server;
}
