import { completable, inputRequired, inputResponse, type McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { FIXTURE_PNG } from "./media";

const user = (content: Record<string, unknown>) => ({ role: "user" as const, content }) as never;

/** The conformance suite's prompts (see fixtures.ts): plain, with arguments, embedded content, input. */
export function registerConformancePrompts(server: McpServer): void {
  server.registerPrompt("test_simple_prompt", { description: "A simple prompt without arguments." }, () => ({
    messages: [user({ type: "text", text: "This is a simple prompt for testing." })],
  }));
  server.registerPrompt(
    "test_prompt_with_arguments",
    {
      description: "A prompt with two required arguments.",
      argsSchema: z.object({
        // Completes the first argument from a short fixed list, for completion/complete.
        arg1: completable(z.string().describe("First test argument"), (value) =>
          ["paris", "park", "party"].filter((word) => word.startsWith(value ?? "")),
        ),
        arg2: z.string().describe("Second test argument"),
      }),
    },
    ({ arg1, arg2 }) => ({
      messages: [user({ type: "text", text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` })],
    }),
  );
  server.registerPrompt(
    "test_prompt_with_embedded_resource",
    {
      description: "A prompt that embeds a resource.",
      argsSchema: z.object({ resourceUri: z.string().describe("URI of the resource to embed") }),
    },
    ({ resourceUri }) => ({
      messages: [
        user({
          type: "resource",
          resource: { uri: resourceUri, mimeType: "text/plain", text: "Embedded resource content for testing." },
        }),
        user({ type: "text", text: "Please process the embedded resource above." }),
      ],
    }),
  );
  server.registerPrompt("test_prompt_with_image", { description: "A prompt with an image." }, () => ({
    messages: [
      user({ type: "image", data: FIXTURE_PNG, mimeType: "image/png" }),
      user({ type: "text", text: "Please analyze the image above." }),
    ],
  }));
  server.registerPrompt("test_input_required_result_prompt", { description: "A prompt that asks first." }, (ctx) => {
    const view = inputResponse(ctx.mcpReq.inputResponses, "user_context");
    if (view.kind !== "elicit") {
      return inputRequired({
        inputRequests: {
          user_context: inputRequired.elicit({
            message: "What context should the prompt use?",
            requestedSchema: { type: "object", properties: { context: { type: "string" } }, required: ["context"] },
          }),
        },
      });
    }
    return { messages: [user({ type: "text", text: `Context: ${String(view.content?.context ?? "")}` })] };
  });
}
