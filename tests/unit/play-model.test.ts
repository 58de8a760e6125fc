import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config/config";
import { playModel, playModelInfo } from "@/lib/play/model";
import { ScriptedModel } from "@/lib/play/scripted/scripted-model";
import { applyEnv } from "../support/upstash-stack";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sia-play-model-"));

afterEach(() => {
  delete process.env.AI_GATEWAY_API_KEY;
  delete process.env.PLAY_MODEL;
  applyEnv({ DATA_DIR: dataDir });
});

describe("the demo agent's model", () => {
  it("is the scripted model, new for every request, when no AI Gateway key is set", () => {
    applyEnv({ DATA_DIR: dataDir });
    const model = playModel();
    expect(model).toBeInstanceOf(ScriptedModel);
    expect(playModel()).not.toBe(model);
    expect(playModelInfo()).toEqual({ kind: "scripted", id: "scripted-agent-v1" });
  });

  it("is PLAY_MODEL through the AI Gateway when a key is set (no call is made here)", () => {
    applyEnv({ DATA_DIR: dataDir, AI_GATEWAY_API_KEY: "test-key", PLAY_MODEL: "anthropic/claude-sonnet-4.5" });
    const model = playModel() as { modelId: string; provider: string };
    expect(model).not.toBeInstanceOf(ScriptedModel);
    expect(model.modelId).toBe("anthropic/claude-sonnet-4.5");
    expect(model.provider).toMatch(/gateway/);
    expect(playModelInfo()).toEqual({ kind: "gateway", id: "anthropic/claude-sonnet-4.5" });
  });

  it("refuses a PLAY_MODEL that is not <provider>/<model>, naming the variable", () => {
    expect(() => parseConfig({ DATA_DIR: dataDir, PLAY_MODEL: "gpt" })).toThrow(
      /PLAY_MODEL: expected an AI Gateway model id/,
    );
    expect(parseConfig({ DATA_DIR: dataDir }).env.PLAY_MODEL).toBe("openai/gpt-5-mini");
  });
});
