import { createGateway, type LanguageModel } from "ai";
import { getConfig } from "../config/config";
import { ScriptedModel } from "./scripted/scripted-model";

export interface PlayModelInfo {
  kind: "scripted" | "gateway";
  id: string;
}

/** Which model the demo agent runs, for the page and the docs. */
export function playModelInfo(): PlayModelInfo {
  const { env } = getConfig();
  return env.AI_GATEWAY_API_KEY
    ? { kind: "gateway", id: env.PLAY_MODEL }
    : { kind: "scripted", id: "scripted-agent-v1" };
}

/**
 * The demo agent's model, chosen here and nowhere else: a real model through the AI Gateway when
 * AI_GATEWAY_API_KEY is set (PLAY_MODEL names it), else the scripted model that needs no network.
 * A new instance per request: a model's stream can be read only once.
 */
export function playModel(): LanguageModel {
  const { env } = getConfig();
  if (env.AI_GATEWAY_API_KEY) return createGateway({ apiKey: env.AI_GATEWAY_API_KEY })(env.PLAY_MODEL);
  return new ScriptedModel({ initialDelayMs: 150, chunkDelayMs: 12 });
}
