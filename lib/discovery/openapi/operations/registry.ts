import { z } from "zod";
import type { RefusalReason } from "../../../certifier/classify-address";
import type { ErrorCode } from "../../../http/error-codes";
import { findingSchema } from "../../../http/findings";
import { CUIT_INPUT_PATTERN } from "../../../identity/cuit";
import type { RegistryEvent } from "../../../registry/apply-transition";
import { CLAIM_FIELDS, CLAIM_REQUIRED } from "../../../registry/claim-forming-stub";
import { DEFAULT_LIMIT, MAX_LIMIT } from "../../../registry/parse-registry-query";
import {
  certificationReportSchema,
  JURISDICTIONS,
  LISTABLE_TYPES,
  RECORD_STATUSES,
  RECORD_TYPES,
  RFC_TOKENS,
  registryListSchema,
  registryRecordSchema,
} from "../../../registry/record-schema";
import { OWNER_EDITABLE } from "../../../registry/update-listing";
import { FINDING_CODES, LISTING_LIMITS, type ListingField } from "../../../registry/validate-listing";
import type { SecuritySchemeName } from "../components";
import { transparencyReceiptSchema } from "../components";
import { defineOperation } from "../operation";

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
const validationFailedMembers = z.looseObject({
  findings: z
    .array(registryFindingSchema)
    .describe("Every finding of the request, errors and warnings: fix each error and send it again."),
});

const duplicateMembers = z.looseObject({
  field: z.enum(["publicUrl", "operatorCuit"]).describe("The member another record already has."),
});

const transitionMembers = z.looseObject({
  from: z.enum(RECORD_STATUSES).describe("The record's status."),
  event: z.enum(TRANSITION_EVENTS).describe("What was refused (change-url: a PATCH of publicUrl)."),
});

const refusedMembers = z.looseObject({
  reason: z.enum(REFUSAL_REASONS).describe("Why the network policy refused the URL (docs/registry.md)."),
  url: z.string().describe("The refused URL."),
  address: z.string().nullable().describe("The refused address after DNS resolution, when there was one."),
});

