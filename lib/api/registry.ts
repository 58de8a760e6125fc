import type { z } from "zod";
import { defineCronEndpoint } from "../endpoint/cron-endpoint";
import { defineEndpoint, type EndpointContext } from "../endpoint/endpoint";
import { publicBaseUrl } from "../http/base-url";
import type { ErrorCode } from "../http/error-codes";
import { json } from "../http/handler";
import { JSON_BODY_ERRORS } from "../http/read-json";
import {
  certifiedSchema,
  certifierQuery,
  claimRequestSchema,
  createdSchema,
  duplicateMembers,
  invalidQueryMembers,
  listingRequestSchema,
  listingUpdateSchema,
  listQuery,
  recordIdPath,
  refusedMembers,
  transitionMembers,
  updatedSchema,
  validationFailedMembers,
} from "../registry/api-schemas";
import { certifyRecord } from "../registry/certify-record";
import { claimFormingStub } from "../registry/claim-forming-stub";
import { createListing } from "../registry/create-listing";
import { getCertificationReport as readCertificationReport } from "../registry/get-certification-report";
import { getRegistryRecord as readRegistryRecord, UNKNOWN_RECORD } from "../registry/get-registry-record";
import { listRegistry as readRegistryList } from "../registry/list-registry";
import { recheckLiveRecords } from "../registry/recheck-live-records";
import { certificationReportSchema, registryListSchema, registryRecordSchema } from "../registry/record-schema";
import { registryQuery } from "../registry/registry-query";
import { runDryCertification } from "../registry/run-dry-certification";
import { updateListing } from "../registry/update-listing";

/*
 * The directory and certifier endpoints (docs/registry.md): each declaration with its handler. The
 * schemas are in lib/registry/api-schemas.ts; the work is done by lib/registry and lib/certifier.
 * A write's body goes to its work as sent (bodyCheckedByHandler), unparsed by serve(): the work's
 * validation answers every finding at once (422), after the record's and the token's own checks,
 * and parsing it first as well would only do that work twice.
 */

const BODY_ERRORS = JSON_BODY_ERRORS;

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
  "registry_record_corrupt",
  "validation_failed",
  "store_unavailable",
];

const RECORD_CHANGE_MEMBERS = {
  validation_failed: validationFailedMembers,
  registry_duplicate: duplicateMembers,
  invalid_transition: transitionMembers,
};

/** An id that cannot be a record's is refused as an unknown one is: the record is not found. */
const ID_REFUSAL = { id: UNKNOWN_RECORD };

/** A success answer: every directory route answers application/json. */
const jsonAnswer = (description: string, schema: z.ZodType) => ({
  description,
  content: { "application/json": schema },
});

/** What a self-listing and a claim return: the owner token is issued in both. */
const draftWithToken = jsonAnswer("The draft record, its owner token (shown once) and any warnings.", createdSchema);

/** Listing writes count against RATE_LIMIT_REGISTRY; certifier runs (outbound requests) against its own limit. */
const REGISTRY_WRITE = { name: "registry", write: true } as const;
const CERTIFIER_RUN = { name: "certifier", write: true } as const;

// The writes' answers, from the body as sent (bodyCheckedByHandler): each is both the endpoint's
// badBody and its handle, as serve() hands every body to badBody unparsed.

type RecordChange = EndpointContext<{ id: string }, unknown, unknown>;

async function listed(_request: Request, { sentBody }: EndpointContext<unknown, unknown, unknown>): Promise<Response> {
  const created = await createListing(sentBody);
  return json(created, {
    status: 201,
    headers: { location: `/api/registry/${created.record.id}`, "cache-control": "no-store" },
  });
}

async function updated(_request: Request, { params, token, sentBody }: RecordChange): Promise<Response> {
  return json(await updateListing(params.id, token as string, sentBody), { headers: { "cache-control": "no-store" } });
}

async function claimed(_request: Request, { params, token, sentBody }: RecordChange): Promise<Response> {
  return json(await claimFormingStub(params.id, token as string, sentBody), {
    headers: { "cache-control": "no-store" },
  });
}

// --- Operations ------------------------------------------------------------------------------------

export const listRegistry = defineEndpoint({
  method: "GET",
  path: "/api/registry",
  operationId: "listRegistry",
  summary: "The public directory of sociedades-IA, filtered and paged",
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
  listing: {
    id: "registry",
    description: "The public directory of sociedades-IA, filterable by jurisdiction, type and status.",
  },
  async handle(request, { query }) {
    const list = await readRegistryList(registryQuery(query), publicBaseUrl(request));
    return json(list, { headers: { "cache-control": "no-cache" } });
  },
});

