import reference from "canonicalize";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalize, canonicalizeWellFormed } from "../src/jcs.ts";
import { indexValueBytes } from "../src/tlog/log-index.ts";

// The serializer is written for speed, so it is held to a second implementation of RFC 8785 (the
// `canonicalize` package) on any JSON value: member order, escapes, numbers, nesting.
const jsonValue = fc.jsonValue({ maxDepth: 4 }).map((v) => v as unknown);
// Member names that sort differently by UTF-16 code unit than by code point, and that need escaping.
const trickyName = fc.constantFrom("", "a", "B", "é", "\u{1F600}", "\uFB33", '"q"', "\n", "10", "9", "\u0000");
const trickyObject = fc.dictionary(trickyName, jsonValue, { maxKeys: 8 });

describe("JCS", () => {
  it("gives the same text as an independent implementation", () => {
    fc.assert(
      fc.property(fc.oneof(jsonValue, trickyObject), (value) => {
        expect(canonicalizeWellFormed(value)).toBe(reference(value));
        expect(canonicalize(value)).toBe(reference(value));
      }),
      { numRuns: 500 },
    );
  });

  it("writes the RFC's own example", () => {
    const text =
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}';
    expect(canonicalizeWellFormed(JSON.parse(text))).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it("sorts members by UTF-16 code units and leaves out undefined ones", () => {
    expect(canonicalize({ b: 1, a: undefined, "\u{1F600}": 2, "\uFB33": 3 })).toBe('{"b":1,"\u{1F600}":2,"\uFB33":3}');
    expect(canonicalize([undefined, 1])).toBe("[null,1]");
  });

  it("refuses lone surrogates when asked for well-formed text, in values and in member names", () => {
    expect(() => canonicalizeWellFormed({ a: "x\uD800" })).toThrow(/lone surrogate/);
    expect(() => canonicalizeWellFormed({ "\uDC00": 1 })).toThrow(/lone surrogate/);
    // A name escaped once (not well-formed) is never remembered as if it were.
    expect(canonicalize({ "\uDC00": 1 })).toBe('{"\\udc00":1}');
    expect(() => canonicalizeWellFormed({ "\uDC00": 1 })).toThrow(/lone surrogate/);
    expect(canonicalizeWellFormed({ a: "\u{1F600}" })).toBe('{"a":"\u{1F600}"}');
  });

  it("refuses what has no JSON form", () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, undefined, () => 1]) {
      expect(() => canonicalizeWellFormed(bad)).toThrow(TypeError);
      expect(() => canonicalize({ a: bad === undefined ? Number.NaN : bad })).toThrow(TypeError);
    }
  });

  it("honours toJSON where the server signs, as JSON.stringify does", () => {
    const at = new Date(Date.UTC(2026, 10, 30));
    expect(canonicalizeWellFormed({ at })).toBe(reference({ at }));
  });

  it("writes an index value, member by member, as JCS writes the object", () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), fc.nat(), fc.string({ unit: "binary" }), (hash, index, seq, subject) => {
        expect(indexValueBytes({ hash, index, seq, subject })).toBe(reference({ subject, seq, index, hash }));
      }),
    );
  });
});
