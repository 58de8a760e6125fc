import { describe, expect, it } from "vitest";
import { evictOldest } from "@/lib/cache/evict-oldest";

describe("evictOldest", () => {
  it("leaves a map at or under its bound alone", () => {
    const map = new Map([1, 2, 3].map((n) => [n, n]));
    evictOldest(map, 3);
    expect([...map.keys()]).toEqual([1, 2, 3]);
  });

  it("drops the oldest entries, an eighth of the bound more than needed, and keeps the newest", () => {
    const map = new Map<number, number>();
    for (let n = 0; n < 17; n++) map.set(n, n);
    evictOldest(map, 16);
    // One over a bound of 16: that one and two more (16 / 8) go, the oldest first.
    expect([...map.keys()]).toEqual(Array.from({ length: 14 }, (_, i) => i + 3));
  });

  it("keeps a map used as a cache within its bound, with the entries last set", () => {
    const map = new Map<string, number>();
    for (let n = 0; n < 10_000; n++) {
      map.delete(`k${n % 700}`); // a touched entry moves to the newest end
      map.set(`k${n % 700}`, n);
      map.set(`fresh${n}`, n);
      evictOldest(map, 512);
      expect(map.size).toBeLessThanOrEqual(512);
    }
    expect(map.get("fresh9999")).toBe(9999);
    expect(map.get(`k${9999 % 700}`)).toBe(9999);
    expect(map.has("fresh0")).toBe(false);
  });
});
