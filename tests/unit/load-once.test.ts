import { describe, expect, it } from "vitest";
import { loadOnce } from "@/app/_client/load-once";

describe("loadOnce", () => {
  it("starts the load once and gives every caller the same result", async () => {
    let calls = 0;
    const load = loadOnce(async () => ({ n: ++calls }));
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(await load()).toBe(a);
    expect(calls).toBe(1);
  });

  it("tries again on the next call after a failed load, and keeps what then loads", async () => {
    let calls = 0;
    const load = loadOnce(async () => {
      calls += 1;
      if (calls === 1) throw new Error("connection dropped");
      return "loaded";
    });
    await expect(load()).rejects.toThrow("connection dropped");
    expect(await load()).toBe("loaded");
    expect(await load()).toBe("loaded");
    expect(calls).toBe(2);
  });
});