const invalidQueryMembers = z.looseObject({
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

const recordIdPath = z.object({
  id: registryRecordSchema.shape.id.describe(
    "The record id (a slug). An id that matches no record, or cannot be one, is a 404.",
  ),
});

const listQuery = z.strictObject({
  jurisdiction: z.enum(JURISDICTIONS).optional().describe("Only records of this jurisdiction."),
  type: z.enum(RECORD_TYPES).optional().describe("Only records of this type."),
  status: z.enum(RECORD_STATUSES).optional().describe("Only records in this status."),
  limit: z.int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).describe("Records per page."),
  cursor: z
    .string()
    .optional()
    .describe("The nextCursor of the previous page; valid only with the same filters (else 400 invalid_query)."),
});

const certifierQuery = z.strictObject({
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

const createdSchema = z.object({
  record: registryRecordSchema,
  ownerToken,
  findings: z.array(registryFindingSchema).describe("Warnings only (errors are a 422)."),
  transparency: receipt,
});

const updatedSchema = z.object({
  record: registryRecordSchema,
  findings: z.array(registryFindingSchema).describe("Warnings only (errors are a 422)."),
  transparency: receipt,
});

const certifiedSchema = z.object({
  record: registryRecordSchema,
  report: certificationReportSchema,
  transparency: transparencyReceiptSchema.describe(
    "The certification's audit entry's leaf in the transparency log, with its inclusion proof once integrated.",
  ),
});

const BODY_ERRORS = [
  "malformed_json",
  "json_too_deep",
  "json_number_out_of_range",
  "incomplete_body",
  "invalid_request",
  "payload_too_large",
  "unsupported_media_type",
] as const;

const TOKEN_ERRORS = ["registry_token_required", "registry_token_invalid"] as const;

/**
 * Changing an existing record (PATCH, claim) takes a body and a token, validates like a listing and
 * writes conditionally, so both operations answer the same problems with the same members.
 */
const RECORD_CHANGE_ERRORS: ErrorCode[] = [
  ...BODY_ERRORS,
  ...TOKEN_ERRORS,
  "not_found",
  "registry_duplicate",
  "invalid_transition",
  "conflict",
  "validation_failed",
  "store_unavailable",
];

const RECORD_CHANGE_MEMBERS = {
  validation_failed: validationFailedMembers,
  registry_duplicate: duplicateMembers,
  invalid_transition: transitionMembers,
};

/** Who may change or certify a record: its owner, or the operator with the admin token. */
const OWNER_OR_ADMIN: SecuritySchemeName[] = ["registryOwnerToken", "registryAdminToken"];

/** Listing writes count against RATE_LIMIT_REGISTRY; certifier runs (outbound requests) against its own limit. */
const REGISTRY_WRITE = { name: "registry", write: true } as const;
const CERTIFIER_RUN = { name: "certifier", write: true } as const;

/** A success answer: every registry route answers application/json. */
const jsonAnswer = (description: string, schema: z.ZodType) => ({
  description,
  content: { "application/json": schema },
});

/** What a self-listing and a claim return: the owner token is issued in both. */
const draftWithToken = jsonAnswer("The draft record, its owner token (shown once) and any warnings.", createdSchema);

// --- Operations ------------------------------------------------------------------------------------

export const listRegistry = defineOperation({
  method: "get",
  path: "/api/registry",
  operationId: "listRegistry",
  summary: "The public registry of sociedades-IA, filtered and paged",
  description:
    "The SPEC 2.3 envelope (schemas/registry-list.v1.json) in creation order, which updates do not change, so pages never skip or repeat a record. Pass nextCursor as ?cursor= with the same filters for the next page. An unknown, repeated or out-of-range parameter is a 400 invalid_query naming the parameter and its allowed values.",
  tags: ["registry"],
  query: listQuery,
  responses: {
    200: jsonAnswer("One page of records.", registryListSchema),
  },
  errors: ["invalid_query", "bad_request", "store_unavailable"],
  problemMembers: { invalid_query: invalidQueryMembers },
  rateLimit: { name: "read", write: false },
});

export const createRegistryListing = defineOperation({
  method: "post",
  path: "/api/registry",
  operationId: "createRegistryListing",
  summary: "List a company in the registry (as a draft)",
  description:
    "Validates every member and reports every problem at once (422 validation_failed with findings). The record is created as a draft under an id the service draws (the name's slug and a random suffix). A draft reserves nothing: other drafts may name the same URL or CUIT, and drafts not certified within REGISTRY_DRAFT_TTL leave the public list. It goes live when a certification rates it C or better (POST /api/registry/{id}/certify with the owner token returned here).",
  tags: ["registry"],
  body: { schema: listingRequestSchema },
  responses: {
    201: {
      ...draftWithToken,
      headers: {
        Location: { description: "/api/registry/{id} of the new record.", schema: { type: "string" } },
      },
    },
  },
  errors: [...BODY_ERRORS, "conflict", "validation_failed", "store_unavailable"],
  problemMembers: { validation_failed: validationFailedMembers, registry_duplicate: duplicateMembers },
  rateLimit: REGISTRY_WRITE,
});

export const getRegistryRecord = defineOperation({
  method: "get",
  path: "/api/registry/{id}",
  operationId: "getRegistryRecord",
  summary: "One registry record",
  tags: ["registry"],
  pathParams: recordIdPath,
  responses: {
    200: jsonAnswer("The record (schemas/registry-record.v1.json).", registryRecordSchema),
  },
  errors: ["not_found", "store_unavailable"],
  rateLimit: { name: "read", write: false },
});

export const updateRegistryRecord = defineOperation({
  method: "patch",
  path: "/api/registry/{id}",
  operationId: "updateRegistryRecord",
  summary: "Change a record (owner or admin token)",
  description:
    "The owner may change disclosure and publicUrl; the operator's admin token (REGISTRY_ADMIN_TOKEN, when set) every listing member. A new public URL is re-checked for uniqueness in the same atomic write and returns the record to draft until it is certified again. The write is conditional on the version read: 409 conflict asks to retry if the record kept changing. No token: 401; a token that is not this record's: 403.",
  tags: ["registry"],
  security: OWNER_OR_ADMIN,
  pathParams: recordIdPath,
  body: { schema: listingUpdateSchema },
  responses: {
    200: jsonAnswer("The updated record and any warnings.", updatedSchema),
  },
  errors: RECORD_CHANGE_ERRORS,
  problemMembers: RECORD_CHANGE_MEMBERS,
  rateLimit: REGISTRY_WRITE,
});

export const certifyRegistryRecord = defineOperation({
  method: "post",
  path: "/api/registry/{id}/certify",
  operationId: "certifyRegistryRecord",
  summary: "Certify a record's public URL (owner or admin token)",
  description:
    "Fetches <publicUrl>/.well-known/agents.json, checks it and the endpoints it declares (up to 25 s), and applies the verdict: a draft rated C or better goes live; a live record's good standing becomes active or suspended. One audit entry records each certification (the report's audit member points at it) and the report is kept for GET /api/registry/{id}/report. No request body. A forming record (claim it first) or one without a public URL is a 409 invalid_transition; a URL the network policy refuses is a 422 target_refused, before any connection. Going live takes the origin: while another live record holds it, a passing verdict is a 409 registry_duplicate and nothing is written.",
  tags: ["registry"],
  security: OWNER_OR_ADMIN,
  pathParams: recordIdPath,
  responses: {
    200: jsonAnswer("The record after the verdict and the certification report.", certifiedSchema),
  },
  errors: [
    ...TOKEN_ERRORS,
    "not_found",
    "invalid_transition",
    "registry_duplicate",
    "conflict",
    "target_refused",
    "bad_request",
    "store_unavailable",
  ],
  problemMembers: {
    invalid_transition: transitionMembers,
    target_refused: refusedMembers,
    registry_duplicate: duplicateMembers,
  },
  rateLimit: CERTIFIER_RUN,
});

export const claimRegistryRecord = defineOperation({
  method: "post",
  path: "/api/registry/{id}/claim",
  operationId: "claimRegistryRecord",
  summary: "Claim a forming record with its claim token",
  description:
    "A company formed through this service claims the forming record created for it, with the claim token it received once, and gives its public URL and operator. The record becomes a draft, the claim token stops working, and a new owner token is returned once. A record that is not forming is a 409 invalid_transition.",
  tags: ["registry"],
  security: ["registryClaimToken"],
  pathParams: recordIdPath,
  body: { schema: claimRequestSchema },
  responses: {
    200: draftWithToken,
  },
  errors: RECORD_CHANGE_ERRORS,
  problemMembers: RECORD_CHANGE_MEMBERS,
  rateLimit: REGISTRY_WRITE,
});

export const getCertificationReport = defineOperation({
  method: "get",
  path: "/api/registry/{id}/report",
  operationId: "getCertificationReport",
  summary: "A record's last certification report",
  tags: ["registry"],
  pathParams: recordIdPath,
  responses: {
    200: jsonAnswer("The report (schemas/certification-report.v1.json).", certificationReportSchema),
  },
  errors: ["not_found", "bad_request", "store_unavailable"],
  rateLimit: { name: "read", write: false },
});

export const dryRunCertification = defineOperation({
  method: "get",
  path: "/api/certifier",
  operationId: "dryRunCertification",
  summary: "Certify any origin without changing anything (dry run)",
  description:
    "Runs the registry's certification checks against <url's origin>/.well-known/agents.json and the endpoints it declares (up to 25 s) and returns the report; no record and no audit entry is written (recordId and audit are null). Counted as a write for the rate limit: every run makes outbound requests on the caller's behalf. A URL the network policy refuses is a 422 target_refused, before any connection.",
  tags: ["registry"],
  query: certifierQuery,
  responses: {
    200: jsonAnswer("The certification report (schemas/certification-report.v1.json).", certificationReportSchema),
  },
  errors: ["invalid_query", "target_refused", "bad_request"],
  problemMembers: { invalid_query: invalidQueryMembers, target_refused: refusedMembers },
  rateLimit: CERTIFIER_RUN,
});

/** Contracts several operations answer with: written once, as components, and referenced. */
export const registryComponents = {
  RegistryRecord: registryRecordSchema,
  CertificationReport: certificationReportSchema,
  RegistryFinding: registryFindingSchema,
} satisfies Record<string, z.ZodType>;
