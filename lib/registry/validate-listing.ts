import { isIP } from "node:net";
import { classifyAddress } from "../certifier/classify-address";
import type { Finding as SharedFinding } from "../http/findings";
import { ApiError } from "../http/problem";
import { CUIT_PATTERN, isValidCuit, normaliseCuit } from "../identity/cuit";
import { hasHiddenCharacters } from "../text/hidden-characters";
import { type Disclosure, JURISDICTIONS, type Jurisdiction, type RecordType, RFC_TOKENS } from "./record-schema";

/** Every finding code of the registry's 422 answers; docs/registry.md explains each. */
export const FINDING_CODES = [
  "field_unknown",
  "field_not_editable",
  "name_invalid",
  "type_invalid",
  "jurisdiction_invalid",
  "operator_invalid",
  "cuit_required",
  "cuit_format",
  "cuit_check_digit",
  "public_url_invalid",
  "public_url_not_https",
  "public_url_origin_only",
  "rfc_invalid",
  "rfc_unknown",
  "disclosure_missing",
  "disclosure_length",
  "text_characters",
] as const;

export type FindingCode = (typeof FINDING_CODES)[number];

/** A registry finding: the shared shape of lib/http/findings.ts with one of FINDING_CODES. */
export type Finding = SharedFinding & { code: FindingCode; severity: "error" | "warning" };

export const LISTING_FIELDS = [
  "name",
  "type",
  "jurisdiction",
  "operator",
  "operatorCuit",
  "publicUrl",
  "rfcConformance",
  "disclosure",
] as const;

export type ListingField = (typeof LISTING_FIELDS)[number];

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
  /** Members this caller may send. */
  fields: readonly ListingField[];
  /** Members that must be present. */
  required: readonly ListingField[];
  /** Types this caller may choose. */
  types: readonly RecordType[];
  /** Jurisdiction of the existing record (an update that does not send one). */
  jurisdiction?: Jurisdiction;
  /** CUIT of the existing record (an update that does not send one). */
  operatorCuit?: string | null;
  /** CERTIFIER_ALLOW_LOOPBACK: accept http:// on loopback hosts so local servers can be listed. */
  allowLoopback: boolean;
}

/** Length limits of listing members (characters, after trimming); the OpenAPI description reads them too. */
export const LISTING_LIMITS = { name: 120, operator: 200, disclosureMin: 20, disclosureMax: 2000 } as const;

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return isIP(host) !== 0 && classifyAddress(host) === "loopback";
}

function text(value: unknown): string | null {
  return typeof value === "string" ? value.trim() : null;
}

/** Length in characters (code points, as JSON Schema's maxLength counts), not UTF-16 units. */
function charCount(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

function hiddenCharactersMessage(field: string): string {
  return `${field} holds a control or invisible formatting character (such as NUL, a zero-width space or a right-to-left override): remove it.`;
}

/**
 * Validates the members of a self-listing, an update or a claim and collects every problem as a
 * finding (not just the first), so an agent can fix them all in one retry. Values come back
 * normalised: trimmed strings, the public URL reduced to its origin, conformance tokens de-duplicated.
 * A body that is not a JSON object is a 400 problem.
 */
export function validateListing(
  body: unknown,
  options: ValidateOptions,
): { values: Partial<ListingValues>; findings: Finding[] } {
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new ApiError("invalid_request", "Send the listing as a JSON object; see docs/registry.md.");
  }
  const input = body as Record<string, unknown>;
  const findings: Finding[] = [];
  const values: Partial<ListingValues> = {};
  const add = (code: FindingCode, field: string, message: string, severity: Finding["severity"] = "error") =>
    findings.push({ code, severity, field, message });

  for (const key of Object.keys(input)) {
    if (!(LISTING_FIELDS as readonly string[]).includes(key)) {
      add("field_unknown", key, `Unknown member "${key}". Allowed: ${options.fields.join(", ")}.`);
    } else if (!options.fields.includes(key as ListingField)) {
      add("field_not_editable", key, `"${key}" cannot be changed here. Allowed: ${options.fields.join(", ")}.`);
    }
  }
  const present = (field: ListingField) => options.fields.includes(field) && input[field] !== undefined;
  const required = (field: ListingField) => options.required.includes(field);

  if (present("name") || required("name")) {
    const name = text(input.name);
    if (!name || charCount(name) > LISTING_LIMITS.name)
      add("name_invalid", "name", `name is required: 1 to ${LISTING_LIMITS.name} characters.`);
    else if (hasHiddenCharacters(name)) add("text_characters", "name", hiddenCharactersMessage("name"));
    else values.name = name;
  }
  if (present("type") || required("type")) {
    if ((options.types as readonly unknown[]).includes(input.type)) values.type = input.type as RecordType;
    else add("type_invalid", "type", `type must be one of: ${options.types.join(", ")}.`);
  }
  if (present("jurisdiction") || required("jurisdiction")) {
    if ((JURISDICTIONS as readonly unknown[]).includes(input.jurisdiction)) {
      values.jurisdiction = input.jurisdiction as Jurisdiction;
    } else add("jurisdiction_invalid", "jurisdiction", `jurisdiction must be one of: ${JURISDICTIONS.join(", ")}.`);
  }
  if (present("operator") || required("operator")) {
    const operator = text(input.operator);
    if (!operator || charCount(operator) > LISTING_LIMITS.operator) {
      add(
        "operator_invalid",
        "operator",
        `operator (the operator's name) is required: 1 to ${LISTING_LIMITS.operator} characters.`,
      );
    } else if (hasHiddenCharacters(operator)) add("text_characters", "operator", hiddenCharactersMessage("operator"));
    else values.operator = operator;
  }

  const jurisdiction = values.jurisdiction ?? options.jurisdiction;
  if (options.fields.includes("operatorCuit")) {
    const cuit = input.operatorCuit;
    if (cuit === undefined || cuit === null || cuit === "") {
      if (jurisdiction === "AR" && (required("operatorCuit") || input.operatorCuit !== undefined)) {
        add("cuit_required", "operatorCuit", "operatorCuit is required for jurisdiction AR, written NN-NNNNNNNN-N.");
      } else if (input.operatorCuit !== undefined) values.operatorCuit = null;
    } else if (typeof cuit !== "string" || !CUIT_PATTERN.test(normaliseCuit(cuit))) {
      add(
        "cuit_format",
        "operatorCuit",
        "operatorCuit must be written NN-NNNNNNNN-N (two digits, 7 or 8 digits, one digit) or as 11 digits.",
      );
    } else if (!isValidCuit(normaliseCuit(cuit))) {
      add(
        "cuit_check_digit",
        "operatorCuit",
        `operatorCuit ${normaliseCuit(cuit)} fails the modulo-11 check digit: check the number.`,
      );
    } else values.operatorCuit = normaliseCuit(cuit);
    // An update that moves a record to AR keeps needing a CUIT: sent with it, or already on the record.
    if (cuit === undefined && values.jurisdiction === "AR" && options.operatorCuit === null) {
      add("cuit_required", "operatorCuit", "operatorCuit is required for jurisdiction AR, written NN-NNNNNNNN-N.");
    }
  }

  if (present("publicUrl") || required("publicUrl")) checkPublicUrl(input.publicUrl, options, values, add);

  if (present("rfcConformance")) {
    const list = input.rfcConformance;
    if (!Array.isArray(list) || list.some((t) => typeof t !== "string")) {
      add("rfc_invalid", "rfcConformance", "rfcConformance must be an array of conformance tokens (it may be empty).");
    } else {
      list.forEach((token, i) => {
        if (!(RFC_TOKENS as readonly string[]).includes(token)) {
          add(
            "rfc_unknown",
            `rfcConformance[${i}]`,
            `Unknown conformance token "${token}". Known: ${RFC_TOKENS.join(", ")}.`,
          );
        }
      });
      values.rfcConformance = [...new Set(list as (typeof RFC_TOKENS)[number][])];
    }
  } else if (required("rfcConformance")) values.rfcConformance = [];

  if (present("disclosure") || required("disclosure")) checkDisclosure(input.disclosure, values, add);

  return { values, findings };
}

