import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FINDING_CODES } from "@/lib/registry/finding-codes";
import { listingRequestSchema, listingUpdateSchema, ownerUpdateSchema } from "@/lib/registry/listing-request";
import { type ValidateOptions, validateListing } from "@/lib/registry/validate-listing";

const GOOD = {
  name: "  Acme  SIA ",
  type: "productive-sociedad-ia",
  jurisdiction: "AR",
  operator: "Acme SRL",
  operatorCuit: "30-71234567-1",
  publicUrl: "https://Acme.example",
  rfcConformance: ["rfc-001-v1", "rfc-001-v1"],
  disclosure: { es: "Una sociedad operada por agentes.", en: "A company run by AI agents, for tests." },
};

const listing: ValidateOptions = { schema: listingRequestSchema, cuitRequired: true, allowLoopback: false };
const codesOf = (body: unknown, options: ValidateOptions = listing) =>
  validateListing(body, options).findings.map((f) => `${f.code}@${f.field}`);

describe("self-listing validation", () => {
  it("accepts a good listing and normalises it", () => {
    const { values, findings } = validateListing(GOOD, listing);
    expect(findings).toEqual([]);
    expect(values).toMatchObject({
      name: "Acme  SIA",
      publicUrl: "https://acme.example",
      rfcConformance: ["rfc-001-v1"],
    });
  });

  it("takes a CUIT as 11 plain digits, as /incorporar does, and keeps its written form", () => {
    const { values, findings } = validateListing({ ...GOOD, operatorCuit: " 30712345671 " }, listing);
    expect(findings).toEqual([]);
    expect(values.operatorCuit).toBe("30-71234567-1");
    expect(codesOf({ ...GOOD, operatorCuit: "30712345672" })).toEqual(["cuit_check_digit@operatorCuit"]);
  });

  it("reports each problem as a finding with its code and field, all at once", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ extra: 1 }, "field_unknown@extra"],
      [{ name: "" }, "name_invalid@name"],
      [{ name: "x".repeat(121) }, "name_invalid@name"],
      [{ type: "reference-implementation" }, "type_invalid@type"],
      [{ jurisdiction: "BR" }, "jurisdiction_invalid@jurisdiction"],
      [{ operator: 7 }, "operator_invalid@operator"],
      [{ operatorCuit: null }, "cuit_required@operatorCuit"],
      [{ operatorCuit: "3071234567" }, "cuit_format@operatorCuit"],
      [{ operatorCuit: "30.71234567.1" }, "cuit_format@operatorCuit"],
      [{ operatorCuit: "30-71234567-2" }, "cuit_check_digit@operatorCuit"],
      [{ publicUrl: "not a url" }, "public_url_invalid@publicUrl"],
      [{ publicUrl: "https://user:pw@acme.example" }, "public_url_invalid@publicUrl"],
      [{ publicUrl: "http://acme.example" }, "public_url_not_https@publicUrl"],
      [{ publicUrl: "http://127.0.0.1:3000" }, "public_url_not_https@publicUrl"],
      [{ publicUrl: "https://acme.example/about?x=1" }, "public_url_origin_only@publicUrl"],
      [{ rfcConformance: "rfc-001-v1" }, "rfc_invalid@rfcConformance"],
      [{ rfcConformance: ["rfc-001-v1", "rfc-999"] }, "rfc_unknown@rfcConformance[1]"],
      [{ disclosure: { es: "Una sociedad operada por agentes." } }, "disclosure_missing@disclosure.en"],
      [
        { disclosure: { es: "corta", en: "A company run by AI agents, for tests." } },
        "disclosure_length@disclosure.es",
      ],
    ];
    for (const [change, expected] of cases) expect(codesOf({ ...GOOD, ...change }), expected).toEqual([expected]);

    const all = codesOf({
      name: "",
      type: "x",
      jurisdiction: "x",
      operator: "",
      operatorCuit: "1",
      publicUrl: "ftp://x",
    });
    expect(all).toEqual(
      expect.arrayContaining([
        "name_invalid@name",
        "type_invalid@type",
        "cuit_format@operatorCuit",
        "disclosure_missing@disclosure.es",
      ]),
    );
  });

  it("marks advice as a warning and problems as errors", () => {
    const { findings } = validateListing({ ...GOOD, publicUrl: "https://acme.example/x" }, listing);
    expect(findings).toEqual([expect.objectContaining({ code: "public_url_origin_only", severity: "warning" })]);
    expect(validateListing({ ...GOOD, name: "" }, listing).findings[0]?.severity).toBe("error");
  });

  it("needs no CUIT outside Argentina, and takes http only on loopback with the development setting", () => {
    expect(codesOf({ ...GOOD, jurisdiction: "US-WY", operatorCuit: undefined })).toEqual([]);
    const dev = { ...listing, allowLoopback: true };
    expect(codesOf({ ...GOOD, publicUrl: "http://127.0.0.1:3000" }, dev)).toEqual([]);
    expect(codesOf({ ...GOOD, publicUrl: "http://localhost:3000" }, dev)).toEqual([]);
    expect(codesOf({ ...GOOD, publicUrl: "http://10.0.0.1" }, dev)).toEqual(["public_url_not_https@publicUrl"]);
  });

  it("lets an owner send only what an owner may change", () => {
    const owner = { schema: ownerUpdateSchema, cuitRequired: false, jurisdiction: "AR", allowLoopback: false } as const;
    expect(codesOf({ name: "New name" }, owner)).toEqual(["field_not_editable@name"]);
  });

  it("refuses hidden and reordering characters in text, and counts length in characters", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "\u200B" }, "text_characters@name"],
      [{ name: "Acme\u0000SIA" }, "text_characters@name"],
      [{ name: "Acme\nSIA" }, "text_characters@name"],
      [{ name: "Acme \u202Eevil" }, "text_characters@name"],
      [{ operator: "Operadora\u2066 SRL" }, "text_characters@operator"],
      [
        { disclosure: { es: "Una sociedad operada por agentes.\u0007", en: GOOD.disclosure.en } },
        "text_characters@disclosure.es",
      ],
    ];
    for (const [change, expected] of cases) expect(codesOf({ ...GOOD, ...change }), expected).toEqual([expected]);
    const multiline = { es: "Una sociedad operada\r\npor agentes.\tFin.", en: GOOD.disclosure.en };
    expect(codesOf({ ...GOOD, disclosure: multiline })).toEqual([]);
    expect(codesOf({ ...GOOD, name: "😀".repeat(120) })).toEqual([]);
    expect(codesOf({ ...GOOD, name: "😀".repeat(121) })).toEqual(["name_invalid@name"]);
  });

  it("keeps one spelling of a host written with a trailing dot, so a site cannot be listed twice", () => {
    for (const publicUrl of ["https://acme.example.", "https://ACME.example.:443/"]) {
      expect(validateListing({ ...GOOD, publicUrl }, listing).values.publicUrl, publicUrl).toBe("https://acme.example");
    }
    expect(codesOf({ ...GOOD, publicUrl: "https://./" })).toEqual(["public_url_invalid@publicUrl"]);
  });

  it("asks for a CUIT when an update moves a record without one to AR", () => {
    const admin = {
      schema: listingUpdateSchema,
      cuitRequired: false,
      jurisdiction: "EE",
      allowLoopback: false,
    } as const;
    expect(codesOf({ jurisdiction: "AR" }, { ...admin, operatorCuit: null })).toEqual(["cuit_required@operatorCuit"]);
    expect(codesOf({ jurisdiction: "AR" }, { ...admin, operatorCuit: "30-71234567-1" })).toEqual([]);
    expect(codesOf({ jurisdiction: "AR", operatorCuit: "30-71234567-1" }, { ...admin, operatorCuit: null })).toEqual(
      [],
    );
    expect(codesOf({ jurisdiction: "US-WY" }, { ...admin, operatorCuit: null })).toEqual([]);
  });

  it("refuses a body that is not a JSON object with a 400", () => {
    for (const body of [null, [], "x", 3]) expect(() => validateListing(body, listing)).toThrow(/JSON object/);
  });

  it("documents every finding code in docs/registry.md", () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, "../../docs/registry.md"), "utf8");
    for (const code of FINDING_CODES) expect(doc, code).toMatch(new RegExp(`\\|\\s*\`${code}\`\\s*\\|`));
  });
});
