import type { PlayUIMessage } from "./ui-message";

/**
 * The conversation without the tool calls and results of earlier answers, as the client sent them
 * back. The client can write anything there, including a result no tool ever produced, and a model
 * takes a tool result as fact: only results of this request's own calls, which have their entries,
 * reach the model as tool results. What earlier answers said in text stays.
 */
export function dropClientToolResults(messages: PlayUIMessage[]): PlayUIMessage[] {
  return messages
    .map((message) =>
      message.role === "assistant"
        ? { ...message, parts: message.parts.filter((part) => part.type === "text" || part.type === "step-start") }
        : message,
    )
    .filter((message) => message.parts.some((part) => part.type === "text"));
}
