import type { Lang } from "@/lib/i18n";
import type { CertifyWords } from "./certification-verdict";

export type Option = { value: string; label: string };

export interface SelfListingFormProps {
  /** Plain strings only: functions cannot cross to the client. */
  words: Record<
    | "name"
    | "type"
    | "jurisdiction"
    | "operator"
    | "operatorHint"
    | "operatorCuit"
    | "operatorCuitHint"
    | "publicUrl"
    | "publicUrlHint"
    | "rfc"
    | "disclosureEs"
    | "disclosureEn"
    | "disclosureHint"
    | "submit"
    | "submitting"
    | "summary"
    | "created"
    | "tokenLabel"
    | "tokenWarning"
    | "nextSteps"
    | "certifyStep"
    | "viewRecord",
    string
  >;
  /** The certify panel's words: shown with the owner token right after listing. */
  certify: CertifyWords;
  lang: Lang;
  findingMessages: Record<string, string>;
  errorMessages: Record<string, string>;
  /** Why nothing was listed when the company already has a forming record, and the link to it. */
  formingWords: { text: string; link: string };
  types: Option[];
  jurisdictions: Option[];
  rfcTokens: string[];
}

export type ListingWords = SelfListingFormProps["words"];

/** Input id of each API member, so a finding's `field` lands next to its input. */
export const FIELD_IDS: Record<string, string> = {
  name: "listing-name",
  type: "listing-type",
  jurisdiction: "listing-jurisdiction",
  operator: "listing-operator",
  operatorCuit: "listing-cuit",
  publicUrl: "listing-url",
  rfcConformance: "listing-rfc",
  "disclosure.es": "listing-disclosure-es",
  "disclosure.en": "listing-disclosure-en",
};

/** The member a finding belongs to: every `rfcConformance[i]` is the one fieldset. */
export function fieldKey(field: string): string {
  return field.startsWith("rfcConformance") ? "rfcConformance" : field;
}

/** Each member's label, for the summary's links. */
export function fieldLabels(t: ListingWords): Record<string, string> {
  return {
    name: t.name,
    type: t.type,
    jurisdiction: t.jurisdiction,
    operator: t.operator,
    operatorCuit: t.operatorCuit,
    publicUrl: t.publicUrl,
    rfcConformance: t.rfc,
    "disclosure.es": t.disclosureEs,
    "disclosure.en": t.disclosureEn,
  };
}
