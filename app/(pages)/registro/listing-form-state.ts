/** What the self-listing form sends back to itself (plain data: it crosses to the client). */
export interface ListingFormValues {
  name: string;
  type: string;
  jurisdiction: string;
  operator: string;
  operatorCuit: string;
  publicUrl: string;
  rfcConformance: string[];
  disclosureEs: string;
  disclosureEn: string;
}

export interface FormFinding {
  code: string;
  field: string;
  severity: string;
}

export type ListingErrorKey = "rate_limited" | "unavailable" | "forming_exists";

export type ListingFormState =
  | { status: "idle"; values: ListingFormValues }
  | { status: "invalid"; values: ListingFormValues; findings: FormFinding[] }
  | { status: "error"; values: ListingFormValues; error: ListingErrorKey; recordId?: string }
  | { status: "created"; values: ListingFormValues; id: string; ownerToken: string; certifyCommand: string };

export const EMPTY_VALUES: ListingFormValues = {
  name: "",
  type: "productive-sociedad-ia",
  jurisdiction: "AR",
  operator: "",
  operatorCuit: "",
  publicUrl: "",
  rfcConformance: [],
  disclosureEs: "",
  disclosureEn: "",
};
