import { getNetworkPolicy } from "../certifier/get-network-policy";
import { ApiError } from "../http/problem";
import { type TransparencyReceipt, transparencyReceipt } from "../tlog/receipt";
import { applyTransition } from "./apply-transition";
import { loadEntryOrThrow } from "./get-registry-record";
import { listingUpdateSchema, ownerUpdateSchema } from "./listing-request";
import type { RegistryRecord } from "./record-schema";
import { authorizeToken } from "./record-token";
import { nextVersion, saveEntry } from "./stored-record";
import { type Finding, throwOnErrors, validateListing } from "./validate-listing";

const MAX_ATTEMPTS = 5;

/**
 * PATCH of a record by its owner or the operator. A new public URL drops the record back to draft
 * (apply-transition.ts), which gives up the origin it held, until it is certified again; the draft
 * expiry starts over then. The write is conditional on the version read, so a concurrent change is
 * never overwritten.
 */
export async function updateListing(
  id: string,
  token: string,
  body: unknown,
): Promise<{ record: RegistryRecord; findings: Finding[]; transparency: TransparencyReceipt }> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const { entry, version } = await loadEntryOrThrow(id);
    const actor = authorizeToken(entry, token);
    const { values, findings } = validateListing(body, {
      schema: actor === "admin" ? listingUpdateSchema : ownerUpdateSchema,
      cuitRequired: false,
      jurisdiction: entry.record.jurisdiction,
      operatorCuit: entry.record.operatorCuit ?? null,
      allowLoopback: getNetworkPolicy().allowLoopback,
    });
    throwOnErrors(findings);
    if (Object.keys(values).length === 0) {
      throw new ApiError("invalid_request", "Send at least one member to change (e.g. disclosure or publicUrl).");
    }
    const { publicUrl, ...rest } = values;
    const now = new Date().toISOString();
    let record: RegistryRecord = { ...entry.record, ...rest, updatedAt: now };
    let draftSince = entry.draftSince;
    if (publicUrl !== undefined && publicUrl !== entry.record.publicUrl) {
      record = applyTransition(record, { type: "change-url", at: now, publicUrl });
      draftSince = now;
    }
    const result = await saveEntry(nextVersion(entry, { record, ...(draftSince ? { draftSince } : {}) }), {
      mode: "update",
      expectVersion: version,
    });
    if (result.ok) return { record, findings, transparency: await transparencyReceipt(result.leaf) };
    if (result.reason === "missing") break;
  }
  throw new ApiError("conflict", "The record changed while it was being updated; read it again and retry.");
}
