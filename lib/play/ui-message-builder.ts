import type { PlayUIMessage } from "./ui-message";
import type { UIStreamChunk } from "./ui-stream-reader";

/**
 * Builds the assistant's UI message from the chunks of the UI message stream, the way the AI SDK's
 * chat client does for the chunk types /api/play sends: text, steps, tool calls (static and
 * dynamic) and data parts. The result is what the page shows and what it sends back with the next
 * message, so its parts keep the SDK's shapes (the server validates them with the SDK).
 * Every update returns new message and part objects: React state can hold them as they are.
 */

type Part = PlayUIMessage["parts"][number];
type LoosePart = { type: string } & Record<string, unknown>;

export interface AssistantDraft {
  message: PlayUIMessage;
  /** Index in `parts` of each text part still streaming, by the stream's text id. */
  openText: Record<string, number>;
  /** Raw input text of each tool call whose input is still streaming, by tool call id. */
  inputText: Record<string, string>;
}

export function startAssistant(id: string): AssistantDraft {
  return { message: { id, role: "assistant", parts: [] }, openText: {}, inputText: {} };
}

/** A tool call part: `tool-<name>` for the declared tools, `dynamic-tool` for others. */
export function isToolPart(part: { type: string }): part is LoosePart & { toolCallId: string; state: string } {
  return part.type.startsWith("tool-") || part.type === "dynamic-tool";
}

/** The name of the tool a tool call part called. */
export function toolNameOf(part: LoosePart): string {
  return part.type === "dynamic-tool" ? String(part.toolName) : part.type.slice("tool-".length);
}

function withParts(draft: AssistantDraft, parts: LoosePart[]): AssistantDraft {
  return { ...draft, message: { ...draft.message, parts: parts as Part[] } };
}

function replacePart(draft: AssistantDraft, index: number, part: LoosePart): AssistantDraft {
  const parts = [...(draft.message.parts as LoosePart[])];
  parts[index] = part;
  return withParts(draft, parts);
}

function toolPartIndex(draft: AssistantDraft, toolCallId: unknown): number {
  const parts = draft.message.parts as LoosePart[];
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i];
    if (part && isToolPart(part) && part.toolCallId === toolCallId) return i;
  }
  return -1;
}

/**
 * Sets a tool call's state and members, adding its part if the call is new. Members given as
 * undefined are dropped, as they are when the message is sent back as JSON.
 */
function updateTool(draft: AssistantDraft, chunk: UIStreamChunk, members: Record<string, unknown>): AssistantDraft {
  const index = toolPartIndex(draft, chunk.toolCallId);
  const previous = index >= 0 ? (draft.message.parts[index] as LoosePart) : undefined;
  const dynamic = previous ? previous.type === "dynamic-tool" : chunk.dynamic === true;
  const toolName = previous ? toolNameOf(previous) : String(chunk.toolName);
  const part: LoosePart = {
    ...(dynamic ? { type: "dynamic-tool", toolName } : { type: `tool-${toolName}` }),
    toolCallId: chunk.toolCallId,
    input: previous?.input,
    ...members,
  };
  for (const key of Object.keys(part)) if (part[key] === undefined) delete part[key];
  return index >= 0
    ? replacePart(draft, index, part)
    : withParts(draft, [...(draft.message.parts as LoosePart[]), part]);
}

/** The message after one chunk. `start` may rename the message; chunks of other kinds change nothing. */
export function applyChunk(draft: AssistantDraft, chunk: UIStreamChunk): AssistantDraft {
  const parts = draft.message.parts as LoosePart[];
  switch (chunk.type) {
    case "start":
      return typeof chunk.messageId === "string"
        ? { ...draft, message: { ...draft.message, id: chunk.messageId } }
        : draft;
    case "start-step":
      return withParts(draft, [...parts, { type: "step-start" }]);
    case "text-start": {
      const next = withParts(draft, [...parts, { type: "text", text: "", state: "streaming" }]);
      return { ...next, openText: { ...draft.openText, [String(chunk.id)]: parts.length } };
    }
    case "text-delta":
    case "text-end": {
      const index = draft.openText[String(chunk.id)];
      const part = index === undefined ? undefined : parts[index];
      if (index === undefined || !part)
        throw new Error(`The stream sent ${chunk.type} for a text part it never started.`);
      if (chunk.type === "text-delta")
        return replacePart(draft, index, { ...part, text: `${part.text}${chunk.delta}` });
      const { [String(chunk.id)]: _closed, ...openText } = draft.openText;
      return { ...replacePart(draft, index, { ...part, state: "done" }), openText };
    }
    case "tool-input-start":
      return {
        ...updateTool(draft, chunk, { state: "input-streaming", input: undefined }),
        inputText: { ...draft.inputText, [String(chunk.toolCallId)]: "" },
      };
    case "tool-input-delta": {
      const text = `${draft.inputText[String(chunk.toolCallId)] ?? ""}${chunk.inputTextDelta}`;
      const next = { ...draft, inputText: { ...draft.inputText, [String(chunk.toolCallId)]: text } };
      // The input is shown as it arrives once it parses; the final input comes with tool-input-available.
      const input = parseOrUndefined(text);
      return input === undefined ? next : updateTool(next, chunk, { state: "input-streaming", input });
    }
    case "tool-input-available":
      return updateTool(draft, chunk, { state: "input-available", input: chunk.input });
    case "tool-input-error":
      return updateTool(draft, chunk, { state: "output-error", input: chunk.input, errorText: chunk.errorText });
    case "tool-output-available":
      return updateTool(draft, chunk, { state: "output-available", output: chunk.output });
    case "tool-output-error":
      return updateTool(draft, chunk, { state: "output-error", errorText: chunk.errorText });
    case "tool-output-denied":
      return updateTool(draft, chunk, { state: "output-denied" });
    default:
      if (chunk.type.startsWith("data-") && chunk.transient !== true) return applyData(draft, chunk);
      return draft;
  }
}

/** A data part: one with the same type and id is replaced, as the SDK does; others are appended. */
function applyData(draft: AssistantDraft, chunk: UIStreamChunk): AssistantDraft {
  const part: LoosePart = { type: chunk.type, ...(chunk.id === undefined ? {} : { id: chunk.id }), data: chunk.data };
  const parts = draft.message.parts as LoosePart[];
  const index = chunk.id === undefined ? -1 : parts.findIndex((p) => p.type === chunk.type && p.id === chunk.id);
  return index >= 0 ? replacePart(draft, index, part) : withParts(draft, [...parts, part]);
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
