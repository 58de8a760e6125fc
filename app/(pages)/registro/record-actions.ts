"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import type { RateLimitName } from "@/lib/config/config";
import { publicBaseUrl } from "@/lib/http/base-url";
import { isApiError } from "@/lib/http/problem";
import { enforceRateLimit } from "@/lib/http/rate-limit";
import { certifyRecord } from "@/lib/registry/certify-record";
import { claimFormingStub } from "@/lib/registry/claim-forming-stub";
import type { Finding } from "@/lib/registry/validate-listing";
import type { ActionRefusal, CertifyState, ClaimState, ClaimValues } from "./record-action-state";

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/** The request the limiter and the base URL read the client's address and host from. */
async function pageRequest(limit: RateLimitName): Promise<Request> {
  const request = new Request("http://registro.invalid/registro", { method: "POST", headers: await headers() });
  await enforceRateLimit(limit, request, { write: true });
  return request;
}

/** A problem as the page words it: its code, and the members its words name. */
function refusalOf(err: unknown): ActionRefusal {
  if (!isApiError(err)) {
    console.error(err);
    return { code: "unavailable" };
  }
  const { reason, retryAfterSeconds } = err.extensions as { reason?: unknown; retryAfterSeconds?: unknown };
  return {
    code: err.code,
    ...(typeof reason === "string" ? { reason } : {}),
    ...(typeof retryAfterSeconds === "number" ? { seconds: retryAfterSeconds } : {}),
  };
}

/** The record page's claim: the same rules as POST /api/registry/{id}/claim. */
export async function claimRecord(_previous: ClaimState, form: FormData): Promise<ClaimState> {
  const id = text(form, "recordId");
  const token = text(form, "claimToken");
  const values: ClaimValues = {
    publicUrl: text(form, "publicUrl"),
    operator: text(form, "operator"),
    operatorCuit: text(form, "operatorCuit"),
  };
  if (!token)
    return { status: "invalid", values, findings: [{ code: "token_missing", field: "claimToken", severity: "error" }] };
  try {
    await pageRequest("registry");
    const claimed = await claimFormingStub(id, token, {
      publicUrl: values.publicUrl,
      operator: values.operator,
      operatorCuit: values.operatorCuit === "" ? null : values.operatorCuit,
    });
    revalidatePath(`/registro/${id}`);
    return { status: "claimed", values, id: claimed.record.id, ownerToken: claimed.ownerToken };
  } catch (err) {
    if (isApiError(err) && err.code === "validation_failed") {
      const findings = (err.extensions.findings as Finding[])
        .filter((f) => f.severity === "error")
        .map(({ code, field, severity }) => ({ code, field, severity }));
      return { status: "invalid", values, findings };
    }
    return { status: "refused", values, refusal: refusalOf(err) };
  }
}

/** The record page's certification: the same rules as POST /api/registry/{id}/certify. */
export async function certifyRecordAction(_previous: CertifyState, form: FormData): Promise<CertifyState> {
  const id = text(form, "recordId");
  const token = text(form, "ownerToken");
  if (!token) return { status: "refused", refusal: { code: "registry_token_required" } };
  try {
    const request = await pageRequest("certifier");
    const { report } = await certifyRecord(id, { token }, publicBaseUrl(request));
    revalidatePath(`/registro/${id}`);
    return { status: "done", report };
  } catch (err) {
    return { status: "refused", refusal: refusalOf(err) };
  }
}
