import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromBase64, portableBase64, toBase64 } from "../src/tlog/bytes.ts";

// Under Node the package encodes with Buffer; browsers run the portable code. Both must give the
// same text, and refuse the same non-canonical spellings, or a proof checked in a browser and on a
// server could disagree.
describe("base64", () => {
  it("encodes and decodes any bytes the same way as the portable code", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = toBase64(bytes);
        expect(text).toBe(portableBase64.encode(bytes));
        // A view into a larger buffer (hashes are cut from shared slabs) encodes only its own bytes.
        const padded = new Uint8Array(bytes.length + 7).fill(0xff);
        padded.set(bytes, 3);
        expect(toBase64(padded.subarray(3, 3 + bytes.length))).toBe(text);
        expect(fromBase64(text)).toEqual(bytes);
        expect(portableBase64.decode(text)).toEqual(bytes);
      }),
    );
  });

  it.each([
    ["missing padding", "AAE"],
    ["padding where none belongs", "AAAA===="],
    ["non-zero trailing bits", "AB=="],
    ["the URL alphabet", "-_-_"],
    ["whitespace", "AA AA"],
    ["a line break", "AAAA\nAAAA"],
    ["a character outside the alphabet", "AA*A"],
    ["a lone padding character", "="],
  ])("refuses %s, as the portable code does", (_name, text) => {
    expect(portableBase64.decode(text)).toBeNull();
    expect(fromBase64(text)).toBeNull();
  });

  it("refuses what the portable code refuses, for any text", () => {
    const alphabet = fc.constantFrom(..."AB+/-_= \n".split(""));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 12 }), (chars) => {
        const text = chars.join("");
        expect(fromBase64(text)).toEqual(portableBase64.decode(text));
      }),
    );
  });
});
