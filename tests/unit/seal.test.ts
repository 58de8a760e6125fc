import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sealHolds, sealOf, sealOfJson } from "@/lib/signing/seal";

describe("a seal made from its parts' JSON texts", () => {
  it("is the seal of the parts themselves, and opens as theirs", () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.jsonValue(), { maxLength: 5 }), (purpose, parts) => {
        const seal = sealOfJson(
          purpose,
          parts.map((p) => JSON.stringify(p)),
        );
        expect(seal).toEqual(sealOf(purpose, parts));
        expect(sealHolds(purpose, parts, seal)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("does not open for another purpose or other parts", () => {
    const seal = sealOfJson("sia.test.v1", ['"a"', "1"]);
    expect(sealHolds("sia.test.v1", ["a", 1], seal)).toBe(true);
    expect(sealHolds("sia.test.v2", ["a", 1], seal)).toBe(false);
    expect(sealHolds("sia.test.v1", ["a", 2], seal)).toBe(false);
    expect(sealHolds("sia.test.v1", [["a", 1]], seal)).toBe(false);
  });
});