function checkPublicUrl(
  raw: unknown,
  options: ValidateOptions,
  values: Partial<ListingValues>,
  add: (code: FindingCode, field: string, message: string, severity?: Finding["severity"]) => void,
) {
  let url: URL | null = null;
  try {
    url = typeof raw === "string" ? new URL(raw.trim()) : null;
  } catch {
    url = null;
  }
  // "example.com." names the same host as "example.com": one spelling is kept, so a site is listed once.
  const host = url?.hostname.replace(/\.+$/, "");
  if (url && host && host !== url.hostname) url.hostname = host;
  if (!url || !["http:", "https:"].includes(url.protocol) || url.username || url.password || !host) {
    add(
      "public_url_invalid",
      "publicUrl",
      "publicUrl must be an absolute https URL without credentials, e.g. https://example.com.",
    );
    return;
  }
  if (url.protocol === "http:" && !(options.allowLoopback && isLoopbackHost(url.hostname))) {
    add("public_url_not_https", "publicUrl", "publicUrl must use https.");
    return;
  }
  if (url.pathname !== "/" || url.search || url.hash) {
    add(
      "public_url_origin_only",
      "publicUrl",
      `Only the origin ${url.origin} is kept; the certifier reads ${url.origin}/.well-known/agents.json.`,
      "warning",
    );
  }
  values.publicUrl = url.origin;
}

function checkDisclosure(
  raw: unknown,
  values: Partial<ListingValues>,
  add: (code: FindingCode, field: string, message: string) => void,
) {
  const input = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const out: Partial<Disclosure> = {};
  for (const lang of ["es", "en"] as const) {
    const value = text(input[lang]);
    const length = value ? charCount(value) : 0;
    const name = lang === "es" ? "Spanish" : "English";
    if (!value) {
      add(
        "disclosure_missing",
        `disclosure.${lang}`,
        `disclosure.${lang} is required: a plain-language disclosure in ${name}.`,
      );
    } else if (length < LISTING_LIMITS.disclosureMin || length > LISTING_LIMITS.disclosureMax) {
      add(
        "disclosure_length",
        `disclosure.${lang}`,
        `disclosure.${lang} must be ${LISTING_LIMITS.disclosureMin} to ${LISTING_LIMITS.disclosureMax} characters (got ${length}).`,
      );
    } else if (hasHiddenCharacters(value, { multiline: true })) {
      add("text_characters", `disclosure.${lang}`, hiddenCharactersMessage(`disclosure.${lang}`));
    } else out[lang] = value;
  }
  if (raw && typeof raw === "object") {
    for (const key of Object.keys(raw)) {
      if (key !== "es" && key !== "en")
        add("field_unknown", `disclosure.${key}`, `Unknown language "${key}": send es and en.`);
    }
  }
  if (out.es && out.en) values.disclosure = { es: out.es, en: out.en };
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
