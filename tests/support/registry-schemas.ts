import fs from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { expect } from "vitest";

const DIR = path.resolve(import.meta.dirname, "../../schemas");
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const load = (name: string) => ajv.compile(JSON.parse(fs.readFileSync(path.join(DIR, name), "utf8")));

const validators = {
  record: load("registry-record.v1.json"),
  list: load("registry-list.v1.json"),
  report: load("certification-report.v1.json"),
};

/** Asserts that a registry response body is valid against the committed JSON Schema (with ajv). */
export function expectValid(kind: keyof typeof validators, body: unknown): void {
  const validate = validators[kind];
  const ok = validate(body);
  expect(ok, `${kind}: ${JSON.stringify(validate.errors)}`).toBe(true);
}
