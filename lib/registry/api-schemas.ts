import { z } from "zod";
import type { RefusalReason } from "../certifier/classify-address";
import { transparencyReceiptSchema } from "../discovery/openapi/components";
import { findingSchema } from "../http/findings";
import { CUIT_INPUT_PATTERN } from "../identity/cuit";
import type { RegistryEvent } from "./apply-transition";
import { CLAIM_FIELDS, CLAIM_REQUIRED } from "./claim-forming-stub";
import { DEFAULT_LIMIT, MAX_LIMIT } from "./parse-registry-query";
import {
  certificationReportSchema,
  JURISDICTIONS,
  LISTABLE_TYPES,
  RECORD_STATUSES,
  RECORD_TYPES,
  RFC_TOKENS,
  registryRecordSchema,
} from "./record-schema";
import { OWNER_EDITABLE } from "./update-listing";
import { FINDING_CODES, LISTING_LIMITS, type ListingField } from "./validate-listing";

/*
 * The registry and certifier routes (docs/registry.md). Responses are the zod contracts of
 * lib/registry/record-schema.ts, which the handlers' answers are built to and from which
 * schemas/registry-*.v1.json are generated. Requests are not parsed with zod: validateListing()
 * (lib/registry/validate-listing.ts) collects every problem as a finding, and parseRegistryQuery()
 * / runDryCertification() read the query by hand. The request schemas below are written from the
 * same constants those functions use (member lists, enums, length limits, the CUIT pattern), and
 * tests/unit/openapi.test.ts checks them against validateListing(), so they cannot drift apart.
 * Rules JSON Schema cannot state (the CUIT check digit, "operatorCuit is required for AR", that
 * strings are trimmed before their lengths are checked) are in the descriptions. The description
 * is a little stricter than the server in two places (an empty operatorCuit string, which the server
 * treats as none; http:// on loopback hosts, which a development server may allow).
 */

// --- Findings and the members problems add -------------------------------------------------------

/** A registry finding: the shared Finding shape (lib/http/findings.ts) with the registry's codes. */
export const registryFindingSchema = findingSchema.extend({
  code: z.enum(FINDING_CODES).describe("Stable identifier of the rule (docs/registry.md lists them)."),
  severity: z.enum(["error", "warning"]).describe("error blocks the request; warning does not."),
});

const REFUSAL_REASONS = Object.keys({
  scheme: 1,
  credentials: 1,
  loopback: 1,
  private: 1,
  "link-local": 1,
  multicast: 1,
  "ipv4-mapped": 1,
  metadata: 1,
  unspecified: 1,
  reserved: 1,
} satisfies Record<RefusalReason, 1>) as [RefusalReason, ...RefusalReason[]];

const TRANSITION_EVENTS = Object.keys({ certify: 1, claim: 1, "change-url": 1 } satisfies Record<
  RegistryEvent["type"],
  1
>) as [RegistryEvent["type"], ...RegistryEvent["type"][]];

/**
 * The registry's 422 is not the incorporation endpoint's ValidationFailure body: it is a
 * problem+json `validation_failed` whose `findings` member lists every finding (errors and
 * warnings) in the shared Finding shape.
 */
export const validationFailedMembers = z.looseObject({
  findings: z
    .array(registryFindingSchema)
    .describe("Every finding of the request, errors and warnings: fix each error and send it again."),
});

export const duplicateMembers = z.looseObject({
  field: z.enum(["publicUrl", "operatorCuit"]).describe("The member another record already has."),
});

export const transitionMembers = z.looseObject({
  from: z.enum(RECORD_STATUSES).describe("The record's status."),
  event: z.enum(TRANSITION_EVENTS).describe("What was refused (change-url: a PATCH of publicUrl)."),
});

export const refusedMembers = z.looseObject({
  reason: z.enum(REFUSAL_REASONS).describe("Why the network policy refused the URL (docs/registry.md)."),
  url: z.string().describe("The refused URL."),
  address: z.string().nullable().describe("The refused address after DNS resolution, when there was one."),
});

export const invalidQueryMembers = z.looseObject({
  parameter: z.string().describe("The query parameter at fault."),
  allowed: z.array(z.string()).optional().describe("Its allowed values (or the allowed parameter names)."),
});

// --- Requests --------------------------------------------------------------------------------------

