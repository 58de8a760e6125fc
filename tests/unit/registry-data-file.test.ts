import fs from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { RECORD_ID_MAX, RECORD_ID_PATTERN } from "@/lib/identity/record-id";
import { checkRegistryDataFile } from "@/lib/registry/check-data-file";
import { LISTING_LIMITS } from "@/lib/registry/listing-fields";
import { JURISDICTIONS, RECORD_TYPES, RFC_TOKENS } from "@/lib/registry/record-schema";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (p: string) => JSON.parse(fs.readFileSync(path.join(ROOT, p), "utf8"));
const FILE = read("data/registry-seeds.json");
const SCHEMA = read("schemas/registry-seeds.v1.json");

const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
const validate = ajv.compile(SCHEMA);

/** A proposed listing as CONTRIBUTING.md shows it. */
const PROPOSED = {
  id: "agentes-del-litoral",
  name: "Agentes del Litoral SOCIEDAD-IA",
  type: "productive-sociedad-ia",
  jurisdiction: "AR",
  status: "draft",
  operator: "Litoral Automatización S.R.L.",
  operatorCuit: "30-71234567-1",
  publicUrl: "https://agentes-litoral.example",
  rfcConformance: ["rfc-001-v1"],
  disclosure: {
    es: "Sociedad operada por agentes de software que venden y facturan en línea.",
    en: "A company run by software agents that sell and invoice online.",
  },
};
const withRecord = (record: Record<string, unknown>) => ({ ...FILE, records: [...FILE.records, record] });
const problemsOf = (file: unknown) => checkRegistryDataFile(file).map((p) => p.message);

describe("data/registry-seeds.json (the registry data file)", () => {
  it("matches its JSON Schema", () => {
    expect(validate(FILE), JSON.stringify(validate.errors)).toBe(true);
  });

  it("meets the API's listing rules: text, URL, CUIT check digit, unique ids and origins, drafts", () => {
    expect(checkRegistryDataFile(FILE)).toEqual([]);
  });

  it("has a schema that states the same enums and limits as the code", () => {
    const record = SCHEMA.$defs.record.properties;
    expect(record.type.enum).toEqual([...RECORD_TYPES]);
    expect(record.jurisdiction.enum).toEqual([...JURISDICTIONS]);
    expect(record.rfcConformance.items.enum).toEqual([...RFC_TOKENS]);
    expect(record.id.pattern).toBe(RECORD_ID_PATTERN.source);
    expect(record.id.maxLength).toBe(RECORD_ID_MAX);
    expect(record.name.maxLength).toBe(LISTING_LIMITS.name);
    expect(record.operator.maxLength).toBe(LISTING_LIMITS.operator);
    expect(record.disclosure.properties.es).toMatchObject({
      minLength: LISTING_LIMITS.disclosureMin,
      maxLength: LISTING_LIMITS.disclosureMax,
    });
  });

  it("accepts a well-formed proposed listing (the CONTRIBUTING.md example)", () => {
    const file = withRecord(PROPOSED);
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
    expect(checkRegistryDataFile(file)).toEqual([]);
  });

  it("refuses a CUIT whose check digit is wrong", () => {
    const file = withRecord({ ...PROPOSED, operatorCuit: "30-71234567-2" });
    expect(validate(file)).toBe(true); // the pattern holds: only the check digit is wrong
    expect(problemsOf(file)).toEqual([expect.stringContaining("(cuit_check_digit)")]);
  });

  it("refuses a second record with the same id or the same origin, but lets one operator run many", () => {
    const first = FILE.records[1];
    expect(problemsOf(withRecord({ ...PROPOSED, id: first.id }))).toEqual([
      `id ${first.id} is already used by record 1`,
    ]);
    expect(problemsOf(withRecord({ ...PROPOSED, publicUrl: `${first.publicUrl}/` }))).toEqual([
      `publicUrl origin ${new URL(first.publicUrl).origin} is already used by record 1`,
    ]);
    const twice = {
      ...FILE,
      records: [...FILE.records, PROPOSED, { ...PROPOSED, id: "otra", publicUrl: "https://otra.example" }],
    };
    expect(problemsOf(twice)).toEqual([]);
  });

  it("refuses what the API refuses: hidden characters, plain http, an unknown token; and a URL with a path", () => {
    expect(problemsOf(withRecord({ ...PROPOSED, name: "Agentes\u202Edel Litoral" }))).toEqual([
      expect.stringContaining("(text_characters)"),
    ]);
    // The API keeps only the origin of a URL with a path (a warning); the file must hold the origin.
    expect(validate(withRecord({ ...PROPOSED, publicUrl: "https://agentes-litoral.example/tienda" }))).toBe(false);
    expect(problemsOf(withRecord({ ...PROPOSED, publicUrl: "http://agentes-litoral.example" }))).toEqual([
      expect.stringContaining("(public_url_not_https)"),
    ]);
    expect(validate(withRecord({ ...PROPOSED, rfcConformance: ["rfc-999"] }))).toBe(false);
  });

  it("keeps a proposed record a draft, with the deployment's own record the only one live", () => {
    expect(problemsOf(withRecord({ ...PROPOSED, status: "live" }))).toEqual([
      "status must be draft: a proposed record goes live only when certified",
    ]);
    expect(problemsOf(withRecord({ ...PROPOSED, deployment: true }))).toEqual([
      "exactly one record must be the deployment (found 2)",
    ]);
    expect(validate(withRecord({ ...PROPOSED, status: "forming" }))).toBe(false);
  });
});
