/**
 * CBU (Clave Bancaria Uniforme), the 22-digit Argentine bank account key, as the BCRA defines it.
 * Two blocks, each ending in its own check digit:
 *
 *   block 1 (8 digits):  EEE SSSS V   bank (3), branch (4), check digit
 *   block 2 (14 digits): CCCCCCCCCCCCC V   account (13), check digit
 *
 * Check digit of a block: multiply its digits left to right by the repeating weights 7 1 3 9 (block
 * 1: 7 1 3 9 7 1 3; block 2 starts one place later: 3 9 7 1 3 9 7 1 3 9 7 1 3, i.e. the same cycle
 * aligned on the right), add up, and take (10 - sum mod 10) mod 10.
 *   Worked example, 285 0590 9 / 4009041813520 1:
 *   2·7 + 8·1 + 5·3 + 0·9 + 5·7 + 9·1 + 0·3 = 81, (10 - 1) mod 10 = 9;
 *   4·3 + 0·9 + 0·7 + 9·1 + 0·3 + 4·9 + 1·7 + 8·1 + 1·3 + 3·9 + 5·7 + 2·1 + 0·3 = 139, (10 - 9) mod 10 = 1.
 */

const BLOCK1_WEIGHTS = [7, 1, 3, 9, 7, 1, 3] as const;
const BLOCK2_WEIGHTS = [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3] as const;

function checkDigit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * (weights[i] as number);
  return (10 - (sum % 10)) % 10;
}

/** Check digit of block 1 from its first 7 digits (bank and branch). */
export function cbuBlock1CheckDigit(first7: string): number {
  if (!/^\d{7}$/.test(first7)) throw new TypeError("cbuBlock1CheckDigit expects exactly seven digits");
  return checkDigit(first7, BLOCK1_WEIGHTS);
}

/** Check digit of block 2 from its first 13 digits (the account number). */
export function cbuBlock2CheckDigit(first13: string): number {
  if (!/^\d{13}$/.test(first13)) throw new TypeError("cbuBlock2CheckDigit expects exactly thirteen digits");
  return checkDigit(first13, BLOCK2_WEIGHTS);
}

export interface CbuCheck {
  /** The 22 digits with spaces and hyphens removed, or the input unchanged when it has another shape. */
  cbu: string;
  valid: boolean;
  /** `format` when the input is not 22 digits; otherwise which block's check digit fails. */
  problem: "format" | "block1" | "block2" | "both" | null;
  bankCode: string | null;
  branchCode: string | null;
  accountNumber: string | null;
}

/** Validates a CBU written as 22 digits (spaces and hyphens between digits are ignored). */
export function checkCbu(input: string): CbuCheck {
  const cbu = /^[\d\s-]+$/.test(input) ? input.replace(/[\s-]/g, "") : input;
  if (!/^\d{22}$/.test(cbu)) {
    return { cbu, valid: false, problem: "format", bankCode: null, branchCode: null, accountNumber: null };
  }
  const ok1 = cbuBlock1CheckDigit(cbu.slice(0, 7)) === Number(cbu[7]);
  const ok2 = cbuBlock2CheckDigit(cbu.slice(8, 21)) === Number(cbu[21]);
  const problem = ok1 && ok2 ? null : !ok1 && !ok2 ? "both" : ok1 ? "block2" : "block1";
  return {
    cbu,
    valid: problem === null,
    problem,
    bankCode: cbu.slice(0, 3),
    branchCode: cbu.slice(3, 7),
    accountNumber: cbu.slice(8, 21),
  };
}

/** True when `input` is a CBU whose two check digits match. */
export function isValidCbu(input: string): boolean {
  return checkCbu(input).valid;
}
