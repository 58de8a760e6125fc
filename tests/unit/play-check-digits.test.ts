import { describe, expect, it } from "vitest";
import { cbuBlock1CheckDigit, cbuBlock2CheckDigit, checkCbu, isValidCbu } from "@/lib/banking/cbu";
import { cuitCheckDigit, isValidCuit } from "@/lib/identity/cuit";
import { readCuit } from "@/lib/play/cuit-input";

/** A CUIT written NN-NNNNNNNN-D for ten digits, with its check digit computed independently. */
function referenceCuitDigit(first10: string): number | null {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = [...first10].reduce((acc, d, i) => acc + Number(d) * (weights[i] as number), 0);
  const digit = 11 - (sum % 11);
  return digit === 11 ? 0 : digit === 10 ? null : digit;
}

const written = (first10: string, digit: number) => `${first10.slice(0, 2)}-${first10.slice(2)}-${digit}`;

describe("CUIT check digit (modulo 11)", () => {
  it("accepts AFIP's own published CUIT 33-69345023-9 and rejects every other last digit", () => {
    expect(cuitCheckDigit("3369345023")).toBe(9);
    expect(isValidCuit("33-69345023-9")).toBe(true);
    for (let d = 0; d <= 9; d++) if (d !== 9) expect(isValidCuit(`33-69345023-${d}`)).toBe(false);
  });

  it("matches an independent implementation on derived numbers", () => {
    const bodies = ["2017254359", "2030123456", "3071234567", "3070987654", "2727345678", "3071659554", "2400000001"];
    for (const body of bodies) {
      const digit = referenceCuitDigit(body);
      expect(cuitCheckDigit(body), body).toBe(digit);
      if (digit !== null) expect(isValidCuit(written(body, digit)), body).toBe(true);
    }
    expect(isValidCuit("20-17254359-7")).toBe(true);
    expect(isValidCuit("30-71234567-1")).toBe(true);
  });

  it("detects every single-digit change of a valid CUIT", () => {
    const valid = "2017254359";
    for (let i = 0; i < 10; i++) {
      for (let d = 0; d <= 9; d++) {
        if (Number(valid[i]) === d) continue;
        const changed = valid.slice(0, i) + d + valid.slice(i + 1);
        expect(isValidCuit(written(changed, 7)), changed).toBe(false);
      }
    }
  });

  it("has no valid digit when 11 - r is 10, as AFIP's rule says", () => {
    // Search a body whose remainder is 1 (11 - 1 = 10): no last digit makes it valid.
    let body = "";
    for (let n = 10000000; ; n++) {
      if (referenceCuitDigit(`20${n}`) === null) {
        body = `20${n}`;
        break;
      }
    }
    expect(cuitCheckDigit(body)).toBeNull();
    for (let d = 0; d <= 9; d++) expect(isValidCuit(written(body, d))).toBe(false);
  });

  it("reads the ways people write a CUIT", () => {
    expect(readCuit("20172543597")).toEqual({
      cuit: "20-17254359-7",
      format: true,
      valid: true,
      kind: "persona_humana",
    });
    expect(readCuit(" 30-71234567-1 ")).toMatchObject({ valid: true, kind: "persona_juridica" });
    expect(readCuit("20.17254359.7")).toMatchObject({ cuit: "20-17254359-7", valid: true });
    expect(readCuit("20-1234567-8")).toMatchObject({ format: true }); // 7-digit DNI form
    expect(readCuit("abc")).toMatchObject({ format: false, valid: false, kind: "desconocido" });
    expect(readCuit("20-17254359-8")).toMatchObject({ format: true, valid: false });
  });
});

/** A CBU's two check digits computed independently of lib/banking/cbu.ts. */
function referenceCbu(bankBranch: string, account: string): string {
  const digit = (digits: string, weights: number[]) =>
    (10 - ([...digits].reduce((acc, d, i) => acc + Number(d) * (weights[i] as number), 0) % 10)) % 10;
  return `${bankBranch}${digit(bankBranch, [7, 1, 3, 9, 7, 1, 3])}${account}${digit(account, [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3])}`;
}

describe("CBU check digits", () => {
  const published = "2850590940090418135201"; // the example used by open-source CBU validators (Banco Macro)

  it("accepts a published CBU and names its parts", () => {
    expect(cbuBlock1CheckDigit("2850590")).toBe(9);
    expect(cbuBlock2CheckDigit("4009041813520")).toBe(1);
    expect(checkCbu(published)).toEqual({
      cbu: published,
      valid: true,
      problem: null,
      bankCode: "285",
      branchCode: "0590",
      accountNumber: "4009041813520",
    });
    expect(isValidCbu("28505909 40090418135201")).toBe(true);
  });

  it("says which block's check digit fails", () => {
    expect(checkCbu("2850590840090418135201").problem).toBe("block1");
    expect(checkCbu("2850590940090418135202").problem).toBe("block2");
    expect(checkCbu("2850590840090418135202").problem).toBe("both");
    expect(checkCbu("285059094009041813520").problem).toBe("format");
    expect(checkCbu("28505909400904181352011").problem).toBe("format");
    expect(checkCbu("2850590940090418l35201").problem).toBe("format");
  });

  it("matches an independent implementation on derived numbers", () => {
    const cases = [
      ["0110599", "0000001234567"],
      ["0170099", "4000000123456"],
      ["0072000", "3000012345678"],
      ["1910000", "9999999999999"],
      ["0000000", "0000000000000"],
    ] as const;
    for (const [bankBranch, account] of cases) {
      const cbu = referenceCbu(bankBranch, account);
      expect(isValidCbu(cbu), cbu).toBe(true);
    }
  });

  it("detects every single-digit change", () => {
    for (let i = 0; i < 22; i++) {
      for (let d = 0; d <= 9; d++) {
        if (Number(published[i]) === d) continue;
        const changed = published.slice(0, i) + d + published.slice(i + 1);
        expect(isValidCbu(changed), changed).toBe(false);
      }
    }
  });
});