export const createRegistryListing = defineEndpoint({
  method: "POST",
  path: "/api/registry",
  operationId: "createRegistryListing",
  summary: "List a company in the directory (as a draft)",
  description:
    "Validates every member and reports every problem at once (422 validation_failed with findings). The record is created as a draft under an id the service draws (the name's slug and a random suffix). A draft reserves nothing: other drafts may name the same URL or CUIT, and drafts not certified within REGISTRY_DRAFT_TTL leave the public list. A name that a forming record already has (a company incorporated here) is a 409 registry_duplicate with field name and that record's recordId: claim it instead. It goes live when a certification rates it C or better (POST /api/registry/{id}/certify with the owner token returned here).",
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
  errors: [...BODY_ERRORS, "conflict", "registry_duplicate", "validation_failed", "store_unavailable"],
  problemMembers: { validation_failed: validationFailedMembers, registry_duplicate: duplicateMembers },
  rateLimit: REGISTRY_WRITE,
  listing: {
    id: "registrySelfListing",
    description: "Lists a company as a draft; it goes live when the certifier rates it C or better.",
  },
  // createListing validates the body as sent and answers every finding at once.
  bodyCheckedByHandler: true,
  badBody: listed,
  handle: listed,
});

export const getRegistryRecord = defineEndpoint({
  method: "GET",
  path: "/api/registry/{id}",
  operationId: "getRegistryRecord",
  summary: "One record of the directory",
  tags: ["registry"],
  pathParams: recordIdPath,
  parameterRefusals: ID_REFUSAL,
  responses: {
    200: jsonAnswer("The record (schemas/registry-record.v1.json).", registryRecordSchema),
  },
  errors: ["not_found", "registry_record_corrupt", "store_unavailable"],
  rateLimit: { name: "read", write: false },
  listing: {
    id: "registryRecord",
    description: "One record of the directory: status, good standing and bilingual disclosure.",
  },
  async handle(_request, { params }) {
    return json(await readRegistryRecord(params.id), { headers: { "cache-control": "no-cache" } });
  },
});

export const updateRegistryRecord = defineEndpoint({
  method: "PATCH",
  path: "/api/registry/{id}",
  operationId: "updateRegistryRecord",
  summary: "Change a record (owner or admin token)",
  description:
    "The owner may change disclosure and publicUrl; the operator's admin token (REGISTRY_ADMIN_TOKEN, when set) every listing member. A new public URL is re-checked for uniqueness in the same atomic write and returns the record to draft until it is certified again. The write is conditional on the version read: 409 conflict asks to retry if the record kept changing. No token: 401; a token that is not this record's: 403.",
  tags: ["registry"],
  auth: "recordToken",
  pathParams: recordIdPath,
  parameterRefusals: ID_REFUSAL,
  body: { schema: listingUpdateSchema },
  responses: {
    200: jsonAnswer("The updated record and any warnings.", updatedSchema),
  },
  errors: RECORD_CHANGE_ERRORS,
  problemMembers: RECORD_CHANGE_MEMBERS,
  rateLimit: REGISTRY_WRITE,
  listing: {
    id: "registryUpdate",
    description: "Changes a record's disclosure or public URL with its owner token; a new URL returns it to draft.",
  },
  // updateListing validates the body as sent, after the record's and the token's checks.
  bodyCheckedByHandler: true,
  badBody: updated,
  handle: updated,
});

export const certifyRegistryRecord = defineEndpoint({
  method: "POST",
  path: "/api/registry/{id}/certify",
  operationId: "certifyRegistryRecord",
  summary: "Certify a record's public URL (owner or admin token)",
  description:
    "Fetches <publicUrl>/.well-known/agents.json, checks it and the endpoints it declares (up to 25 s), and applies the verdict: a draft rated C or better goes live; a live record's good standing becomes active or suspended. One audit entry records each certification (the report's audit member points at it) and the report is kept for GET /api/registry/{id}/report. No request body. A forming record (claim it first) or one without a public URL is a 409 invalid_transition; a URL the network policy refuses is a 422 target_refused, before any connection. Going live takes the origin: the manifest is read from the listed origin only (a redirect to another origin fails the check), and a passing verdict, whose manifest names this record, takes the origin from a live record that holds it (that record returns to draft, with its own leaf in the transparency log). A record whose stored state does not verify is a 409 registry_record_corrupt.",
  tags: ["registry"],
  auth: "recordToken",
  pathParams: recordIdPath,
  parameterRefusals: ID_REFUSAL,
  responses: {
    200: jsonAnswer("The record after the verdict and the certification report.", certifiedSchema),
  },
  errors: [
    ...TOKEN_ERRORS,
    "not_found",
    "invalid_transition",
    "registry_duplicate",
    "registry_record_corrupt",
    "conflict",
    "target_refused",
    "bad_request",
    // The certification is an entry of the record's audit session: its log's refusals apply.
    "audit_session_corrupt",
    "audit_session_cut",
    "audit_log_corrupt",
    "store_unavailable",
    "tlog_stalled",
  ],
  problemMembers: {
    invalid_transition: transitionMembers,
    target_refused: refusedMembers,
    registry_duplicate: duplicateMembers,
  },
  rateLimit: CERTIFIER_RUN,
  listing: {
    id: "registryCertify",
    description: "Certifies a record's public URL with its owner token; C or better takes a draft live.",
  },
  // The certifier may wait on a slow company server for up to its 25 s budget.
  maxDuration: 60,
  async handle(request, { params, token }) {
    const result = await certifyRecord(params.id, { token: token as string }, publicBaseUrl(request));
    return json(result, { headers: { "cache-control": "no-store" } });
  },
});

