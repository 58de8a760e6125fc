import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runIdempotent, sealedAnswer } from "@/lib/incorporation/idempotency";
import { getStore } from "@/lib/store";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

let restore: () => void;
beforeAll(() => {
  restore = applyEnv({ DATA_DIR: tempDir("sia-idem-") });
});
afterAll(async () => {
  await getStore().close();
  restore();
});

describe("a failed idempotent run", () => {
  it("releases its own claim, so that a retry runs the work again", async () => {
    const key = "idem:test:released";
    await expect(runIdempotent(key, "h1", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await getStore().get(key)).toBeNull();
    const retry = await runIdempotent(key, "h1", async () => ({ status: 200, body: "ran", meta: {}, live: null }));
    expect(retry).toMatchObject({ body: "ran", replayed: false });
  });

  it("leaves alone what took its key meanwhile (its claim expired and a twin answered)", async () => {
    const key = "idem:test:twin";
    const twin = sealedAnswer(key, { state: "done", bodyHash: "h1", status: 200, body: "twin's answer", meta: {} });
    const slow = runIdempotent(key, "h1", async () => {
      await getStore().set(key, twin); // what an expired claim and a faster twin leave behind
      throw new Error("the slow run fails at last");
    });
    await expect(slow).rejects.toThrow("the slow run fails at last");
    expect(await getStore().get(key)).toBe(twin);
    const replay = await runIdempotent(key, "h1", async () => {
      throw new Error("must not run again");
    });
    expect(replay).toMatchObject({ body: "twin's answer", replayed: true });
  });
});

describe("a stored answer edited in the store", () => {
  const mustNotRun = async (): Promise<never> => {
    throw new Error("must not run again");
  };
  const answer = { state: "done" as const, bodyHash: "h1", status: 200, body: { deploy: "genuine" }, meta: {} };

  it("is replayed while it is exactly as sealed", async () => {
    const key = "idem:test:genuine";
    await getStore().set(key, sealedAnswer(key, answer));
    expect(await runIdempotent(key, "h1", mustNotRun)).toMatchObject({ body: { deploy: "genuine" }, replayed: true });
  });

  it.each([
    ["a member changed", (key: string) => sealedAnswer(key, answer).replace("genuine", "elsewhere")],
    ["its seal removed", () => JSON.stringify(answer)],
    ["another key's sealed answer", () => sealedAnswer("idem:test:other", answer)],
    ["not JSON", () => "{"],
  ])("is refused with 409 idempotent_answer_corrupt: %s", async (_name, forge) => {
    const key = `idem:test:forged-${_name.replace(/\W/g, "-")}`;
    const forged = forge(key);
    await getStore().set(key, forged);
    await expect(runIdempotent(key, "h1", mustNotRun)).rejects.toMatchObject({
      code: "idempotent_answer_corrupt",
      status: 409,
    });
    expect(await getStore().get(key)).toBe(forged);
  });
});
