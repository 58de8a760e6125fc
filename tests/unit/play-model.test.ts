import { afterAll, afterEach, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config/config";
import { playModel, playModelInfo } from "@/lib/play/model";
import { ScriptedModel } from "@/lib/play/scripted/scripted-model";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

const dataDir = tempDir("sia-play-model-");
const SOURCE_VARIABLES = [
  "AI_GATEWAY_API_KEY",
  "AI_GATEWAY_BASE_URL",
  "PLAY_OPENAI_BASE_URL",
  "PLAY_OPENAI_API_KEY",
  "PLAY_MODEL",
  "PLAY_MODEL_TIMEOUT",
  "PLAY_MAX_STEPS",
  "PLAY_MAX_OUTPUT_TOKENS",
];

// Unit files share a process: what this one changes is put back once it is done.
const savedSources = SOURCE_VARIABLES.map((name) => [name, process.env[name]] as const);
const restoreEnv = applyEnv({ DATA_DIR: dataDir });
afterEach(() => {
  for (const name of SOURCE_VARIABLES) delete process.env[name];
  applyEnv({ DATA_DIR: dataDir });
});
afterAll(() => {
  for (const [name, value] of savedSources) if (value !== undefined) process.env[name] = value;
  restoreEnv();
});

const configError = (env: Record<string, string>) => {
  try {
    parseConfig({ DATA_DIR: dataDir, ...env });
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("the configuration was accepted");
};

describe("the demo agent's model source", () => {
  it("is the scripted model, new for every request, when no source is set", () => {
    applyEnv({ DATA_DIR: dataDir });
    const model = playModel();
    expect(model).toBeInstanceOf(ScriptedModel);
    expect(playModel()).not.toBe(model);
    expect(playModelInfo()).toEqual({ source: "scripted", model: "scripted-agent-v1" });
  });

  it("is PLAY_MODEL through the AI Gateway when its key is set (no call is made here)", () => {
    applyEnv({ DATA_DIR: dataDir, AI_GATEWAY_API_KEY: "test-key", PLAY_MODEL: "anthropic/claude-sonnet-4.5" });
    const model = playModel() as { modelId: string; provider: string };
    expect(model).not.toBeInstanceOf(ScriptedModel);
    expect(model.modelId).toBe("anthropic/claude-sonnet-4.5");
    expect(model.provider).toMatch(/gateway/);
    expect(playModelInfo()).toEqual({ source: "gateway", model: "anthropic/claude-sonnet-4.5" });
  });

  it("is openai/gpt-5-mini on the Gateway when PLAY_MODEL is left out", () => {
    expect(parseConfig({ DATA_DIR: dataDir, AI_GATEWAY_API_KEY: "k" }).play).toMatchObject({
      source: "gateway",
      model: "openai/gpt-5-mini",
    });
  });

  it("is PLAY_MODEL on an OpenAI-compatible server when PLAY_OPENAI_BASE_URL is set, with or without a key", () => {
    applyEnv({ DATA_DIR: dataDir, PLAY_OPENAI_BASE_URL: "http://localhost:11434/v1", PLAY_MODEL: "llama3.1:8b" });
    const model = playModel() as { modelId: string; provider: string };
    expect(model).not.toBeInstanceOf(ScriptedModel);
    expect(model.modelId).toBe("llama3.1:8b");
    expect(model.provider).toMatch(/^play/);
    expect(playModelInfo()).toEqual({ source: "openai-compatible", model: "llama3.1:8b" });
    expect(
      parseConfig({
        DATA_DIR: dataDir,
        PLAY_OPENAI_BASE_URL: "https://llm.example.com/v1",
        PLAY_OPENAI_API_KEY: "secret",
        PLAY_MODEL: "Qwen/Qwen2.5-7B-Instruct",
      }).play,
    ).toMatchObject({ source: "openai-compatible", apiKey: "secret", model: "Qwen/Qwen2.5-7B-Instruct" });
  });

  it("refuses two sources at once, naming both variables", () => {
    const message = configError({
      AI_GATEWAY_API_KEY: "k",
      PLAY_OPENAI_BASE_URL: "http://localhost:11434/v1",
      PLAY_MODEL: "openai/gpt-5-mini",
    });
    expect(message).toMatch(/AI_GATEWAY_API_KEY and PLAY_OPENAI_BASE_URL: both are set/);
    expect(message).not.toContain("k,");
  });

  it.each([
    [{ PLAY_MODEL: "gpt", AI_GATEWAY_API_KEY: "k" }, /PLAY_MODEL: expected an AI Gateway model id <provider>\/<model>/],
    [{ PLAY_OPENAI_BASE_URL: "http://localhost:8000/v1" }, /PLAY_MODEL: required with PLAY_OPENAI_BASE_URL/],
    [
      { PLAY_OPENAI_BASE_URL: "http://localhost:8000/v1", PLAY_MODEL: "two words" },
      /PLAY_MODEL: required with PLAY_OPENAI_BASE_URL/,
    ],
    [{ PLAY_OPENAI_BASE_URL: "ftp://localhost/v1", PLAY_MODEL: "m" }, /PLAY_OPENAI_BASE_URL/],
    [{ PLAY_OPENAI_API_KEY: "secret" }, /PLAY_OPENAI_API_KEY: set without PLAY_OPENAI_BASE_URL/],
    [{ AI_GATEWAY_BASE_URL: "http://localhost:9/v4/ai" }, /AI_GATEWAY_BASE_URL: set without AI_GATEWAY_API_KEY/],
    [{ PLAY_MODEL: "openai/gpt-5-mini" }, /PLAY_MODEL: names a model, but no model source is set/],
    [{ PLAY_MODEL_TIMEOUT: "soon" }, /PLAY_MODEL_TIMEOUT: expected a duration/],
    [{ PLAY_MODEL_TIMEOUT: "30d" }, /PLAY_MODEL_TIMEOUT: between 100ms and 15m/],
    [{ PLAY_MAX_STEPS: "0" }, /PLAY_MAX_STEPS: at least 1/],
    [{ PLAY_MAX_STEPS: "50" }, /PLAY_MAX_STEPS: at most 20/],
    [{ PLAY_MAX_OUTPUT_TOKENS: "10" }, /PLAY_MAX_OUTPUT_TOKENS: at least 256/],
    [{ PLAY_SCRIPTED_PACE: "fast" }, /PLAY_SCRIPTED_PACE: human or instant/],
  ])("refuses %o with a message naming the variable", (env, expected) => {
    expect(configError(env)).toMatch(expected);
  });

  it("never shows a key's value in an error", () => {
    const message = configError({ PLAY_OPENAI_API_KEY: "sk-very-secret-value" });
    expect(message).not.toContain("sk-very-secret-value");
  });

  it("paces the scripted model for a person reading along unless told to answer at once", () => {
    expect(parseConfig({ DATA_DIR: dataDir }).play).toMatchObject({ source: "scripted", pace: "human" });
    expect(parseConfig({ DATA_DIR: dataDir, PLAY_SCRIPTED_PACE: "instant" }).play).toMatchObject({
      source: "scripted",
      pace: "instant",
    });
  });

  it("reads the budget: 8 steps, 4000 output tokens and a 60 s time-out by default, each configurable", () => {
    expect(parseConfig({ DATA_DIR: dataDir }).play).toMatchObject({
      maxSteps: 8,
      maxOutputTokens: 4000,
      timeoutMs: 60_000,
    });
    expect(
      parseConfig({
        DATA_DIR: dataDir,
        PLAY_MAX_STEPS: "3",
        PLAY_MAX_OUTPUT_TOKENS: "1500",
        PLAY_MODEL_TIMEOUT: "500ms",
      }).play,
    ).toMatchObject({ maxSteps: 3, maxOutputTokens: 1500, timeoutMs: 500 });
  });
});
