import type { z } from "zod";
import { ApiError } from "../http/problem";
import { fieldPath, findingsFromSites, type IssueSite, issueSites, parseMembers } from "../http/zod-findings";
import { isValidCuit } from "../identity/cuit";
import { charCount } from "../text/char-count";
import { type Finding, type FindingCode, listingFinding } from "./finding-codes";
import { LISTING_FIELDS, type ListingField } from "./listing-fields";
import { checkPublicUrl, readPublicUrl } from "./public-url";
import type { Disclosure, Jurisdiction, RecordType, RFC_TOKENS } from "./record-schema";

export type { Finding, FindingCode } from "./finding-codes";

export interface ListingValues {
  name: string;
  type: RecordType;
  jurisdiction: Jurisdiction;
  operator: string;
  operatorCuit: string | null;
  /** The origin only. */
  publicUrl: string;
  rfcConformance: (typeof RFC_TOKENS)[number][];
  disclosure: Disclosure;
}

export interface ValidateOptions {
  /** The request's schema (listing-request.ts): its members are the ones this caller may send. */
  schema: z.ZodObject;
  /** An absent operatorCuit counts as missing for jurisdiction AR (a listing, a claim; not an update). */
  cuitRequired: boolean;
  /** Jurisdiction of the existing record (an update that does not send one). */
  jurisdiction?: Jurisdiction;
  /** CUIT of the existing record (an update that does not send one). */
  operatorCuit?: string | null;
  /** CERTIFIER_ALLOW_LOOPBACK: accept http:// on loopback hosts so local servers can be listed. */
  allowLoopback: boolean;
}

/** The code of what zod finds by itself in a member (a wrong type, a missing member, a value outside an enum). */
const MEMBER_CODES: Record<ListingField, FindingCode> = {
  name: "name_invalid",
  type: "type_invalid",
  jurisdiction: "jurisdiction_invalid",
  operator: "operator_invalid",
  operatorCuit: "cuit_format",
  publicUrl: "public_url_invalid",
  rfcConformance: "rfc_invalid",
  disclosure: "disclosure_missing",
};

type Parsed = Partial<Omit<ListingValues, "operatorCuit">> & { operatorCuit?: string | null };

/**
 * Validates the members of a self-listing, an update or a claim with the request's schema and
 * collects every problem as a finding (not just the first), so an agent can fix them all in one
 * retry. Findings come in a fixed order: unknown members first, then by member. Values come back
 * normalised: trimmed strings, the public URL reduced to its origin, conformance tokens
 * de-duplicated; a member with an error has none. A body that is not a JSON object is a 400 problem.
 */
export function validateListing(
  body: unknown,
  options: ValidateOptions,
): { values: Partial<ListingValues>; findings: Finding[] } {
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new ApiError("invalid_request", "Send the listing as a JSON object; see docs/registry.md.");
  }
  const input = body as Record<string, unknown>;
  const { schema } = options;
  const { values: parsed, issues } = parseMembers(schema, input) as { values: Parsed; issues: z.core.$ZodIssue[] };
  const sites = issueSites(issues, input);
  const isMember = (site: IssueSite) => site.unknown && site.path.length === 1;
  const allowed = Object.keys(schema.shape).join(", ");
  const types = enumValues(schema.shape.type).join(", ");

  const { operatorCuit, publicUrl, rfcConformance, ...values } = parsed;
  const memberFindings = findingsFromSites(
    sites.filter((site) => !isMember(site)),
    (site) => siteFindings(site, input, types),
  );
  if ("operatorCuit" in schema.shape) {
    const cuit = checkCuit(input.operatorCuit, operatorCuit, parsed.jurisdiction, options);
    memberFindings.push(...cuit.findings);
    if (cuit.value !== undefined) (values as Partial<ListingValues>).operatorCuit = cuit.value;
  }
  if (publicUrl !== undefined) {
    const url = checkPublicUrl(readPublicUrl(publicUrl) as URL, options.allowLoopback);
    memberFindings.push(...url.findings);
    if (url.origin) (values as Partial<ListingValues>).publicUrl = url.origin;
  }
  if (rfcConformance) (values as Partial<ListingValues>).rfcConformance = [...new Set(rfcConformance)];

  const memberRank = (f: Finding) => LISTING_FIELDS.indexOf(f.field.split(/[.[]/)[0] as ListingField);
  return {
    values,
    findings: [
      ...findingsFromSites(sites.filter(isMember), (site) => {
        const code = (LISTING_FIELDS as readonly unknown[]).includes(site.path[0])
          ? "field_not_editable"
          : "field_unknown";
        return listingFinding(code, fieldPath(site.path), { allowed });
      }),
      ...memberFindings.sort((a, b) => memberRank(a) - memberRank(b)),
    ],
  };
}

