import { getNetworkPolicy } from "../certifier/get-network-policy";
import { ApiError } from "../http/problem";
import { type TransparencyReceipt, transparencyReceipt } from "../tlog/receipt";
import { applyTransition } from "./apply-transition";
import { listingFinding } from "./finding-codes";
import { loadEntryOrThrow } from "./get-registry-record";
import { hashToken, issueToken, tokenMatches } from "./issue-token";
import { claimRequestSchema } from "./listing-request";
import type { RegistryRecord } from "./record-schema";
import { nextVersion, saveEntry } from "./stored-record";
import { type Finding, throwOnErrors, validateListing } from "./validate-listing";

const MAX_ATTEMPTS = 5;

/** The claim's body with the stub's operator and CUIT (the incorporation's representative) where it sends none. */
function withRepresentative(body: unknown, record: RegistryRecord): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const given = body as Record<string, unknown>;
  return {
    ...(record.operator !== "-" && given.operator === undefined ? { operator: record.operator } : {}),
    ...(record.operatorCuit !== null && given.operatorCuit === undefined ? { operatorCuit: record.operatorCuit } : {}),
    ...given,
  };
}

/**
 * A formed company claims its forming stub: with the claim token it received at incorporation it
 * gives its public URL and operator (and may complete disclosure and conformance). The stub becomes a
 * draft, the claim token stops working, and a new owner token is returned once.
 */
export async function claimFormingStub(
  id: string,
  claimToken: string,
  body: unknown,
): Promise<{ record: RegistryRecord; ownerToken: string; findings: Finding[]; transparency: TransparencyReceipt }> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const { entry, version } = await loadEntryOrThrow(id);
    const now = new Date().toISOString();
    // The state is public, so saying "not forming" before checking the token reveals nothing.
    applyTransition(entry.record, { type: "claim", at: now, publicUrl: "-" });
    if (!tokenMatches(claimToken, entry.claimTokenHash)) {
      throw new ApiError("registry_token_invalid", "This is not the claim token of this record.");
    }
    const { values, findings } = validateListing(withRepresentative(body, entry.record), {
      schema: claimRequestSchema,
      cuitRequired: true,
      jurisdiction: entry.record.jurisdiction,
      allowLoopback: getNetworkPolicy().allowLoopback,
    });
    if (values.operator === undefined && !findings.some((f) => f.field === "operator")) {
      findings.push(listingFinding("operator_invalid", "operator"));
    }
    throwOnErrors(findings);
    const { publicUrl, ...rest } = values;
    const record = applyTransition(
      { ...entry.record, ...rest },
      { type: "claim", at: now, publicUrl: publicUrl as string },
    );
    const ownerToken = issueToken("owner");
    // A draft claims no URL, so a draft listed by someone else under the same URL does not block this.
    const result = await saveEntry(
      nextVersion(entry, { record, ownerTokenHash: hashToken(ownerToken), claimTokenHash: null, draftSince: now }),
      { mode: "update", expectVersion: version },
    );
    if (result.ok) {
      return { record, ownerToken, findings, transparency: await transparencyReceipt(result.leaf) };
    }
  }
  throw new ApiError("conflict", "The record changed while it was being claimed; try again.");
}
