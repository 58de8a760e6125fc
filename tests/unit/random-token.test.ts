import { describe, expect, it } from "vitest";
import { randomToken } from "@/lib/identity/random-token";

describe("randomToken", () => {
  it("gives 256-bit base64url tokens, never the same twice, across many pool refills", () => {
    const tokens = Array.from({ length: 1000 }, () => randomToken());
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(tokens).size).toBe(1000);
    // Not a constant in disguise: over 1000 tokens every base64url character shows up somewhere.
    expect(new Set(tokens.join("")).size).toBe(64);
  });

  it("takes other sizes, and refuses one larger than its pool", () => {
    expect(randomToken(6)).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(randomToken(4096)).toHaveLength(5462);
    expect(() => randomToken(4097)).toThrow(RangeError);
  });
});
