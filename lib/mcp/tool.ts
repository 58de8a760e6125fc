import type { z } from "zod";
import type { RateLimitName } from "../config/config";

/** What a tool needs from the HTTP request that carried the call. */
export interface ToolContext {
  request: Request;
  baseUrl: string;
  lang: "es" | "en";
}

/** A tool's answer: the structured result (checked against `output`) and one short line for people. */
export interface ToolAnswer<O> {
  data: O;
  text: string;
}

/**
 * One MCP tool. Input and output are the zod contracts the REST handlers and the OpenAPI description
 * use, so the three cannot drift. `rateLimit` is the limit of the REST route the tool stands for.
 */
export interface McpTool<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: { readOnlyHint: boolean; idempotentHint: boolean; destructiveHint: boolean; openWorldHint: boolean };
  rateLimit?: { name: RateLimitName; write: boolean };
  run(args: z.infer<I>, ctx: ToolContext): Promise<ToolAnswer<z.infer<O>>>;
}

/** Keeps each tool's generic types while the table holds them side by side. */
export function defineTool<I extends z.ZodObject, O extends z.ZodType>(tool: McpTool<I, O>): McpTool<I, O> {
  return tool;
}

/** Annotation presets: reads change nothing; `incorporate` writes, but a repeat with its key writes nothing more. */
export const READ_ONLY = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false };
