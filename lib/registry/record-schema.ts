import { z } from "zod";
import { SESSION_ID_PATTERN } from "../audit/entry";
import { RECORD_ID_MAX, RECORD_ID_PATTERN } from "../identity/record-id";

/**
 * The registry's public contracts (SPEC 2.2 and 2.3). The JSON Schemas in schemas/ are generated from
 * these (lib/registry/build-json-schemas.ts) and a unit test fails when the files drift from them.
 */

export const RECORD_STATUSES = ["draft", "live", "forming"] as const;
export const RECORD_TYPES = ["reference-implementation", "demo", "productive-sociedad-ia"] as const;
/** Types a company may give itself when self-listing; the reference implementation is this deployment. */
export const LISTABLE_TYPES = ["productive-sociedad-ia", "demo"] as const;
/** Jurisdictions the registry accepts: Argentina first, and the foreign regimes seen in manifests. */
export const JURISDICTIONS = ["AR", "EE", "MH", "US-WY"] as const;
export const RECORD_SOURCES = ["seed", "self-listed", "formed"] as const;
export const GOOD_STANDING_STATES = ["active", "suspended", "unverified"] as const;
export const RATINGS = ["A", "B", "C", "D", "E", "F"] as const;
/** Conformance tokens the registry knows (SPEC 9); anything else in a listing is a finding. */
export const RFC_TOKENS = ["rfc-001-v1", "rfc-002-v1", "rfc-003-draft", "rfc-004-draft", "rfc-004-v1"] as const;

export type RecordStatus = (typeof RECORD_STATUSES)[number];
export type RecordType = (typeof RECORD_TYPES)[number];
export type Jurisdiction = (typeof JURISDICTIONS)[number];
export type Rating = (typeof RATINGS)[number];

/** Written form of an origin without path: `https://host[:port]`. */
const ORIGIN_PATTERN = /^https?:\/\/[^/?#\s]+$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A UUID as JSON Schema's `format: uuid` reads it: the sessionId of a formed record (SPEC 2.2). */
export const SESSION_UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const goodStandingSchema = z
  .object({
    state: z.enum(GOOD_STANDING_STATES),
    lastCheckedAt: z.iso.datetime().nullable(),
    lastScore: z.number().int().min(0).max(100).nullable(),
    lastRating: z.enum(RATINGS).nullable(),
  })
  .strict();

export const disclosureSchema = z
  .object({
    es: z.string().min(1).describe("Plain-language disclosure in Spanish."),
    en: z.string().min(1).describe("Plain-language disclosure in English."),
  })
  .strict();

export const registryRecordSchema = z
  .object({
    id: z.string().regex(RECORD_ID_PATTERN).max(RECORD_ID_MAX),
    name: z.string().min(1),
    type: z.enum(RECORD_TYPES),
    jurisdiction: z.enum(JURISDICTIONS),
    operator: z.string().min(1).describe("Operator's name; '-' when none."),
    operatorCuit: z
      .string()
      .regex(/^\d{2}-\d{7,8}-\d$/)
      .nullable()
      .describe("Operator's CUIT (modulo-11 checked on entry); null when none."),
    publicUrl: z
      .union([z.string().regex(ORIGIN_PATTERN), z.literal("-")])
      .describe("Origin of the company's deployment; '-' when none."),
    rfcConformance: z.array(z.enum(RFC_TOKENS)),
    disclosure: disclosureSchema,
    status: z.enum(RECORD_STATUSES),
    listedSince: z.union([z.string().regex(DATE_PATTERN), z.literal("-")]).describe("Date it went live, or '-'."),
    goodStanding: goodStandingSchema,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    source: z.enum(RECORD_SOURCES),
    sessionId: z
      .string()
      .regex(SESSION_ID_PATTERN)
      .optional()
      .describe("The record's audit session: on formed records always, and a UUID; on others once certified."),
  })
  .strict()
  .refine((r) => r.source !== "formed" || (r.sessionId !== undefined && SESSION_UUID_PATTERN.test(r.sessionId)), {
    message: "formed records carry their incorporation's sessionId, a UUID",
    path: ["sessionId"],
  });

export type RegistryRecord = z.infer<typeof registryRecordSchema>;
export type GoodStanding = z.infer<typeof goodStandingSchema>;
export type Disclosure = z.infer<typeof disclosureSchema>;

export const filtersSchema = z
  .object({
    jurisdiction: z.enum(JURISDICTIONS).nullable(),
    type: z.enum(RECORD_TYPES).nullable(),
    status: z.enum(RECORD_STATUSES).nullable(),
    q: z
      .string()
      .nullable()
      .optional()
      .describe("The name filter as matched (accents dropped, lower case); absent when not filtered by name."),
  })
  .strict();

export type RegistryFilters = z.infer<typeof filtersSchema>;

export const registryListSchema = z
  .object({
    $schema: z.string(),
    generatedAt: z.iso.datetime(),
    count: z.number().int().min(0).describe("Records in this page."),
    filters: filtersSchema,
    records: z.array(registryRecordSchema),
    nextCursor: z.string().nullable().describe("Pass as ?cursor= for the next page; null on the last page."),
  })
  .strict();

export type RegistryList = z.infer<typeof registryListSchema>;

export const certificationCheckSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    passed: z.boolean(),
    points: z.number().int().min(0),
    maxPoints: z.number().int().min(1),
    detail: z.string().describe("Why it passed or failed, in English."),
    reason: z
      .object({ es: z.string(), en: z.string() })
      .strict()
      .optional()
      .describe("Why it passed or failed, in Spanish and English (absent in reports made before it existed)."),
    url: z.string().optional(),
  })
  .strict();

export const certificationReportSchema = z
  .object({
    $schema: z.string(),
    target: z.string().describe("The origin that was certified."),
    manifestUrl: z.string(),
    checkedAt: z.iso.datetime(),
    durationMs: z.number().int().min(0),
    score: z.number().int().min(0).max(100),
    rating: z.enum(RATINGS),
    passed: z.boolean().describe("Rating C or better."),
    capped: z.string().nullable().describe("Why the rating was capped below C despite the score, if it was."),
    checks: z.array(certificationCheckSchema),
    recordId: z.string().nullable(),
    audit: z
      .object({ sessionId: z.string(), entryId: z.string() })
      .strict()
      .nullable()
      .describe("The audit entry that records this certification; null for a dry run."),
  })
  .strict();

export type CertificationCheck = z.infer<typeof certificationCheckSchema>;
export type CertificationReport = z.infer<typeof certificationReportSchema>;
