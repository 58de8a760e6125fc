import { getNetworkPolicy } from "../certifier/get-network-policy";
import { ApiError } from "../http/problem";
import { type TransparencyReceipt, transparencyReceipt } from "../tlog/receipt";
import { ensureSeeds } from "./ensure-seeds";
import { findFormingRecord } from "./find-forming-record";
import { hashToken, issueToken } from "./issue-token";
import { listingRequestSchema } from "./listing-request";
import { recordIdCandidates } from "./make-record-id";
import type { RegistryRecord } from "./record-schema";
import { saveEntry } from "./stored-record";
import { type Finding, type ListingValues, throwOnErrors, validateListing } from "./validate-listing";

export interface CreatedListing {
  record: RegistryRecord;
  /** Shown once: only its hash is stored. */
  ownerToken: string;
  /** Warnings only (errors are a 422). */
  findings: Finding[];
  /** The listing's leaf in the transparency log, with its inclusion proof once integrated. */
  transparency: TransparencyReceipt;
}

/**
 * Self-listing: validates every member (422 with all findings), then creates a draft record under an
 * id the service draws. A draft reserves nothing: any number of drafts may name the same URL or
 * CUIT, and the first one whose site's manifest names it and that passes certification takes the
 * origin (stored-record.ts). A name that a forming record already has is refused (409
 * registry_duplicate naming that record): the incorporated company claims it instead. `now` is the clock (tests).
 */
export async function createListing(body: unknown, now: Date = new Date()): Promise<CreatedListing> {
  await ensureSeeds();
  const { values, findings } = validateListing(body, {
    schema: listingRequestSchema,
    cuitRequired: true,
    allowLoopback: getNetworkPolicy().allowLoopback,
  });
  throwOnErrors(findings);
  const v = values as ListingValues;
  // A company incorporated here already has its record: it claims that one instead of listing twice.
  const forming = await findFormingRecord(v.name);
  if (forming) {
    throw new ApiError(
      "registry_duplicate",
      `"${forming.name}" already has a forming record, ${forming.id}, made when it was incorporated here. Nothing was listed: claim that record with its claim token (POST /api/registry/${forming.id}/claim).`,
      { field: "name", recordId: forming.id },
    );
  }

  const ownerToken = issueToken("owner");
  const at = now.toISOString();
  for (const id of recordIdCandidates(v.name)) {
    const record: RegistryRecord = {
      id,
      name: v.name,
      type: v.type,
      jurisdiction: v.jurisdiction,
      operator: v.operator,
      operatorCuit: v.operatorCuit ?? null,
      publicUrl: v.publicUrl,
      rfcConformance: v.rfcConformance ?? [],
      disclosure: v.disclosure,
      status: "draft",
      listedSince: "-",
      goodStanding: { state: "unverified", lastCheckedAt: null, lastScore: null, lastRating: null },
      createdAt: at,
      updatedAt: at,
      source: "self-listed",
    };
    const result = await saveEntry(
      {
        v: 2,
        record,
        ownerTokenHash: hashToken(ownerToken),
        claimTokenHash: null,
        auditSessionId: null,
        draftSince: at,
        seq: 0,
        reportHash: null,
      },
      { mode: "create" },
    );
    if (result.ok) return { record, ownerToken, findings, transparency: await transparencyReceipt(result.leaf) };
  }
  throw new ApiError("conflict", "No free id for this name right now; send the listing again.");
}
