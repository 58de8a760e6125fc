import type { LanguageModel } from "ai";

/**
 * The AI SDK's language model specification v4 (from @ai-sdk/provider, which `ai` depends on),
 * reached through the types `ai` exports so that no undeclared package is imported.
 */
export type LanguageModelV4 = Extract<LanguageModel, { specificationVersion: "v4" }>;
export type CallOptions = Parameters<LanguageModelV4["doStream"]>[0];
export type Prompt = CallOptions["prompt"];
export type StreamResult = Awaited<ReturnType<LanguageModelV4["doStream"]>>;
export type StreamPart = StreamResult["stream"] extends ReadableStream<infer P> ? P : never;
export type GenerateResult = Awaited<ReturnType<LanguageModelV4["doGenerate"]>>;
