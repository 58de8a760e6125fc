/**
 * CUIT / CUIL (Clave Única de Identificación Tributaria / Laboral), Argentina's tax id: 11 digits
 * written `TT-NNNNNNNN-D`, where TT is the type prefix (20, 23, 24, 27 people; 30, 33, 34 companies),
 * NNNNNNNN the document or company number and D the check digit.
 *
 * Check digit (modulo 11, as AFIP publishes it):
 *   1. Multiply the first ten digits, left to right, by the weights 5 4 3 2 7 6 5 4 3 2 and add up.
 *   2. r = sum mod 11.
 *   3. D = 11 - r; when that gives 11, D = 0; when it gives 10 there is no valid digit (AFIP assigns
 *      another prefix, 23 or 33, instead), so no number with that prefix and body is valid.
 *   Worked example, AFIP's own CUIT 33-69345023-9:
 *   3·5 + 3·4 + 6·3 + 9·2 + 3·7 + 4·6 + 5·5 + 0·4 + 2·3 + 3·2 = 145; 145 mod 11 = 2; 11 - 2 = 9.
 *
 * A middle part of 7 digits (`20-1234567-8`, a DNI written without its leading zero) is read as the
 * 8-digit number with a leading zero, which is how AFIP stores it. The prefix is not checked against a
 * list: the set of prefixes has grown over time and the check digit already rejects typos.
 */

/** The written form the SPEC allows: two digits, hyphen, 7 or 8 digits, hyphen, one digit. */
export const CUIT_PATTERN = /^\d{2}-\d{7,8}-\d$/;

/**
 * What every form and API accepts as a CUIT (before normaliseCuit): the written form, or the 11
 * digits typed in one go, which is how most people copy it from an ARCA document. One rule, so a
 * number one page takes is never refused by another.
 */
export const CUIT_INPUT_PATTERN = /^(?:\d{2}-\d{7,8}-\d|\d{11})$/;

/**
 * The written form of a CUIT as a person typed it: surrounding spaces trimmed, 11 plain digits
 * given their hyphens (NN-NNNNNNNN-N). Anything else comes back trimmed, for the caller to refuse.
 */
export function normaliseCuit(raw: string): string {
  const trimmed = raw.trim();
  if (!/^\d{11}$/.test(trimmed)) return trimmed;
  return `${trimmed.slice(0, 2)}-${trimmed.slice(2, 10)}-${trimmed.slice(10)}`;
}

const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** The check digit for the first ten digits of a CUIT, or null when no digit is valid (11 - r = 10). */
export function cuitCheckDigit(first10digits: string): number | null {
  if (!/^\d{10}$/.test(first10digits)) throw new TypeError("cuitCheckDigit expects exactly ten digits");
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(first10digits[i]) * (WEIGHTS[i] as number);
  const digit = 11 - (sum % 11);
  if (digit === 11) return 0;
  if (digit === 10) return null;
  return digit;
}

/** True when `s` has the written form `NN-NNNNNNN(N)-N` and its check digit matches. */
export function isValidCuit(s: string): boolean {
  if (!CUIT_PATTERN.test(s)) return false;
  const [prefix = "", body = "", check = ""] = s.split("-");
  return cuitCheckDigit(prefix + body.padStart(8, "0")) === Number(check);
}
