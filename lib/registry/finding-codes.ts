import type { Finding as SharedFinding } from "../http/findings";
import { LISTING_LIMITS } from "./listing-fields";
import { JURISDICTIONS, RFC_TOKENS } from "./record-schema";

type P = Record<string, string | number>;

/**
 * The registry's finding codes, each with its message (docs/registry.md explains each). Every
 * one is an error but public_url_origin_only, a warning.
 */
const MESSAGES = {
  field_unknown: (p) =>
    p.language !== undefined
      ? `Unknown language "${p.language}": send es and en.`
      : `Unknown member "${p.field}". Allowed: ${p.allowed}.`,
  field_not_editable: (p) => `"${p.field}" cannot be changed here. Allowed: ${p.allowed}.`,
  name_invalid: () => `name is required: 1 to ${LISTING_LIMITS.name} characters.`,
  type_invalid: (p) => `type must be one of: ${p.allowed}.`,
  jurisdiction_invalid: () => `jurisdiction must be one of: ${JURISDICTIONS.join(", ")}.`,
  operator_invalid: () => `operator (the operator's name) is required: 1 to ${LISTING_LIMITS.operator} characters.`,
  cuit_required: () => "operatorCuit is required for jurisdiction AR, written NN-NNNNNNNN-N.",
  cuit_format: () =>
    "operatorCuit must be written NN-NNNNNNNN-N (two digits, 7 or 8 digits, one digit) or as 11 digits.",
  cuit_check_digit: (p) => `operatorCuit ${p.cuit} fails the modulo-11 check digit: check the number.`,
  public_url_invalid: () => "publicUrl must be an absolute https URL without credentials, e.g. https://example.com.",
  public_url_not_https: () => "publicUrl must use https.",
  public_url_origin_only: (p) =>
    `Only the origin ${p.origin} is kept; the certifier reads ${p.origin}/.well-known/agents.json.`,
  rfc_invalid: () => "rfcConformance must be an array of conformance tokens (it may be empty).",
  rfc_unknown: (p) => `Unknown conformance token "${p.token}". Known: ${RFC_TOKENS.join(", ")}.`,
  disclosure_missing: (p) =>
    `${p.field} is required: a plain-language disclosure in ${p.field === "disclosure.es" ? "Spanish" : "English"}.`,
  disclosure_length: (p) =>
    `${p.field} must be ${LISTING_LIMITS.disclosureMin} to ${LISTING_LIMITS.disclosureMax} characters (got ${p.length}).`,
  text_characters: (p) =>
    `${p.field} holds a control or invisible formatting character (such as NUL, a zero-width space or a right-to-left override): remove it.`,
} as const satisfies Record<string, (p: P) => string>;

export type FindingCode = keyof typeof MESSAGES;

/** Every finding code of the registry's 422 answers. */
export const FINDING_CODES = Object.keys(MESSAGES) as [FindingCode, ...FindingCode[]];

/** A registry finding: the shared shape of lib/http/findings.ts with one of FINDING_CODES. */
export type Finding = SharedFinding & { code: FindingCode; severity: "error" | "warning" };

/** The finding `code` about `field`; `params` are the values its message names. */
export function listingFinding(code: FindingCode, field: string, params: P = {}): Finding {
  const severity = code === "public_url_origin_only" ? "warning" : "error";
  return { code, severity, field, message: MESSAGES[code]({ field, ...params }) };
}
