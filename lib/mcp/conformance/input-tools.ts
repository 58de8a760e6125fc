import { randomBytes } from "node:crypto";
import {
  type CallToolResult,
  createRequestStateCodec,
  type ElicitRequestFormParams,
  type InputRequest,
  inputRequired,
  inputResponse,
  type McpServer,
  type RequestStateCodec,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { z } from "zod";

/*
 * The conformance fixtures that ask the client for input (see fixtures.ts): each returns
 * an input_required result, which a 2026-07-28 client answers by calling again, and which the SDK
 * turns into a server-to-client request on a 2025 connection that can carry one.
 */

const text = (value: string): CallToolResult => ({ content: [{ type: "text", text: value }] });

type RequestedSchema = ElicitRequestFormParams["requestedSchema"];
const askFor = (message: string, requestedSchema: Record<string, unknown>): InputRequest =>
  inputRequired.elicit({ message, requestedSchema: requestedSchema as RequestedSchema });
const askString = (message: string, field: string) =>
  askFor(message, { type: "object", properties: { [field]: { type: "string" } }, required: [field] });

const ELICITATION_DEFAULTS = {
  type: "object",
  properties: {
    name: { type: "string", description: "User name", default: "John Doe" },
    age: { type: "integer", description: "User age", default: 30 },
    score: { type: "number", description: "User score", default: 95.5 },
    status: { type: "string", description: "User status", enum: ["active", "inactive", "pending"], default: "active" },
    verified: { type: "boolean", description: "Verification status", default: true },
  },
};

const ELICITATION_ENUMS = {
  type: "object",
  properties: {
    untitledSingle: { type: "string", enum: ["option1", "option2", "option3"] },
    titledSingle: {
      type: "string",
      oneOf: [
        { const: "value1", title: "First Option" },
        { const: "value2", title: "Second Option" },
        { const: "value3", title: "Third Option" },
      ],
    },
    legacyEnum: {
      type: "string",
      enum: ["opt1", "opt2", "opt3"],
      enumNames: ["Option One", "Option Two", "Option Three"],
    },
    untitledMulti: { type: "array", items: { type: "string", enum: ["option1", "option2", "option3"] } },
    titledMulti: {
      type: "array",
      items: {
        anyOf: [
          { const: "value1", title: "First Choice" },
          { const: "value2", title: "Second Choice" },
          { const: "value3", title: "Third Choice" },
        ],
      },
    },
  },
};

/** A tool that asks the client one question and answers with what came back, in either era. */
function asking(key: string, ask: () => InputRequest, answer: (view: ReturnType<typeof inputResponse>) => string) {
  return (ctx: ServerContext) => {
    const view = inputResponse(ctx.mcpReq.inputResponses, key);
    if (view.kind === "missing") return inputRequired({ inputRequests: { [key]: ask() } });
    return text(answer(view));
  };
}

const elicited = (view: ReturnType<typeof inputResponse>) =>
  view.kind === "elicit" ? `action=${view.action}, content=${JSON.stringify(view.content ?? {})}` : "no answer";
const sampled = (view: ReturnType<typeof inputResponse>) => {
  if (view.kind !== "sampling") return "no answer";
  const content = view.result.content;
  const first = Array.isArray(content) ? content[0] : content;
  return first?.type === "text" ? first.text : JSON.stringify(first);
};

// requestState is sealed with an HMAC whose key lives as long as the process: the conformance run
// talks to one process. The SDK checks every echoed state with it and answers a changed one -32602.
const STATE_KEY = Symbol.for("sia.conformance.stateCodec");
function stateCodec(): RequestStateCodec<string> {
  const g = globalThis as typeof globalThis & { [STATE_KEY]?: RequestStateCodec<string> };
  g[STATE_KEY] ??= createRequestStateCodec<string>({ key: randomBytes(32) });
  return g[STATE_KEY];
}
const sealState = (value: string): Promise<string> => stateCodec().mint(value);
const openState = (ctx: ServerContext): string | undefined => ctx.mcpReq.requestState<string>();

/** What the fixtures add to the server's options: the check of echoed requestState. */
export function conformanceServerOptions(): { requestState: { verify: RequestStateCodec<string>["verify"] } } {
  return { requestState: { verify: (state, ctx) => stateCodec().verify(state, ctx) } };
}

/** The tools that ask for elicitation or sampling in one round. */
export function registerAskingTools(server: McpServer): void {
  const message = z.object({ message: z.string() });
  server.registerTool(
    "test_elicitation",
    { description: "Asks the user for a name and e-mail.", inputSchema: message },
    (args, ctx) =>
      asking(
        "user_info",
        () =>
          askFor(args.message, {
            type: "object",
            properties: {
              username: { type: "string", description: "User's response" },
              email: { type: "string", description: "User's email address" },
            },
            required: ["username", "email"],
          }),
        (view) => `User response: ${elicited(view)}`,
      )(ctx),
  );
  server.registerTool(
    "test_elicitation_sep1034_defaults",
    { description: "Asks with defaults for every primitive type." },
    (ctx) =>
      asking(
        "defaults",
        () => askFor("Please review and update the form fields with defaults", ELICITATION_DEFAULTS),
        (view) => `Elicitation completed: ${elicited(view)}`,
      )(ctx),
  );
  server.registerTool("test_elicitation_sep1330_enums", { description: "Asks with the five enum forms." }, (ctx) =>
    asking(
      "enums",
      () => askFor("Please select options from the enum fields", ELICITATION_ENUMS),
      (view) => `Elicitation completed: ${elicited(view)}`,
    )(ctx),
  );
  server.registerTool(
    "test_sampling",
    { description: "Asks the client's model.", inputSchema: z.object({ prompt: z.string() }) },
    (args, ctx) =>
      asking(
        "completion",
        () =>
          inputRequired.createMessage({
            messages: [{ role: "user", content: { type: "text", text: args.prompt } }],
            maxTokens: 100,
          }),
        (view) => `LLM response: ${sampled(view)}`,
      )(ctx),
  );
  server.registerTool("test_streaming_elicitation", { description: "Asks the user for a name." }, (ctx) =>
    asking(
      "user_name",
      () => askString("What is your name?", "name"),
      (view) => `Hello, ${elicited(view)}`,
    )(ctx),
  );
  // Asks for sampling: on 2026-07-28 the SDK refuses the call with -32021 (HTTP 400) when the
  // request's envelope does not declare that capability.
  server.registerTool("test_missing_capability", { description: "Needs the client's sampling capability." }, (ctx) =>
    asking(
      "answer",
      () =>
        inputRequired.createMessage({
          messages: [{ role: "user", content: { type: "text", text: "Say hello." } }],
          maxTokens: 20,
        }),
      (view) => `LLM response: ${sampled(view)}`,
    )(ctx),
  );
}

/** The multi-round-trip tools: state kept in requestState, several inputs, several rounds. */
export function registerMultiRoundTools(server: McpServer): void {
  const capital = () =>
    inputRequired.createMessage({
      messages: [{ role: "user", content: { type: "text", text: "What is the capital of France?" } }],
      maxTokens: 100,
    });
  server.registerTool("test_input_required_result_elicitation", { description: "Asks for a name." }, (ctx) =>
    asking(
      "user_name",
      () => askString("What is your name?", "name"),
      (view) => `Hello, ${view.kind === "elicit" ? String(view.content?.name ?? "") : ""}!`,
    )(ctx),
  );
  server.registerTool("test_input_required_result_sampling", { description: "Asks the client's model." }, (ctx) =>
    asking("capital_question", capital, (view) => `Sampling said: ${sampled(view)}`)(ctx),
  );
  server.registerTool("test_input_required_result_list_roots", { description: "Asks for the client's roots." }, (ctx) =>
    asking(
      "client_roots",
      () => inputRequired.listRoots(),
      (view) => `Roots: ${view.kind === "roots" ? view.roots.map((root) => root.uri).join(", ") : "none"}`,
    )(ctx),
  );
  server.registerTool(
    "test_input_required_result_request_state",
    { description: "Asks for confirmation, keeping state." },
    async (ctx) => {
      const state = openState(ctx);
      const view = inputResponse(ctx.mcpReq.inputResponses, "confirm");
      if (view.kind === "missing" || state !== "confirm") {
        return inputRequired({
          inputRequests: {
            confirm: askFor("Please confirm", {
              type: "object",
              properties: { ok: { type: "boolean" } },
              required: ["ok"],
            }),
          },
          requestState: await sealState("confirm"),
        });
      }
      return text(`state-ok: ${elicited(view)}`);
    },
  );
  server.registerTool(
    "test_input_required_result_multiple_inputs",
    { description: "Asks three things at once." },
    async (ctx) => {
      const state = openState(ctx);
      const keys = ["user_name", "greeting", "client_roots"];
      const views = keys.map((key) => inputResponse(ctx.mcpReq.inputResponses, key));
      if (state !== "all" || views.some((view) => view.kind === "missing")) {
        return inputRequired({
          inputRequests: {
            user_name: askString("What is your name?", "name"),
            greeting: inputRequired.createMessage({
              messages: [{ role: "user", content: { type: "text", text: "Generate a greeting" } }],
              maxTokens: 50,
            }),
            client_roots: inputRequired.listRoots(),
          },
          requestState: await sealState("all"),
        });
      }
      return text(`Received ${keys.join(", ")}.`);
    },
  );
  server.registerTool(
    "test_input_required_result_multi_round",
    { description: "Asks two questions in turn." },
    async (ctx) => {
      const state = openState(ctx);
      const step1 = inputResponse(ctx.mcpReq.inputResponses, "step1");
      const step2 = inputResponse(ctx.mcpReq.inputResponses, "step2");
      if (state === "round-2" && step2.kind === "elicit") return text(`Both steps done: ${elicited(step2)}`);
      if (state === "round-1" && step1.kind === "elicit") {
        return inputRequired({
          inputRequests: { step2: askString("Step 2: What is your favorite color?", "color") },
          requestState: await sealState("round-2"),
        });
      }
      return inputRequired({
        inputRequests: { step1: askString("Step 1: What is your name?", "name") },
        requestState: await sealState("round-1"),
      });
    },
  );
  server.registerTool(
    "test_input_required_result_tampered_state",
    { description: "Keeps integrity-protected state." },
    async (ctx) => {
      const state = openState(ctx);
      if (state === "sealed") return text("state-ok");
      return inputRequired({
        inputRequests: { confirm: askString("Please confirm", "ok") },
        requestState: await sealState("sealed"),
      });
    },
  );
  server.registerTool(
    "test_input_required_result_capabilities",
    { description: "Asks only for what the client declared." },
    (ctx) => {
      const declared = server.server.getClientCapabilities() ?? {};
      const requests: Record<string, InputRequest> = {};
      if (declared.elicitation) requests.user_name = askString("What is your name?", "name");
      if (declared.sampling) requests.capital_question = capital();
      if (declared.roots) requests.client_roots = inputRequired.listRoots();
      const answered = Object.keys(requests).some(
        (key) => inputResponse(ctx.mcpReq.inputResponses, key).kind !== "missing",
      );
      if (answered || Object.keys(requests).length === 0) return text("Done with the declared capabilities.");
      return inputRequired({ inputRequests: requests });
    },
  );
}
