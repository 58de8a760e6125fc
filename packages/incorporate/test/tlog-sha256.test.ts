import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sha256 } from "../src/tlog/sha256.ts";

const nodeSha256 = (data: Uint8Array) => new Uint8Array(createHash("sha256").update(data).digest());

describe("sha256", () => {
  it("gives the FIPS 180-4 digests of the empty string and 'abc'", () => {
    expect(Buffer.from(sha256(new Uint8Array())).toString("hex")).toBe(
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    );
    expect(Buffer.from(sha256(new TextEncoder().encode("abc"))).toString("hex")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });

  it("agrees with node:crypto at every padding boundary", () => {
    for (const length of [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129]) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff);
      expect(sha256(data), `length ${length}`).toEqual(nodeSha256(data));
    }
  });

  it("agrees with node:crypto on random inputs of 0 to 300 bytes", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ minLength: 0, maxLength: 300 }),
          // Lengths around the one- and two-block padding boundaries, drawn more often.
          fc.constantFrom(55, 56, 63, 64, 65, 119, 120).chain((n) => fc.uint8Array({ minLength: n, maxLength: n })),
        ),
        (data) => {
          expect(sha256(data)).toEqual(nodeSha256(data));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("hashes a view into a larger buffer by its own bytes only", () => {
    const big = Uint8Array.from({ length: 200 }, (_, i) => i);
    const view = big.subarray(10, 90);
    expect(sha256(view)).toEqual(nodeSha256(Uint8Array.from(view)));
  });
});
