import { describe, expect, it } from "vitest";
import { boundedMemo } from "@/lib/cache/bounded-memo";

describe("boundedMemo", () => {
  it("computes once per key and answers the same value after", () => {
    const calls: string[] = [];
    const upper = boundedMemo(4, (s: string) => {
      calls.push(s);
      return { text: s.toUpperCase() };
    });
    const first = upper("a");
    expect(upper("a")).toBe(first);
    expect(upper("b").text).toBe("B");
    expect(calls).toEqual(["a", "b"]);
  });

  it("keys by keyOf, so equal arguments built anew share one value", () => {
    let computed = 0;
    const area = boundedMemo(
      4,
      (r: { w: number; h: number }) => ++computed && r.w * r.h,
      (r) => `${r.w}x${r.h}`,
    );
    expect(area({ w: 2, h: 3 })).toBe(6);
    expect(area({ w: 2, h: 3 })).toBe(6);
    expect(computed).toBe(1);
  });

  it("holds at most max values: past that it starts again and recomputes, never answering wrong", () => {
    let computed = 0;
    const twice = boundedMemo(3, (s: string) => {
      computed++;
      return s + s;
    });
    for (const s of ["a", "b", "c", "d", "a"]) expect(twice(s)).toBe(s + s);
    // "d" found the memory full and emptied it, so "a" was computed again.
    expect(computed).toBe(5);
  });
});
