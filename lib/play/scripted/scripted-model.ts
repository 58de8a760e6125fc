import { generateId, simulateReadableStream } from "ai";
import type { CallOptions, GenerateResult, LanguageModelV4, StreamPart, StreamResult } from "./model-types";
import { nextScriptedStep, type ScriptedStep } from "./next-step";

export interface ScriptedModelOptions {
  /** Pause before each step's first chunk and between chunks, so the page shows the agent working. */
  initialDelayMs?: number;
  chunkDelayMs?: number;
}

const roughTokens = (text: string) => Math.ceil(text.length / 4);

function usage(options: CallOptions, output: string) {
  const input = roughTokens(JSON.stringify(options.prompt));
  const out = roughTokens(output);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: out, text: out, reasoning: 0 },
  };
}

/** Splits text into small pieces (a few words each) so it streams like a model's output. */
function pieces(text: string): string[] {
  return text.match(/\S+\s*\S*\s*\S*\s*|\s+/g) ?? [text];
}

/**
 * The demo agent's default model: a LanguageModelV4 that needs no network and no key. Each call
 * reads its prompt (the conversation plus the tool results so far) and either calls the next tool
 * its plan for the last user message needs, or writes the final answer from the results (see
 * next-step.ts). Deterministic apart from the tool call ids. A stream can be read once: build one
 * model per request.
 */
export class ScriptedModel implements LanguageModelV4 {
  readonly specificationVersion = "v4";
  readonly provider = "sociedades-ia";
  readonly modelId = "scripted-agent-v1";
  readonly supportedUrls = {};

  constructor(private readonly options: ScriptedModelOptions = {}) {}

  async doGenerate(options: CallOptions): Promise<GenerateResult> {
    const step = nextScriptedStep(options.prompt);
    if (step.type === "text") {
      return {
        content: [{ type: "text", text: step.text }],
        finishReason: { unified: "stop", raw: "stop" },
        usage: usage(options, step.text),
        warnings: [],
      };
    }
    const input = JSON.stringify(step.input);
    return {
      content: [{ type: "tool-call", toolCallId: `call_${generateId()}`, toolName: step.toolName, input }],
      finishReason: { unified: "tool-calls", raw: "tool-calls" },
      usage: usage(options, input),
      warnings: [],
    };
  }

  async doStream(options: CallOptions): Promise<StreamResult> {
    const step = nextScriptedStep(options.prompt);
    const chunks: StreamPart[] = [
      { type: "stream-start", warnings: [] },
      { type: "response-metadata", id: `resp_${generateId()}`, modelId: this.modelId, timestamp: new Date() },
      ...stepParts(step),
    ];
    const output = step.type === "text" ? step.text : JSON.stringify(step.input);
    chunks.push({
      type: "finish",
      finishReason:
        step.type === "text" ? { unified: "stop", raw: "stop" } : { unified: "tool-calls", raw: "tool-calls" },
      usage: usage(options, output),
    });
    return {
      stream: simulateReadableStream({
        chunks,
        initialDelayInMs: this.options.initialDelayMs ?? null,
        chunkDelayInMs: this.options.chunkDelayMs ?? null,
      }),
    };
  }
}

function stepParts(step: ScriptedStep): StreamPart[] {
  const id = `${step.type === "text" ? "txt" : "call"}_${generateId()}`;
  if (step.type === "text") {
    return [
      { type: "text-start", id },
      ...pieces(step.text).map((delta): StreamPart => ({ type: "text-delta", id, delta })),
      { type: "text-end", id },
    ];
  }
  const input = JSON.stringify(step.input);
  return [
    { type: "tool-input-start", id, toolName: step.toolName },
    { type: "tool-input-delta", id, delta: input },
    { type: "tool-input-end", id },
    { type: "tool-call", toolCallId: id, toolName: step.toolName, input },
  ];
}