/** An absolute https URL without user info (validateListing's public_url_invalid / _not_https). */
const HTTPS_URL = /^https:\/\/[^/?#@\s]+(?:[/?#]\S*)?$/;

const cuit = z
  .string()
  .regex(CUIT_INPUT_PATTERN)
  .nullable()
  .optional()
  .describe(
    "Operator's CUIT, NN-NNNNNNNN-N or 11 digits (stored as NN-NNNNNNNN-N), whose modulo-11 check digit must match. Required for jurisdiction AR (cuit_required); null or absent otherwise. One operator may run any number of companies.",
  );

const disclosure = (what: string) =>
  z
    .strictObject({
      es: z.string().min(LISTING_LIMITS.disclosureMin).max(LISTING_LIMITS.disclosureMax),
      en: z.string().min(LISTING_LIMITS.disclosureMin).max(LISTING_LIMITS.disclosureMax),
    })
    .describe(
      `${what}Plain-language disclosure in Spanish and English, ${LISTING_LIMITS.disclosureMin} to ${LISTING_LIMITS.disclosureMax} characters each.`,
    );

/** Every listing member as a self-listing sends it (all but rfcConformance and operatorCuit required). */
const listingShape = {
  name: z
    .string()
    .min(1)
    .max(LISTING_LIMITS.name)
    .describe("The company's name; the record id is its slug plus a random suffix the service draws."),
  type: z.enum(LISTABLE_TYPES).describe("reference-implementation is reserved for this deployment's own record."),
  jurisdiction: z.enum(JURISDICTIONS),
  operator: z.string().min(1).max(LISTING_LIMITS.operator).describe("The operator's name."),
  operatorCuit: cuit,
  publicUrl: z
    .url()
    .regex(HTTPS_URL)
    .describe(
      "Absolute https URL of the company's deployment, without credentials. Only its origin is kept (a path, query or fragment is dropped with a public_url_origin_only warning); the certifier reads <origin>/.well-known/agents.json. Drafts may share a URL: only a live record holds its origin (certification answers 409 registry_duplicate while another live record holds it).",
    ),
  rfcConformance: z
    .array(z.enum(RFC_TOKENS))
    .optional()
    .describe("Conformance tokens the company claims; [] when absent, duplicates dropped."),
  disclosure: disclosure(""),
} satisfies Record<ListingField, z.ZodType>;

/** POST /api/registry: a self-listing. Unknown members are field_unknown findings. */
export const listingRequestSchema = z.strictObject(listingShape);

const adminOnly = (field: ListingField) =>
  OWNER_EDITABLE.includes(field) ? "" : " Admin token only (an owner gets a field_not_editable finding).";

/** PATCH /api/registry/{id}: the members to change; the owner may change OWNER_EDITABLE only. */
export const listingUpdateSchema = z
  .strictObject({
    name: listingShape.name.optional().describe(`New name (the id does not change).${adminOnly("name")}`),
    type: z
      .enum(RECORD_TYPES)
      .optional()
      .describe(`New type.${adminOnly("type")}`),
    jurisdiction: listingShape.jurisdiction.optional().describe(`New jurisdiction.${adminOnly("jurisdiction")}`),
    operator: listingShape.operator.optional().describe(`New operator name.${adminOnly("operator")}`),
    operatorCuit: cuit.describe(`${cuit.description}${adminOnly("operatorCuit")}`),
    publicUrl: listingShape.publicUrl
      .optional()
      .describe(
        `New public URL (origin kept). A different URL puts the record back to draft, good standing unverified, until it is certified again.${adminOnly("publicUrl")}`,
      ),
    rfcConformance: listingShape.rfcConformance.describe(`New conformance tokens.${adminOnly("rfcConformance")}`),
    disclosure: disclosure(`New disclosure.${adminOnly("disclosure")} `).optional(),
  } satisfies Record<ListingField, z.ZodType>)
  .describe(
    "At least one member (an empty object is a 400 invalid_request). With the owner token only disclosure and publicUrl may be sent; the admin token may change every member.",
  );

/** POST /api/registry/{id}/claim: what a forming stub needs to become a draft. */
export const claimRequestSchema = z
  .strictObject(
    Object.fromEntries(
      CLAIM_FIELDS.map((field) => {
        const schema: z.ZodType = listingShape[field];
        // operatorCuit is already optional: it is required for AR records only (every formed record is AR).
        return [field, CLAIM_REQUIRED.includes(field) || field === "operatorCuit" ? schema : schema.optional()];
      }),
    ),
  )
  .describe(
    "The running company's public URL and operator (operatorCuit for AR records, which every formed record is); disclosure and rfcConformance may be completed too.",
  );

export const recordIdPath = z.object({
  id: registryRecordSchema.shape.id.describe(
    "The record id (a slug). An id that matches no record, or cannot be one, is a 404.",
  ),
});

export const listQuery = z.strictObject({
  jurisdiction: z.enum(JURISDICTIONS).optional().describe("Only records of this jurisdiction."),
  type: z.enum(RECORD_TYPES).optional().describe("Only records of this type."),
  status: z.enum(RECORD_STATUSES).optional().describe("Only records in this status."),
  limit: z.int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).describe("Records per page."),
  cursor: z
    .string()
    .optional()
    .describe("The nextCursor of the previous page; valid only with the same filters (else 400 invalid_query)."),
});

export const certifierQuery = z.strictObject({
  url: z.url().describe("The company's URL; its origin is certified (<origin>/.well-known/agents.json)."),
  jurisdiction: z
    .enum(JURISDICTIONS)
    .optional()
    .describe("The jurisdiction to expect as issuer.jurisdiction; without it the issuer checks fail."),
  operatorCuit: z.string().optional().describe("The CUIT to expect as issuer.operatorCuit (with jurisdiction)."),
  registryId: z
    .string()
    .optional()
    .describe("The registry record id to expect as issuer.registryId; without it that check fails."),
});

// --- Responses -------------------------------------------------------------------------------------

const ownerToken = z
  .string()
  .describe("The record's owner token (sia_own_...). Shown once: only its hash is stored, so keep it.");

const receipt = transparencyReceiptSchema.describe(
  "The change's leaf in the transparency log (/log), with its inclusion proof once integrated.",
);

export const createdSchema = z.object({
  record: registryRecordSchema,
  ownerToken,
  findings: z.array(registryFindingSchema).describe("Warnings only (errors are a 422)."),
  transparency: receipt,
});

export const updatedSchema = z.object({
  record: registryRecordSchema,
  findings: z.array(registryFindingSchema).describe("Warnings only (errors are a 422)."),
  transparency: receipt,
});

export const certifiedSchema = z.object({
  record: registryRecordSchema,
  report: certificationReportSchema,
  transparency: transparencyReceiptSchema.describe(
    "The certification's audit entry's leaf in the transparency log, with its inclusion proof once integrated.",
  ),
});

/** Contracts several operations answer with: written once, as components, and referenced. */
export const registryComponents = {
  RegistryRecord: registryRecordSchema,
  CertificationReport: certificationReportSchema,
  RegistryFinding: registryFindingSchema,
} satisfies Record<string, z.ZodType>;
