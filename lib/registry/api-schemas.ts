import { z } from "zod";
import type { RefusalReason } from "../certifier/classify-address";
import { findingSchema } from "../http/findings";
import { blankAsAbsent, wireInteger } from "../http/query";
import { transparencyReceiptSchema } from "../tlog/api-schemas";
import type { RegistryEvent } from "./apply-transition";
import { FINDING_CODES } from "./finding-codes";
import {
  certificationReportSchema,
  JURISDICTIONS,
  RECORD_STATUSES,
  RECORD_TYPES,
  registryRecordSchema,
} from "./record-schema";
import { DEFAULT_LIMIT, MAX_LIMIT, NAME_FILTER_MAX } from "./registry-query";

/*
 * The registry and certifier routes (docs/registry.md). Responses are the zod contracts of
 * lib/registry/record-schema.ts, which the handlers' answers are built to and from which
 * schemas/registry-*.v1.json are generated. The write requests' schemas are in listing-request.ts:
 * validateListing() parses with them, so what the description says is what the server checks;
 * rules JSON Schema cannot state (the CUIT check digit, "operatorCuit is required for AR", that
 * strings are trimmed before their lengths are checked, http on loopback hosts for development
 * servers) are in the descriptions. serve() parses the queries with listQuery and certifierQuery;
 * registryQuery() then folds the name filter and resolves the cursor.
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

const TRANSITION_EVENTS = Object.keys({ certify: 1, claim: 1, "change-url": 1, displace: 1 } satisfies Record<
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
  field: z.enum(["publicUrl", "operatorCuit", "name"]).describe("The member another record already has."),
  recordId: z
    .string()
    .optional()
    .describe("With field name: the forming record of the same company, to claim instead of listing it again."),
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

export { claimRequestSchema, listingRequestSchema, listingUpdateSchema } from "./listing-request";

export const recordIdPath = z.object({
  id: registryRecordSchema.shape.id.describe(
    "The record id (a slug). An id that matches no record, or cannot be one, is a 404.",
  ),
});

export const listQuery = z.strictObject({
  jurisdiction: blankAsAbsent(z.enum(JURISDICTIONS)).describe("Only records of this jurisdiction."),
  type: blankAsAbsent(z.enum(RECORD_TYPES)).describe("Only records of this type."),
  status: blankAsAbsent(z.enum(RECORD_STATUSES)).describe("Only records in this status."),
  q: blankAsAbsent(z.string().max(NAME_FILTER_MAX)).describe(
    'Only records whose name contains this text, ignoring case and accents ("agentes del litoral" finds "Agéntes del Litoral SOCIEDAD-IA").',
  ),
  limit: wireInteger(z.int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).describe("Records per page.")),
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
    .describe("The record id to expect as issuer.registryId; without it that check fails."),
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
