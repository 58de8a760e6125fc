import { type CallToolResult, fromJsonSchema, type McpServer, type ServerContext } from "@modelcontextprotocol/server";
import { z } from "zod";
import { mcpChangeEvents } from "../change-events";
import { registerAskingTools, registerMultiRoundTools } from "./input-tools";
import { FIXTURE_PNG, FIXTURE_WAV } from "./media";
import { registerConformancePrompts } from "./prompts";
import { registerConformanceResources } from "./resources";

/*
 * The tools, prompts and resources the official MCP conformance suite
 * (@modelcontextprotocol/conformance) calls by name, registered only with
 * MCP_CONFORMANCE_FIXTURES=on: they let the suite exercise how /mcp carries content, notifications
 * and multi-round-trip input, which none of the service's own tools need. Never on in production.
 */

export { conformanceServerOptions } from "./input-tools";

const text = (value: string): CallToolResult => ({ content: [{ type: "text", text: value }] });
const NO_ARGS = z.object({});

/** The suite's JSON Schema 2020-12 input, which a tool must list with every keyword kept. */
const SCHEMA_2020_12 = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  $defs: {
    address: {
      $anchor: "addressDef",
      type: "object",
      properties: { street: { type: "string" }, city: { type: "string" } },
    },
  },
  properties: {
    name: { type: "string" },
    address: { $ref: "#/$defs/address" },
    contactMethod: { type: "string", enum: ["phone", "email"] },
    phone: { type: "string" },
    email: { type: "string" },
  },
  allOf: [{ anyOf: [{ required: ["phone"] }, { required: ["email"] }] }],
  if: { properties: { contactMethod: { const: "phone" } }, required: ["contactMethod"] },
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword; this object is never awaited.
  then: { required: ["phone"] },
  else: { required: ["email"] },
  additionalProperties: false,
} as const;

/** A tool input whose `region` travels in the Mcp-Param-Region header too (SEP-2243). */
const HEADER_PARAM_SCHEMA = {
  type: "object",
  properties: { region: { type: "string", "x-mcp-header": "Region" } },
  required: ["region"],
} as Parameters<typeof fromJsonSchema>[0];

function registerContentTools(server: McpServer): void {
  server.registerTool("test_simple_text", { description: "Returns one text block." }, async () =>
    text("This is a simple text response for testing."),
  );
  server.registerTool("test_image_content", { description: "Returns one PNG image." }, async () => ({
    content: [{ type: "image", data: FIXTURE_PNG, mimeType: "image/png" }],
  }));
  server.registerTool("test_audio_content", { description: "Returns one WAV clip." }, async () => ({
    content: [{ type: "audio", data: FIXTURE_WAV, mimeType: "audio/wav" }],
  }));
  server.registerTool("test_embedded_resource", { description: "Returns an embedded text resource." }, async () => ({
    content: [
      {
        type: "resource",
        resource: {
          uri: "test://embedded-resource",
          mimeType: "text/plain",
          text: "This is an embedded resource content.",
        },
      },
    ],
  }));
  server.registerTool(
    "test_multiple_content_types",
    { description: "Returns text, an image and an embedded resource." },
    async () => ({
      content: [
        { type: "text", text: "Multiple content types test:" },
        { type: "image", data: FIXTURE_PNG, mimeType: "image/png" },
        {
          type: "resource",
          resource: {
            uri: "test://mixed-content-resource",
            mimeType: "application/json",
            text: JSON.stringify({ test: "data", value: 123 }),
          },
        },
      ],
    }),
  );
  server.registerTool("test_error_handling", { description: "Always answers with an error result." }, async () => ({
    isError: true,
    content: [{ type: "text", text: "This tool intentionally returns an error for testing" }],
  }));
  // An argument the client also sends as the Mcp-Param-Region header, which the SDK checks against it.
  server.registerTool(
    "test_header_param",
    {
      description: "Echoes an argument mirrored in a request header.",
      inputSchema: fromJsonSchema<{ region: string }>(HEADER_PARAM_SCHEMA),
    },
    async (args) => text(`Region: ${args.region}`),
  );
  server.registerTool(
    "json_schema_2020_12_tool",
    { description: "Tool with JSON Schema 2020-12 features", inputSchema: fromJsonSchema(SCHEMA_2020_12) },
    async () => text("JSON Schema 2020-12 input accepted."),
  );
}

// The lists the suite changes: each trigger flips whether one extra tool or prompt is listed.
const CHANGED = Symbol.for("sia.conformance.changedLists");
function changedLists(): { tools: boolean; prompts: boolean } {
  const g = globalThis as typeof globalThis & { [CHANGED]?: { tools: boolean; prompts: boolean } };
  g[CHANGED] ??= { tools: false, prompts: false };
  return g[CHANGED];
}

/** The hooks the suite calls to change the tool and prompt lists, which open listen streams hear of. */
function registerListChanges(server: McpServer): void {
  const lists = changedLists();
  server.registerTool("test_trigger_tool_change", { description: "Adds or removes test_dynamic_tool." }, () => {
    lists.tools = !lists.tools;
    mcpChangeEvents().publish({ kind: "tools_list_changed" });
    return text(`test_dynamic_tool is now ${lists.tools ? "listed" : "gone"}.`);
  });
  server.registerTool("test_trigger_prompt_change", { description: "Adds or removes test_dynamic_prompt." }, () => {
    lists.prompts = !lists.prompts;
    mcpChangeEvents().publish({ kind: "prompts_list_changed" });
    return text(`test_dynamic_prompt is now ${lists.prompts ? "listed" : "gone"}.`);
  });
  if (lists.tools) {
    server.registerTool("test_dynamic_tool", { description: "Listed after a tool-list change." }, () =>
      text("Dynamic tool."),
    );
  }
  if (lists.prompts) {
    server.registerPrompt("test_dynamic_prompt", { description: "Listed after a prompt-list change." }, () => ({
      messages: [{ role: "user", content: { type: "text", text: "Dynamic prompt." } }],
    }));
  }
}

function registerNotifyingTools(server: McpServer): void {
  const logThree = async (ctx: ServerContext) => {
    for (const line of ["Tool execution started", "Tool processing data", "Tool execution completed"]) {
      await ctx.mcpReq.log("info", line);
    }
    return text("Logged three messages.");
  };
  server.registerTool("test_tool_with_logging", { description: "Logs three messages at info." }, logThree);
  server.registerTool("test_logging_tool", { description: "Logs at info, if the request asked for logs." }, logThree);
  server.registerTool(
    "test_tool_with_progress",
    { description: "Reports progress 0, 50 and 100 of 100.", inputSchema: NO_ARGS },
    async (_args, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken;
      if (progressToken !== undefined) {
        for (const progress of [0, 50, 100]) {
          await ctx.mcpReq.notify({
            method: "notifications/progress",
            params: { progressToken, progress, total: 100 },
          });
        }
      }
      return text(`Progress reported for ${String(progressToken ?? "no token")}.`);
    },
  );
}

/**
 * Registers the conformance suite's fixtures on one request's server, with the capabilities they
 * need (logging, completions, resource subscriptions). Called only with MCP_CONFORMANCE_FIXTURES=on.
 */
export function registerConformanceFixtures(server: McpServer): void {
  server.server.registerCapabilities({ logging: {}, resources: { subscribe: true } });
  registerContentTools(server);
  registerNotifyingTools(server);
  registerAskingTools(server);
  registerMultiRoundTools(server);
  registerListChanges(server);
  registerConformancePrompts(server);
  registerConformanceResources(server);
}
