import { describe, expect, it } from "vitest";
import { Generations } from "@/lib/cache/generations";

describe("Generations", () => {
  it("answers the value last set for a key", () => {
    const cache = new Generations<string, number>(8);
    cache.set("a", 1);
    cache.set("a", 2);
    expect(cache.get("a")).toBe(2);
    expect(cache.get("b")).toBeUndefined();
  });

  it("never holds more than its bound", () => {
    const cache = new Generations<number, number>(100);
    for (let n = 0; n < 10_000; n++) {
      cache.set(n, n);
      expect(cache.size).toBeLessThanOrEqual(100);
    }
    expect(cache.get(9_999)).toBe(9_999);
    expect(cache.get(0)).toBeUndefined();
  });

  it("keeps an entry in use however many others pass through, and drops one left unused", () => {
    const cache = new Generations<string, number>(64);
    cache.set("used", 1);
    cache.set("unused", 2);
    for (let n = 0; n < 1_000; n++) {
      cache.set(`other${n}`, n);
      expect(cache.get("used")).toBe(1);
    }
    expect(cache.get("unused")).toBeUndefined();
  });

  it("answers a value set again after an older one went to the old generation", () => {
    const cache = new Generations<string, number>(4);
    cache.set("k", 1);
    cache.set("x", 0); // the young generation is full: it becomes the old one, holding k = 1
    cache.set("k", 2);
    expect(cache.get("k")).toBe(2);
    cache.set("y", 0); // turns again: the old one (k = 1) goes
    expect(cache.get("k")).toBe(2);
  });
});
