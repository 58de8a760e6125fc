import type { PlayToolName } from "../tools";

/** A tool call's result as the scripted model reads it back from its prompt. */
export type ToolOutcome =
  | { toolName: PlayToolName; ok: true; output: Record<string, unknown> }
  | { toolName: PlayToolName; ok: false; error: string };
