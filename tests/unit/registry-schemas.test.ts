import fs from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { buildRegistryJsonSchemas, SCHEMA_FILES } from "@/lib/registry/build-json-schemas";
import { registryRecordSchema } from "@/lib/registry/record-schema";

const DIR = path.resolve(import.meta.dirname, "../../schemas");

// `UPDATE_SCHEMAS=1 npx vitest run tests/unit/registry-schemas.test.ts` rewrites the files from zod.
const generated = buildRegistryJsonSchemas();
if (process.env.UPDATE_SCHEMAS === "1") {
  for (const [name, schema] of Object.entries(generated)) {
    fs.writeFileSync(path.join(DIR, name), `${JSON.stringify(schema, null, 2)}\n`);
  }
}

const record = {
  id: "acme-sia",
  name: "Acme SIA",
  type: "productive-sociedad-ia",
  jurisdiction: "AR",
  operator: "Acme SRL",
  operatorCuit: "30-71234567-1",
  publicUrl: "https://acme.example",
  rfcConformance: ["rfc-001-v1"],
  disclosure: { es: "Una sociedad automatizada.", en: "An automated company." },
  status: "draft",
  listedSince: "-",
  goodStanding: { state: "unverified", lastCheckedAt: null, lastScore: null, lastRating: null },
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  source: "self-listed",
};

function ajv() {
  const a = new Ajv2020({ allErrors: true, strict: false });
  addFormats(a);
  return a;
}

describe("registry JSON Schemas", () => {
  it("match the zod contracts they are generated from (regenerate with UPDATE_SCHEMAS=1)", () => {
    for (const [name, schema] of Object.entries(generated)) {
      const file = JSON.parse(fs.readFileSync(path.join(DIR, name), "utf8"));
      expect(file, name).toEqual(schema);
    }
  });

  it("are valid 2020-12 schemas that accept a good record and refuse bad ones", () => {
    const validate = ajv().compile(generated[SCHEMA_FILES.record] as object);
    expect(validate(record), JSON.stringify(validate.errors)).toBe(true);
    expect(registryRecordSchema.safeParse(record).success).toBe(true);

    const bad = [
      { ...record, status: "deleted" },
      { ...record, ownerTokenHash: "x" },
      { ...record, publicUrl: "https://acme.example/path" },
      { ...record, source: "formed" },
      // A formed record's sessionId is a UUID (SPEC 2.2), though a session id may be wider (DESIGN 4).
      { ...record, source: "formed", sessionId: "acme-session-1" },
      { ...record, goodStanding: { ...record.goodStanding, lastScore: 101 } },
    ];
    for (const candidate of bad) {
      expect(validate(candidate), JSON.stringify(candidate)).toBe(false);
      expect(registryRecordSchema.safeParse(candidate).success).toBe(false);
    }
    const formed = { ...record, source: "formed", sessionId: "3f2b8c1e-5d4a-4b6e-9c7d-1a2b3c4d5e6f" };
    expect(validate(formed), JSON.stringify(validate.errors)).toBe(true);
    expect(registryRecordSchema.safeParse(formed).success).toBe(true);
    // Other records keep the general session id pattern.
    expect(validate({ ...record, sessionId: "acme-session-1" })).toBe(true);
  });

  it("list envelope carries records, filters echoed as strings or null, and a cursor", () => {
    const validate = ajv().compile(generated[SCHEMA_FILES.list] as object);
    const envelope = {
      $schema: "https://x.example/schemas/registry-list.v1.json",
      generatedAt: "2026-01-01T00:00:00.000Z",
      count: 1,
      filters: { jurisdiction: "AR", type: null, status: null },
      records: [record],
      nextCursor: null,
    };
    expect(validate(envelope), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...envelope, filters: { jurisdiction: "AR" } })).toBe(false);
    expect(validate({ ...envelope, records: [{ ...record, source: "formed" }] })).toBe(false);
  });
});
