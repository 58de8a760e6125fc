"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { createRegistryListing } from "@/lib/api/registry";
import { boundRateLimit } from "@/lib/endpoint/endpoint";
import { publicBaseUrl } from "@/lib/http/base-url";
import { isApiError } from "@/lib/http/problem";
import { createListing } from "@/lib/registry/create-listing";
import type { Finding } from "@/lib/registry/validate-listing";
import { EMPTY_VALUES, type ListingFormState, type ListingFormValues } from "./listing-form-state";

function read(form: FormData): ListingFormValues {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    name: text("name"),
    type: text("type"),
    jurisdiction: text("jurisdiction"),
    operator: text("operator"),
    operatorCuit: text("operatorCuit"),
    publicUrl: text("publicUrl"),
    rfcConformance: form.getAll("rfcConformance").map(String),
    disclosureEs: text("disclosureEs"),
    disclosureEn: text("disclosureEn"),
  };
}

/** The self-listing form's action: the same limits and validation as POST /api/registry. */
export async function submitListing(_previous: ListingFormState, form: FormData): Promise<ListingFormState> {
  const values = read(form);
  // The limiter and the base URL read the client's address and host from the request's headers.
  const request = new Request("http://registro.invalid/registro", { method: "POST", headers: await headers() });
  try {
    await boundRateLimit(createRegistryListing, request).count();
    const { record, ownerToken } = await createListing({
      name: values.name,
      type: values.type,
      jurisdiction: values.jurisdiction,
      operator: values.operator,
      operatorCuit: values.operatorCuit === "" ? null : values.operatorCuit,
      publicUrl: values.publicUrl,
      rfcConformance: values.rfcConformance,
      disclosure: { es: values.disclosureEs, en: values.disclosureEn },
    });
    revalidatePath("/registro");
    revalidatePath(`/registro/${record.id}`);
    const certifyCommand = `curl -X POST "${publicBaseUrl(request)}/api/registry/${record.id}/certify" \\\n  -H "authorization: Bearer ${ownerToken}"`;
    return { status: "created", values: EMPTY_VALUES, id: record.id, ownerToken, certifyCommand };
  } catch (err) {
    if (isApiError(err) && err.code === "validation_failed") {
      const findings = (err.extensions.findings as Finding[]).map(({ code, field, severity }) => ({
        code,
        field,
        severity,
      }));
      return { status: "invalid", values, findings };
    }
    if (isApiError(err) && err.code === "rate_limited") return { status: "error", values, error: "rate_limited" };
    if (isApiError(err) && err.code === "registry_duplicate" && typeof err.extensions.recordId === "string") {
      return { status: "error", values, error: "forming_exists", recordId: err.extensions.recordId };
    }
    console.error(err);
    return { status: "error", values, error: "unavailable" };
  }
}
