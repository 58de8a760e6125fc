import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineJson, type Op } from "@/lib/store/log-line";

// The embedded store writes a line piece by piece and reads its long values back from where
// lineJson says their literals lie: the text must be JSON.stringify's, and every place exact.

// Text that JSON escapes in every way: quotes, backslashes, controls, non-ASCII, lone surrogates.
const text = fc.string({
  unit: fc.constantFrom("a", "Z", '"', "\\", "\n", "\u0001", "ñ", "🚀", "\ud800", "\udc00", " "),
});
const value = fc.oneof(
  text,
  fc.string({ minLength: 120, maxLength: 200 }),
  text.map((t) => `${"x".repeat(126)}${t}`),
);
const count = fc.nat({ max: 2 ** 40 });
const strings = fc.dictionary(text, text, { maxKeys: 3 });
const single: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ o: fc.constant("s" as const), k: text, v: value, x: fc.option(count, { nil: undefined }) }),
  fc.record({
    o: fc.constant("a" as const),
    k: text,
    v: value,
    x: fc.oneof(count, fc.constant(null), fc.constant(undefined)),
  }),
  fc.record({ o: fc.constant("A" as const), k: text, vs: fc.array(value, { maxLength: 4 }) }),
  fc.record({ o: fc.constant("d" as const), k: text }),
  fc.record({ o: fc.constant("x" as const), k: text, x: fc.option(count, { nil: null }) }),
  fc.record({
    o: fc.constant("r" as const),
    c: text,
    id: text,
    v: value,
    ver: count,
    pos: count,
    idx: strings,
    uq: strings,
  }),
  fc.record({ o: fc.constant("rd" as const), c: text, id: text }),
  fc.record({ o: fc.constant("p" as const), c: text, pos: count }),
);
const op: fc.Arbitrary<Op> = fc.oneof(
  single,
  fc.array(single, { maxLength: 6 }).map((ops) => ({ o: "b" as const, ops })),
);

/** The values of an op, in the order the store keeps them. */
const valuesOf = (op: Op): string[] => {
  if (op.o === "b") return op.ops.flatMap(valuesOf);
  if (op.o === "A") return op.vs;
  return "v" in op ? [op.v] : [];
};

describe("a log line's JSON and its long values' places", () => {
  it("is JSON.stringify's text, with each long value's literal exactly where it says", () => {
    fc.assert(
      fc.property(op, fc.integer({ min: 0, max: 130 }), (op, minChars) => {
        const { json, literals } = lineJson(op, minChars);
        expect(json).toBe(JSON.stringify(op));
        const long = valuesOf(op).filter((v) => v.length >= minChars);
        expect(literals).toHaveLength(2 * long.length);
        long.forEach((v, i) => {
          const at = literals[2 * i] as number;
          const chars = literals[2 * i + 1] as number;
          expect(json.slice(at, at + chars)).toBe(JSON.stringify(v));
          expect(JSON.parse(json.slice(at, at + chars))).toBe(v);
        });
      }),
      { numRuns: 500 },
    );
  });

  it("leaves out an expiry left undefined, as JSON.stringify does", () => {
    expect(lineJson({ o: "s", k: "k", v: "v", x: undefined }, 1)).toEqual({
      json: '{"o":"s","k":"k","v":"v"}',
      literals: [21, 3],
    });
  });
});