export const claimRegistryRecord = defineEndpoint({
  method: "POST",
  path: "/api/registry/{id}/claim",
  operationId: "claimRegistryRecord",
  summary: "Claim a forming record with its claim token",
  description:
    "A company formed through this service claims the forming record created for it, with the claim token it received once, and gives its public URL and operator. The record becomes a draft, the claim token stops working, and a new owner token is returned once. A record that is not forming is a 409 invalid_transition.",
  tags: ["registry"],
  auth: "claimToken",
  pathParams: recordIdPath,
  parameterRefusals: ID_REFUSAL,
  body: { schema: claimRequestSchema },
  responses: {
    200: draftWithToken,
  },
  errors: RECORD_CHANGE_ERRORS,
  problemMembers: RECORD_CHANGE_MEMBERS,
  rateLimit: REGISTRY_WRITE,
  listing: {
    id: "registryClaim",
    description: "Turns a forming record into a draft with the claim token received at incorporation.",
  },
  // claimFormingStub validates the body as sent, after the record's and the token's checks.
  bodyCheckedByHandler: true,
  badBody: claimed,
  handle: claimed,
});

export const getCertificationReport = defineEndpoint({
  method: "GET",
  path: "/api/registry/{id}/report",
  operationId: "getCertificationReport",
  summary: "A record's last certification report",
  tags: ["registry"],
  pathParams: recordIdPath,
  parameterRefusals: ID_REFUSAL,
  responses: {
    200: jsonAnswer("The report (schemas/certification-report.v1.json).", certificationReportSchema),
  },
  errors: ["not_found", "registry_record_corrupt", "bad_request", "store_unavailable"],
  rateLimit: { name: "read", write: false },
  listing: { id: "registryReport", description: "A record's last certification report, check by check." },
  async handle(request, { params }) {
    return json(await readCertificationReport(params.id, publicBaseUrl(request)), {
      headers: { "cache-control": "no-cache" },
    });
  },
});

export const dryRunCertification = defineEndpoint({
  method: "GET",
  path: "/api/certifier",
  operationId: "dryRunCertification",
  summary: "Certify any origin without changing anything (dry run)",
  description:
    "Runs the directory's certification checks against <url's origin>/.well-known/agents.json and the endpoints it declares (up to 25 s) and returns the report; no record and no audit entry is written (recordId and audit are null). Counted as a write for the rate limit: every run makes outbound requests on the caller's behalf. A URL the network policy refuses is a 422 target_refused, before any connection.",
  tags: ["registry"],
  query: certifierQuery,
  responses: {
    200: jsonAnswer("The certification report (schemas/certification-report.v1.json).", certificationReportSchema),
  },
  errors: ["invalid_query", "target_refused", "bad_request"],
  problemMembers: { invalid_query: invalidQueryMembers, target_refused: refusedMembers },
  parameterRefusals: {
    url: { code: "invalid_query", detail: "Give the company's public URL as ?url=https://... (absolute)." },
  },
  rateLimit: CERTIFIER_RUN,
  listing: {
    id: "certifier",
    path: "/api/certifier?url={url}",
    description: "Dry-run certification of a company's manifest and endpoints; changes nothing.",
    manifest: "discovery",
  },
  maxDuration: 60,
  async handle(request, { query }) {
    const report = await runDryCertification(query, publicBaseUrl(request));
    return json(report, { headers: { "cache-control": "no-store" } });
  },
});

/**
 * The platform scheduler's call (vercel.json), refused without CRON_SECRET. Left out of the OpenAPI
 * description and the discovery documents: no client of theirs can use it, and listing it would
 * only invite agents to try. docs/registry.md documents it for operators.
 */
export const recheckRegistry = defineCronEndpoint({
  path: "/api/cron/registry-recheck",
  operationId: "recheckRegistry",
  summary: "Re-certify a batch of live records (the platform scheduler's call)",
  tags: ["registry"],
  answers: "What the batch found.",
  run: recheckLiveRecords,
});
