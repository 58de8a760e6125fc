import type { PlayToolName } from "../tools";
import { PLAY_TOOL_NAMES } from "../tools";
import { completeInput } from "./complete-input";
import type { Prompt } from "./model-types";
import { planToolCalls } from "./plan-tool-calls";
import type { ToolOutcome } from "./tool-outcome";
import { writeAnswer } from "./write-answer";

/** What the scripted model does next: call one tool, or answer. */
export type ScriptedStep =
  | { type: "tool-call"; toolName: PlayToolName; input: Record<string, unknown> }
  | { type: "text"; text: string };

const isToolName = (name: string): name is PlayToolName => (PLAY_TOOL_NAMES as string[]).includes(name);

function userText(prompt: Prompt, index: number): string {
  const message = prompt[index];
  if (message?.role !== "user") return "";
  return message.content
    .map((part) => (part.type === "text" ? part.text : ""))
    .join("\n")
    .trim();
}

/** The results of the tool calls made since the last user message, in order. */
function outcomesSince(prompt: Prompt, index: number): ToolOutcome[] {
  const outcomes: ToolOutcome[] = [];
  for (const message of prompt.slice(index + 1)) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result" || !isToolName(part.toolName)) continue;
      const { output } = part;
      const toolName = part.toolName;
      if (output.type === "json" && output.value && typeof output.value === "object" && !Array.isArray(output.value)) {
        outcomes.push({ toolName, ok: true, output: output.value as Record<string, unknown> });
      } else if (output.type === "text") {
        outcomes.push({ toolName, ok: true, output: { value: output.value } });
      } else if (output.type === "error-text") {
        outcomes.push({ toolName, ok: false, error: output.value });
      } else {
        outcomes.push({
          toolName,
          ok: false,
          error: output.type === "error-json" ? JSON.stringify(output.value) : output.type,
        });
      }
    }
  }
  return outcomes;
}

/**
 * Decides the scripted model's next step from its prompt alone, so that every step of the agent
 * loop (a fresh model call with the tool results appended) replays the same plan: the plan of the
 * last user message, minus the calls that already have a result; then the answer built from them.
 */
export function nextScriptedStep(prompt: Prompt): ScriptedStep {
  const lastUser = prompt.findLastIndex((m) => m.role === "user");
  const plan = planToolCalls(userText(prompt, lastUser));
  const outcomes = outcomesSince(prompt, lastUser);
  const skipped: { toolName: PlayToolName; need: "previous" }[] = [];
  let done = 0;
  for (const call of plan.calls) {
    const input = completeInput(call, outcomes.slice(0, done), plan.lang);
    if (input === null) {
      skipped.push({ toolName: call.toolName, need: "previous" });
    } else if (done < outcomes.length) {
      done++;
    } else {
      return { type: "tool-call", toolName: call.toolName, input };
    }
  }
  return { type: "text", text: writeAnswer(plan.lang, outcomes, [...plan.missing, ...skipped]) };
}
