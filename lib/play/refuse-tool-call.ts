import type { z } from "zod";
import { canonicalLength, hiddenCharactersAt, PUBLIC_LOG_LIMITS, toPublicLogName } from "../text/public-log";
import { playTools } from "./tools";

/**
 * Why the server refused a tool call before running it. Stored as is in the call's audit entry
 * (`output: {error: code, field?}`), streamed in its `data-audit` part, and worded by the page in
 * its language (app/(pages)/play/words.ts); docs/play.md lists them.
 */
export type RefusalCode =
  | "tool_unknown"
  | "input_not_json"
  | "input_invalid"
  | "input_hidden_characters"
  | "input_too_large";

export interface Refusal {
  code: RefusalCode;
  /** The input member at fault (a dotted path), when there is one. */
  field?: string;
}

/** The English sentence the model (and a client without its own wording) gets for a refusal. */
const REFUSAL_TEXT: Record<RefusalCode, string> = {
  tool_unknown: "There is no tool by that name.",
  input_not_json: "The call's arguments are not a JSON object.",
  input_invalid: "The call's arguments do not fit the tool's input schema.",
  input_hidden_characters: "The call's arguments hold hidden or control characters.",
  input_too_large: `The call's arguments are longer than ${PUBLIC_LOG_LIMITS.value} characters.`,
};

/** `Refused: <sentence> [code field]`, the text a refused call's result and card carry. */
export function refusalText(refusal: Refusal): string {
  const tag = refusal.field ? `${refusal.code} ${refusal.field}` : refusal.code;
  return `Refused: ${REFUSAL_TEXT[refusal.code]} [${tag}]`;
}

export interface CheckedCall {
  /** The name as the log keeps it (toPublicLogName). */
  toolName: string;
  /** The parsed arguments, or the raw text when they are not JSON. */
  input: unknown;
  refusal: Refusal | null;
}

/**
 * Checks a model's tool call as the AI SDK will (tool name, JSON arguments, the tool's schema) and
 * by the public log's text rule, before anything runs: a call refused here is never run, whatever
 * the SDK decides, and its entry says why with a code.
 */
export function checkToolCall(toolName: string, rawInput: string): CheckedCall {
  const name = toPublicLogName(toolName);
  let input: unknown;
  try {
    input = rawInput.trim() === "" ? {} : JSON.parse(rawInput);
  } catch {
    return { toolName: name, input: rawInput, refusal: { code: "input_not_json" } };
  }
  const refuse = (refusal: Refusal): CheckedCall => ({ toolName: name, input, refusal });
  if (!Object.hasOwn(playTools, toolName)) return refuse({ code: "tool_unknown" });
  if (input === null || typeof input !== "object" || Array.isArray(input)) return refuse({ code: "input_not_json" });
  const hidden = hiddenCharactersAt(input);
  if (hidden !== null) return refuse({ code: "input_hidden_characters", ...(hidden ? { field: hidden } : {}) });
  if (canonicalLength(input) > PUBLIC_LOG_LIMITS.value) return refuse({ code: "input_too_large" });
  const schema = playTools[toolName as keyof typeof playTools].inputSchema as unknown as z.ZodType;
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const path = parsed.error.issues[0]?.path.map(String).join(".");
    return refuse({ code: "input_invalid", ...(path ? { field: toPublicLogName(path) } : {}) });
  }
  return { toolName: name, input, refusal: null };
}
