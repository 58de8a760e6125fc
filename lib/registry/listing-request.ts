import { z } from "zod";
import { findingCheck } from "../http/zod-findings";
import { CUIT_INPUT_PATTERN, normaliseCuit } from "../identity/cuit";
import { charCount } from "../text/char-count";
import { hasHiddenCharacters } from "../text/hidden-characters";
import type { FindingCode } from "./finding-codes";
import { CLAIM_FIELDS, CLAIM_REQUIRED, LISTING_LIMITS, type ListingField, OWNER_EDITABLE } from "./listing-fields";
import { HTTPS_URL, readPublicUrl } from "./public-url";
import { JURISDICTIONS, LISTABLE_TYPES, RECORD_TYPES, RFC_TOKENS } from "./record-schema";

/*
 * The request bodies of the registry's writes (docs/registry.md). These schemas are the validator
 * (validateListing parses with them) and the OpenAPI description of the same requests. Each check
 * names its finding code; validate-listing.ts gives the codes of what zod finds by itself and runs
 * the rules that need more than the shape: the CUIT check digit, "operatorCuit is required for AR",
 * https (a development server may allow http on loopback hosts) and the origin-only warning.
 * Strings are trimmed before their lengths are checked, and lengths count characters (code points)
 * as JSON Schema does, so those checks are refinements that state their JSON Schema keywords.
 */

/** Trimmed text of `min` to `max` characters with nothing hidden (multi-line text may break lines). */
function text(min: number, max: number, codes: { missing?: FindingCode; length: FindingCode }, multiline = false) {
  let schema = z.string().trim();
  if (codes.missing) schema = schema.refine((s) => s.length > 0, findingCheck(codes.missing, { abort: true }));
  return schema
    .refine((s) => charCount(s) >= min && charCount(s) <= max, findingCheck(codes.length, { abort: true }))
    .refine((s) => !hasHiddenCharacters(s, { multiline }), findingCheck("text_characters"))
    .meta({ minLength: min, maxLength: max });
}

const cuit = z
  .union([
    z.string().trim().regex(CUIT_INPUT_PATTERN).overwrite(normaliseCuit),
    z.null(),
    z.literal("").describe("Read as null."),
  ])
  .optional()
  .describe(
    "Operator's CUIT, NN-NNNNNNNN-N or 11 digits (stored as NN-NNNNNNNN-N), whose modulo-11 check digit must match. Required for jurisdiction AR (cuit_required); null or absent otherwise. One operator may run any number of companies.",
  );

const disclosureText = text(
  LISTING_LIMITS.disclosureMin,
  LISTING_LIMITS.disclosureMax,
  { missing: "disclosure_missing", length: "disclosure_length" },
  true,
);

const disclosure = (what: string) =>
  z
    .strictObject({ es: disclosureText, en: disclosureText })
    .describe(
      `${what}Plain-language disclosure in Spanish and English, ${LISTING_LIMITS.disclosureMin} to ${LISTING_LIMITS.disclosureMax} characters each.`,
    );

/** Every listing member as a self-listing sends it (all but rfcConformance and operatorCuit required). */
const listingShape = {
  name: text(1, LISTING_LIMITS.name, { length: "name_invalid" }).describe(
    "The company's name; the record id is its slug plus a random suffix the service draws.",
  ),
  type: z.enum(LISTABLE_TYPES).describe("reference-implementation is reserved for this deployment's own record."),
  jurisdiction: z.enum(JURISDICTIONS),
  operator: text(1, LISTING_LIMITS.operator, { length: "operator_invalid" }).describe("The operator's name."),
  operatorCuit: cuit,
  publicUrl: z
    .string()
    .refine((s) => readPublicUrl(s) !== null, findingCheck("public_url_invalid"))
    // The production rule; http on loopback hosts is for development servers only.
    .meta({ pattern: HTTPS_URL.source })
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

/** The PATCH an owner may send: OWNER_EDITABLE only (any other member is field_not_editable). */
export const ownerUpdateSchema = listingUpdateSchema.pick(
  Object.fromEntries(OWNER_EDITABLE.map((field) => [field, true])) as Record<ListingField, true>,
);

/** POST /api/registry/{id}/claim: what a forming stub needs to become a draft. */
export const claimRequestSchema = z
  .strictObject(
    Object.fromEntries(
      CLAIM_FIELDS.map((field) => {
        const schema: z.ZodType = listingShape[field];
        // operatorCuit is already optional: it is required for AR records only (every formed record is AR).
        const member = CLAIM_REQUIRED.includes(field) || field === "operatorCuit" ? schema : schema.optional();
        return [
          field,
          field.startsWith("operator")
            ? member.describe(`${schema.description ?? ""} Defaults to the representative named at incorporation.`)
            : member,
        ];
      }),
    ),
  )
  .describe(
    "The running company's public URL, and its operator and operatorCuit unless the incorporation named a representative (they default to that person; every formed record is AR, so a CUIT is needed either way); disclosure and rfcConformance may be completed too.",
  );
