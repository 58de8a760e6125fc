import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { createGateway, type LanguageModel } from "ai";
import { getConfig, type PlayModelSource } from "../config/config";
import { guardModel } from "./guard-model";
import type { LanguageModelV4 } from "./scripted/model-types";
import { ScriptedModel } from "./scripted/scripted-model";

export interface PlayModelInfo {
  source: PlayModelSource["source"];
  /** The model's id as its source names it. */
  model: string;
}

/** Which model source and model the demo agent runs, for /play and the health answer. */
export function playModelInfo(): PlayModelInfo {
  const { source, model } = getConfig().play;
  return { source, model };
}

/**
 * The demo agent's model, built here and nowhere else from the source lib/config/config.ts chose:
 * the scripted model that needs no network (the default), PLAY_MODEL through the AI Gateway, or
 * PLAY_MODEL on an OpenAI-compatible server. A real model is guarded (guard-model.ts), within the
 * request's deadline (PLAY_REQUEST_TIMEOUT from `startedAt`). A new
 * instance per request: a model's stream can be read only once.
 */
export function playModel(startedAt = Date.now()): LanguageModel {
  const play = getConfig().play;
  const deadlineAt = startedAt + play.requestTimeoutMs;
  switch (play.source) {
    case "scripted":
      // A person watching /play reads along at this pace; a load test or a test suite needs none.
      return new ScriptedModel(play.pace === "human" ? { initialDelayMs: 150, chunkDelayMs: 12 } : {});
    case "gateway":
      return guardModel(
        createGateway({ apiKey: play.apiKey, ...(play.baseURL ? { baseURL: play.baseURL } : {}) }).languageModel(
          play.model,
        ) as LanguageModelV4,
        play.timeoutMs,
        deadlineAt,
        play.requestTimeoutMs,
      );
    case "openai-compatible":
      return guardModel(
        createOpenAICompatible({
          name: "play",
          baseURL: play.baseURL,
          ...(play.apiKey ? { apiKey: play.apiKey } : {}),
          // Usage in the stream's last chunk: the output-token budget counts on it.
          includeUsage: true,
        }).chatModel(play.model) as LanguageModelV4,
        play.timeoutMs,
        deadlineAt,
        play.requestTimeoutMs,
      );
  }
}
