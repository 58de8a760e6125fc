import type { CertificationReport } from "@/lib/registry/record-schema";
import type { FormFinding } from "./listing-form-state";

/** What the claim form sends back to itself (plain data: it crosses to the client). */
export interface ClaimValues {
  publicUrl: string;
  operator: string;
  operatorCuit: string;
}

/** A refusal worded on the page by its problem code; `reason` and `seconds` fill its words. */
export interface ActionRefusal {
  code: string;
  reason?: string;
  seconds?: number;
}

export type ClaimState =
  | { status: "idle"; values: ClaimValues }
  | { status: "invalid"; values: ClaimValues; findings: FormFinding[] }
  | { status: "refused"; values: ClaimValues; refusal: ActionRefusal }
  | { status: "claimed"; values: ClaimValues; id: string; ownerToken: string };

export type CertifyState =
  | { status: "idle" }
  | { status: "refused"; refusal: ActionRefusal }
  | { status: "done"; report: CertificationReport };
