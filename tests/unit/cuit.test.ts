import { describe, expect, it } from "vitest";
import { CUIT_INPUT_PATTERN, cuitCheckDigit, isValidCuit, normaliseCuit } from "@/lib/identity/cuit";

// Hand-checked with weights 5 4 3 2 7 6 5 4 3 2, r = sum mod 11, digit = 11 - r (11 -> 0, 10 -> none).
const VALID = [
  // 2·5+0·4+1·3+2·2+3·7+4·6+5·5+6·4+7·3+8·2 = 148; 148 mod 11 = 5; 11 - 5 = 6
  "20-12345678-6",
  // AFIP's own CUIT: 3·5+3·4+6·3+9·2+3·7+4·6+5·5+0·4+2·3+3·2 = 145; 145 mod 11 = 2; 11 - 2 = 9
  "33-69345023-9",
  // 3·5+0+7·3+1·2+2·7+3·6+4·5+5·4+6·3+7·2 = 142; 142 mod 11 = 10; 11 - 10 = 1
  "30-71234567-1",
  // 2·5 + 6·2 = 22; 22 mod 11 = 0; 11 - 0 = 11, written 0
  "20-00000006-0",
  // a 7-digit DNI reads as 01234567: 10+0+0+2+14+18+20+20+18+14 = 116; 116 mod 11 = 6; 11 - 6 = 5
  "20-1234567-5",
  "20-01234567-5",
];

describe("CUIT check digit (modulo 11)", () => {
  it.each(VALID)("accepts %s, whose check digit matches", (cuit) => {
    expect(isValidCuit(cuit)).toBe(true);
  });

  it("rejects a number whose last digit is off by any amount", () => {
    for (let d = 0; d <= 9; d++) if (d !== 6) expect(isValidCuit(`20-12345678-${d}`), String(d)).toBe(false);
    expect(isValidCuit("33-69345023-8")).toBe(false);
    expect(isValidCuit("30-71234567-0")).toBe(false);
  });

  it("rejects a transposition of two digits of the body", () => {
    expect(isValidCuit("20-12345687-6")).toBe(false);
    expect(isValidCuit("20-21345678-6")).toBe(false);
  });

  it("has no valid digit when 11 - r is 10, so every ending is rejected", () => {
    // 2·5 + 1·2 = 12; 12 mod 11 = 1; 11 - 1 = 10
    expect(cuitCheckDigit("2000000001")).toBeNull();
    for (let d = 0; d <= 9; d++) expect(isValidCuit(`20-00000001-${d}`)).toBe(false);
  });

  it("computes the digit for the first ten digits, as the worked examples say", () => {
    expect(cuitCheckDigit("2012345678")).toBe(6);
    expect(cuitCheckDigit("3369345023")).toBe(9);
    expect(cuitCheckDigit("3071234567")).toBe(1);
    expect(cuitCheckDigit("2000000006")).toBe(0);
    expect(() => cuitCheckDigit("20-1234567")).toThrow(TypeError);
    expect(() => cuitCheckDigit("201234567")).toThrow(TypeError);
  });

  it("agrees with the right-to-left formulation (weights 2..7 repeating) on many numbers", () => {
    // The same rule as usually taught: weights 2,3,4,5,6,7,2,3,4,5 from the rightmost body digit.
    const reference = (ten: string): number | null => {
      let sum = 0;
      for (let i = 0; i < 10; i++) sum += Number(ten[9 - i]) * (2 + (i % 6));
      const digit = (11 - (sum % 11)) % 11;
      return digit === 10 ? null : digit;
    };
    let seed = 12345;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let n = 0; n < 2000; n++) {
      const ten = String(next() % 10 ** 10).padStart(10, "0");
      expect(cuitCheckDigit(ten), ten).toBe(reference(ten));
    }
  });

  it.each([
    ["20123456786", "no hyphens"],
    ["20-12345678-66", "two check digits"],
    ["2-12345678-6", "one-digit prefix"],
    ["20-123456-7", "six-digit body"],
    ["20-123456789-6", "nine-digit body"],
    [" 20-12345678-6", "leading space"],
    ["20–12345678–6", "en dashes"],
    ["", "empty"],
  ])("rejects %j (%s) by its written form", (cuit) => {
    expect(isValidCuit(cuit)).toBe(false);
  });
});

describe("the one CUIT input rule", () => {
  it("gives 11 plain digits their hyphens and trims what surrounds them", () => {
    expect(normaliseCuit("30712345671")).toBe("30-71234567-1");
    expect(normaliseCuit("  30-71234567-1 ")).toBe("30-71234567-1");
    expect(normaliseCuit("20-1234567-5")).toBe("20-1234567-5");
  });

  it("leaves anything else as typed (trimmed), for the validator to refuse", () => {
    for (const raw of ["3071234567", "307123456712", "30.71234567.1", "30 71234567 1", "abc"]) {
      expect(normaliseCuit(raw)).toBe(raw.trim());
      expect(isValidCuit(normaliseCuit(raw)), raw).toBe(false);
    }
  });

  it("documents exactly what normaliseCuit turns into the written form", () => {
    for (const raw of ["30712345671", "30-71234567-1", "20-1234567-5"]) {
      expect(CUIT_INPUT_PATTERN.test(raw)).toBe(true);
      expect(isValidCuit(normaliseCuit(raw)), raw).toBe(true);
    }
    expect(CUIT_INPUT_PATTERN.test("30.71234567.1")).toBe(false);
  });
});
