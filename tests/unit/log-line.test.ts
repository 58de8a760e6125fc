import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crcHex } from "@/lib/store/log-blocks";
import { encodeLine, type Op } from "@/lib/store/log-line";

// The embedded store writes a line piece by piece and reads its long values back from where
// lineJson says their literals lie: the text must be JSON.stringify's, and every place exact.

// Text that JSON escapes in every way (quotes, backslashes, controls, lone surrogates), and text it
// leaves as it is beside them (DEL, U+2028, non-ASCII, pairs): the line writes the latter unescaped.
const text = fc.string({
  unit: fc.constantFrom(
    "a",
    "Z",
    '"',
    "\\",
    "\n",
    "\u0001",
    "\u001f",
    "\u007f",
    "\u2028",
    "ñ",
    "🚀",
    "\ud800",
    "\udc00",
    " ",
  ),
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

/** What a line says: its JSON, checked against its frame, and its long values' literals. */
function read(op: Op, minChars: number) {
  const { line, literals } = encodeLine(op, minChars);
  const end = line.length - 1;
  expect(line[8]).toBe(0x20);
  expect(line[end]).toBe(0x0a);
  expect(line.toString("latin1", 0, 8)).toBe(crcHex(line.subarray(9, end)));
  const places: string[] = [];
  for (let i = 0; i < literals.length; i += 2) {
    places.push(line.toString("utf8", literals[i], (literals[i] as number) + (literals[i + 1] as number)));
  }
  return { json: line.toString("utf8", 9, end), places };
}

describe("a log line and its long values' places", () => {
  it("is JSON.stringify's text, framed, with each long value's literal exactly where it says", () => {
    fc.assert(
      fc.property(op, fc.integer({ min: 0, max: 130 }), (op, minChars) => {
        const { json, places } = read(op, minChars);
        expect(json).toBe(JSON.stringify(op));
        const long = valuesOf(op).filter((v) => v.length >= minChars);
        expect(places).toEqual(long.map((v) => JSON.stringify(v)));
      }),
      { numRuns: 500 },
    );
  });

  it("leaves out an expiry left undefined, as JSON.stringify does, and counts places in bytes", () => {
    const { line, literals } = encodeLine({ o: "s", k: "ñ", v: "vé", x: undefined }, 1);
    expect(line.toString("utf8", 9, line.length - 1)).toBe('{"o":"s","k":"ñ","v":"vé"}');
    expect(literals).toEqual([9 + 22, 5]);
  });

  it("grows past the buffer it keeps, for one line or for good", () => {
    for (const size of [100_000, 3_000_000, 10]) {
      const v = `${"ü".repeat(size)}"`;
      const { json, places } = read(
        {
          o: "b",
          ops: [
            { o: "s", k: "a", v },
            { o: "a", k: "b", v: "short" },
          ],
        },
        128,
      );
      expect(json).toBe(
        JSON.stringify({
          o: "b",
          ops: [
            { o: "s", k: "a", v },
            { o: "a", k: "b", v: "short" },
          ],
        }),
      );
      expect(places).toEqual(size >= 128 ? [JSON.stringify(v)] : []);
    }
  });
});