/** The findings of one problem zod found in a member of a listing. */
function siteFindings(site: IssueSite, input: Record<string, unknown>, types: string): Finding[] {
  const field = fieldPath(site.path);
  const [member, inner] = site.path as [ListingField, PropertyKey | undefined];
  if (site.unknown) return [listingFinding("field_unknown", field, { language: String(inner) })];
  if (site.code) {
    const length = site.code === "disclosure_length" ? charCount(String(site.issue.input)) : 0;
    return [listingFinding(site.code as FindingCode, field, { length })];
  }
  if (member === "rfcConformance" && inner !== undefined) {
    // A list with anything but strings is no list of tokens; a string not in the list is an unknown token.
    const list = input.rfcConformance as unknown[];
    if (list.some((token) => typeof token !== "string")) return [listingFinding("rfc_invalid", member)];
    return [listingFinding("rfc_unknown", field, { token: String(site.sent) })];
  }
  if (member === "disclosure" && inner === undefined) {
    // Not an object: both languages are missing (and the indexes of a list are no languages).
    const indexes = Array.isArray(site.sent) ? Object.keys(site.sent) : [];
    return [
      listingFinding("disclosure_missing", "disclosure.es"),
      listingFinding("disclosure_missing", "disclosure.en"),
      ...indexes.map((key) => listingFinding("field_unknown", `disclosure.${key}`, { language: key })),
    ];
  }
  return [listingFinding(MEMBER_CODES[member], field, { allowed: types })];
}

/**
 * The CUIT rules beyond its written form: the check digit, and jurisdiction AR needs one (sent,
 * or already on the record an update changes). `value` is what to store: null for none, undefined
 * when nothing is to change or the CUIT is refused.
 */
function checkCuit(
  sent: unknown,
  parsed: string | null | undefined,
  sentJurisdiction: Jurisdiction | undefined,
  options: ValidateOptions,
): { findings: Finding[]; value?: string | null } {
  const findings: Finding[] = [];
  let value: string | null | undefined;
  const jurisdiction = sentJurisdiction ?? options.jurisdiction;
  if (sent === undefined || sent === null || sent === "") {
    if (jurisdiction === "AR" && (options.cuitRequired || sent !== undefined)) {
      findings.push(listingFinding("cuit_required", "operatorCuit"));
    } else if (sent !== undefined) value = null;
  } else if (typeof parsed === "string") {
    if (isValidCuit(parsed)) value = parsed;
    else findings.push(listingFinding("cuit_check_digit", "operatorCuit", { cuit: parsed }));
  }
  // An update that moves a record to AR keeps needing a CUIT: sent with it, or already on the record.
  if (sent === undefined && sentJurisdiction === "AR" && options.operatorCuit === null) {
    findings.push(listingFinding("cuit_required", "operatorCuit"));
  }
  return { findings, value };
}

/** The values an enum member allows, through its optional and required wrappers. */
function enumValues(schema: unknown): readonly string[] {
  let s = schema as { options?: string[]; unwrap?: () => unknown } | undefined;
  while (s && !s.options && s.unwrap) s = s.unwrap() as typeof s;
  return s?.options ?? [];
}

/** Throws the 422 problem when any finding is an error. */
export function throwOnErrors(findings: Finding[]): void {
  if (findings.some((f) => f.severity === "error")) {
    const count = findings.filter((f) => f.severity === "error").length;
    throw new ApiError(
      "validation_failed",
      `The listing has ${count} problem(s); fix each finding and send it again.`,
      {
        findings,
      },
    );
  }
}
