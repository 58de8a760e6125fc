import fs from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { tamperDemoRequest } from "@/lib/audit/tamper-demo";
import { buildOpenApi, type OpenApiDocument } from "@/lib/discovery/openapi/build-openapi";
import { openApiOperations } from "@/lib/discovery/openapi/operations";
import { serviceInfo } from "@/lib/discovery/service-info";
import { defineOperation, type OperationSpec } from "@/lib/endpoint/operation";
import { ERROR_CODES, type ErrorCode } from "@/lib/http/error-codes";
import { findingSchema } from "@/lib/http/findings";
import { validateIncorporation } from "@/lib/incorporation/validate";
import { CLAIM_FIELDS, CLAIM_REQUIRED, LISTING_FIELDS, OWNER_EDITABLE } from "@/lib/registry/listing-fields";
import { listingRequestSchema } from "@/lib/registry/listing-request";
import { validateListing } from "@/lib/registry/validate-listing";
import { TYPICAL_INCORPORATION } from "../support/fixtures";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BASE = "https://sia.example";
const DOC_ID = `${BASE}/api/discovery`;
const rateLimits = {
  incorporate: { count: 30, window: "1 h", windowMs: 3_600_000 },
  play: { count: 20, window: "1 m", windowMs: 60_000 },
  registry: { count: 10, window: "1 h", windowMs: 3_600_000 },
  certifier: { count: 10, window: "1 h", windowMs: 3_600_000 },
  read: { count: 600, window: "1 m", windowMs: 60_000 },
  witness: { count: 60, window: "1 m", windowMs: 60_000 },
};
const build = (over: Partial<Parameters<typeof buildOpenApi>[0]> = {}) =>
  buildOpenApi({ baseUrl: BASE, service: serviceInfo(), auth: { mode: "none" }, rateLimits, ...over });

// biome-ignore lint/suspicious/noExplicitAny: JSON documents read back from the server, walked freely.
type Json = Record<string, any>;
const readJson = (p: string) => JSON.parse(fs.readFileSync(path.join(ROOT, p), "utf8"));

const pointer = (segments: string[]) =>
  `#${segments.map((s) => `/${encodeURIComponent(s.replaceAll("~", "~0").replaceAll("/", "~1"))}`).join("")}`;

/** Every Schema Object of the document, as [location, JSON pointer segments]. */
function schemaLocations(doc: OpenApiDocument): string[][] {
  const out: string[][] = [];
  const content = (at: string[], c: Json | undefined) => {
    for (const type of Object.keys(c ?? {}))
      if (c?.[type].schema !== undefined) out.push([...at, "content", type, "schema"]);
  };
  const response = (at: string[], r: Json) => {
    if (r.$ref) return;
    content(at, r.content);
    for (const [name, h] of Object.entries<Json>(r.headers ?? {}))
      if (!h.$ref) out.push([...at, "headers", name, "schema"]);
  };
  for (const name of Object.keys(doc.components.schemas as Json)) out.push(["components", "schemas", name]);
  for (const name of Object.keys(doc.components.headers as Json)) out.push(["components", "headers", name, "schema"]);
  for (const [name, r] of Object.entries<Json>(doc.components.responses as Json))
    response(["components", "responses", name], r);
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) {
      const at = ["paths", p, method];
      for (let i = 0; i < (op.parameters ?? []).length; i++) out.push([...at, "parameters", String(i), "schema"]);
      if (op.requestBody) content([...at, "requestBody"], op.requestBody.content);
      for (const [status, r] of Object.entries<Json>(op.responses)) response([...at, "responses", status], r);
    }
  }
  return out;
}

/** An Ajv that knows the document (so its internal $refs resolve) and the manifest schema it links to. */
function ajvFor(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, validateSchema: false });
  addFormats(ajv);
  // The document's own members are not schema keywords: Ajv may skip them; the schemas inside stay strict.
  ajv.addVocabulary(["openapi", "jsonSchemaDialect", "info", "servers", "tags", "paths", "components"]);
  // The file has no $id (its URL depends on the deployment): its retrieval URL is its base, as for any fetcher.
  ajv.addSchema({ ...readJson("schemas/agents.v1.json"), $id: `${BASE}/schemas/agents.v1.json` });
  ajv.addSchema(doc, DOC_ID);
  return ajv;
}

function resolve(doc: unknown, ref: string): unknown {
  return ref
    .slice(2)
    .split("/")
    .map((s) => decodeURIComponent(s).replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc);
}

describe("the OpenAPI description", () => {
  const doc = build();

  it("has the structure of an OpenAPI 3.1 document", () => {
    const ajv = new Ajv2020({ allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(readJson("tests/fixtures/openapi-3.1-structure.schema.json"));
    expect(validate(doc), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.jsonSchemaDialect).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(doc.servers).toEqual([{ url: BASE }]);
  });

  it("has Schema Objects that each compile as JSON Schema 2020-12", () => {
    const ajv = ajvFor(doc);
    const locations = schemaLocations(doc);
    expect(locations.length).toBeGreaterThan(30);
    for (const at of locations) {
      expect(() => ajv.compile({ $ref: `${DOC_ID}${pointer(at)}` }), at.join(" ")).not.toThrow();
    }
  });

  it("has internal references that all resolve, and links out only to JSON Schemas", () => {
    const refs: string[] = [];
    JSON.stringify(doc, (key, value) => {
      if (key === "$ref" && typeof value === "string") refs.push(value);
      return value;
    });
    const internal = refs.filter((r) => r.startsWith("#/"));
    expect(internal.length).toBeGreaterThan(10);
    for (const ref of internal) expect(resolve(doc, ref), ref).toBeDefined();
    // The only links out: the manifest's schema on this server, and the JSON Schema meta-schema.
    expect([...new Set(refs.filter((r) => !r.startsWith("#/")))].sort()).toEqual([
      "/schemas/agents.v1.json",
      "https://json-schema.org/draft/2020-12/schema",
    ]);
  });

  it("declares every path template variable as a required path parameter, and no other", () => {
    for (const [p, item] of Object.entries(doc.paths)) {
      const vars = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries<Json>(item)) {
        const declared = (op.parameters ?? []).filter((x: Json) => x.in === "path");
        expect(declared.map((x: Json) => x.name).sort(), `${method} ${p}`).toEqual(vars);
        for (const x of declared) expect(x.required).toBe(true);
      }
    }
  });

  it("gives every operation a unique operationId, a summary and a problem+json 500", () => {
    const ops = Object.values(doc.paths).flatMap((item) => Object.values<Json>(item));
    expect(ops.length).toBe(openApiOperations().length);
    const ids = ops.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of ops) {
      expect(op.summary, op.operationId).toBeTruthy();
      expect(op.responses["500"].content["application/problem+json"], op.operationId).toBeDefined();
    }
  });

  it("groups each operation's error codes under the status the code table gives them", () => {
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values<Json>(item)) {
        for (const [status, r] of Object.entries<Json>(op.responses)) {
          const found = r.content?.["application/problem+json"]?.schema;
          if (!found) continue;
          // A status with the shared refusal body too: its problem shape is the oneOf's second branch.
          const schema = found.oneOf ? found.oneOf[1].allOf[1] : found;
          const codes: ErrorCode[] = schema.allOf[1].properties.code.enum;
          for (const code of codes) expect(ERROR_CODES[code].status, `${op.operationId} ${code}`).toBe(Number(status));
        }
      }
    }
  });

  it("describes request bodies with the zod schemas the handlers validate with", () => {
    const body = doc.paths["/api/play/tamper-demo"]?.post?.requestBody as Json;
    const { $schema: _, ...expected } = z.toJSONSchema(tamperDemoRequest, { target: "draft-2020-12", io: "input" });
    expect(body.content["application/json"].schema).toEqual(expected);
    expect(body.required).toBe(true);
  });

  it("lists every error code in the Problem schema, and the RateLimit headers as components", () => {
    const problem = (doc.components.schemas as Json).Problem;
    expect(problem.properties.code.enum.sort()).toEqual(Object.keys(ERROR_CODES).sort());
    expect(problem.required).toEqual(expect.arrayContaining(["type", "title", "status", "detail", "code"]));
    const headers = doc.components.headers as Json;
    for (const name of [
      "RateLimit-Limit",
      "RateLimit-Remaining",
      "RateLimit-Reset",
      "RateLimit-Policy",
      "Retry-After",
    ]) {
      expect(headers[name], name).toBeDefined();
    }
  });

  it("answers If-None-Match with a 304 on cacheable operations", () => {
    const get = doc.paths["/.well-known/agents.json"]?.get as Json;
    expect(get.responses["304"]).toEqual({ $ref: "#/components/responses/NotModified" });
    expect(get.responses["200"].headers.ETag).toEqual({ $ref: "#/components/headers/ETag" });
  });

  it("documents the discovery format parameter with its allowed values", () => {
    const get = doc.paths["/api/discovery"]?.get as Json;
    const format = get.parameters.find((x: Json) => x.name === "format");
    expect(format).toMatchObject({
      in: "query",
      required: false,
      schema: { enum: ["inventory", "openapi", "openapi31"] },
    });
    expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(["200", "304", "400", "500"]));
  });
});

describe("the operations registry, for operations that land later", () => {
  const incorporate = defineOperation({
    method: "POST",
    path: "/api/auto-incorporate",
    operationId: "autoIncorporate",
    summary: "Incorporate",
    tags: ["incorporation"],
    body: { schema: z.object({ denominacion: z.string(), capitalSocial: z.number() }) },
    responses: {
      200: { description: "ok", content: { "application/json": z.object({ ok: z.literal(true) }) } },
      422: "ValidationFailure",
    },
    errors: ["malformed_json", "unsupported_media_type"],
    rateLimit: { name: "incorporate", write: true },
    auth: "apiKey",
  });
  const doc = build({ operations: [...openApiOperations(), incorporate] as OperationSpec[] });
  const op = doc.paths["/api/auto-incorporate"]?.post as Json;

  it("plugs an incorporation operation in with the shared 422 finding shape", () => {
    expect(op.responses["422"]).toEqual({ $ref: "#/components/responses/ValidationFailure" });
    const ajv = ajvFor(doc);
    const validate = ajv.compile({
      $ref: `${DOC_ID}${pointer(["components", "responses", "ValidationFailure", "content", "application/json", "schema"])}`,
    });
    const finding = { code: "capital_too_low", severity: "error", field: "capitalSocial", message: "too low" };
    expect(findingSchema.parse(finding)).toEqual(finding);
    expect(validate({ ok: false, validation: { findings: [finding] }, rfc001: { ok: false } })).toBe(true);
    expect(validate({ ok: false, validation: { findings: [{ ...finding, severity: "fatal" }] }, rfc001: null })).toBe(
      false,
    );
    expect(validate({ ok: true, validation: { findings: [] }, rfc001: null })).toBe(false);
  });

  it("adds RateLimit headers, the 429 with Retry-After and the fail-closed 503 to a rate-limited write", () => {
    expect(Object.keys(op.responses["200"].headers)).toEqual(
      expect.arrayContaining(["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "RateLimit-Policy"]),
    );
    expect(Object.keys(op.responses["429"].headers)).toEqual(
      expect.arrayContaining(["Retry-After", "RateLimit-Limit"]),
    );
    expect(op.responses["429"].content["application/problem+json"].schema.allOf[1].properties.code.enum).toEqual([
      "rate_limited",
    ]);
    expect(op.responses["503"].content["application/problem+json"].schema.allOf[1].properties.code.enum).toEqual([
      "rate_limiter_unavailable",
    ]);
    expect(op.description).toMatch(/at most 30 requests per 1 h/);
  });

  it("adds an API-key security scheme only when the auth mode asks for one", () => {
    // The registry's own bearer tokens are schemes too; the API key is not among them.
    expect(doc.components.securitySchemes).not.toHaveProperty("apiKey");
    expect(op).not.toHaveProperty("security");
    const keyed = build({ operations: [incorporate], auth: { mode: "api-key", header: "x-api-key" } });
    expect((keyed.components.securitySchemes as Json).apiKey).toEqual({
      type: "apiKey",
      in: "header",
      name: "x-api-key",
    });
    expect(keyed.paths["/api/auto-incorporate"]?.post?.security).toEqual([{ apiKey: [] }]);
  });
});

describe("the registry operations", () => {
  const doc = build();
  const ajv = ajvFor(doc);
  const at = (...segments: string[]) => ajv.compile({ $ref: `${DOC_ID}${pointer(segments)}` });
  const paths = doc.paths as Json;

  it("describes every public registry route, tagged registry, and not the cron re-check", () => {
    const routes = openApiOperations()
      .filter((o) => o.tags.includes("registry"))
      .map((o) => `${o.method} ${o.path}`);
    expect(routes.sort()).toEqual(
      [
        "GET /api/certifier",
        "GET /api/registry",
        "GET /api/registry/{id}",
        "GET /api/registry/{id}/report",
        "PATCH /api/registry/{id}",
        "POST /api/registry",
        "POST /api/registry/{id}/certify",
        "POST /api/registry/{id}/claim",
      ].sort(),
    );
    expect(Object.keys(paths).some((p) => p.includes("/cron/"))).toBe(false);
    expect((doc.tags as Json[]).map((t) => t.name)).toContain("registry");
  });

  it("asks for the owner or admin token where the handlers do, and the claim token to claim", () => {
    const schemes = doc.components.securitySchemes as Json;
    for (const name of ["registryOwnerToken", "registryAdminToken", "registryClaimToken"]) {
      expect(schemes[name], name).toMatchObject({ type: "http", scheme: "bearer" });
    }
    const ownerOrAdmin = [{ registryOwnerToken: [] }, { registryAdminToken: [] }];
    expect(paths["/api/registry/{id}"].patch.security).toEqual(ownerOrAdmin);
    expect(paths["/api/registry/{id}/certify"].post.security).toEqual(ownerOrAdmin);
    expect(paths["/api/registry/{id}/claim"].post.security).toEqual([{ registryClaimToken: [] }]);
    for (const [p, method] of [
      ["/api/registry", "get"],
      ["/api/registry", "post"],
      ["/api/registry/{id}", "get"],
      ["/api/registry/{id}/report", "get"],
      ["/api/certifier", "get"],
    ] as const) {
      expect(paths[p][method], `${method} ${p}`).not.toHaveProperty("security");
    }
    for (const op of [paths["/api/registry/{id}"].patch, paths["/api/registry/{id}/claim"].post]) {
      expect(op.responses["401"].content["application/problem+json"].schema.allOf[1].properties.code.enum).toEqual([
        "registry_token_required",
      ]);
      expect(op.responses["403"].content["application/problem+json"].schema.allOf[1].properties.code.enum).toEqual([
        "registry_token_invalid",
      ]);
    }
  });

  it("gives writes RATE_LIMIT_REGISTRY, certifications RATE_LIMIT_CERTIFIER and reads RATE_LIMIT_READ", () => {
    for (const op of [
      paths["/api/registry"].post,
      paths["/api/registry/{id}"].patch,
      paths["/api/registry/{id}/claim"].post,
    ]) {
      expect(op.description, op.operationId).toMatch(/RATE_LIMIT_REGISTRY/);
      expect(Object.keys(op.responses), op.operationId).toEqual(expect.arrayContaining(["429", "503"]));
    }
    for (const op of [paths["/api/registry/{id}/certify"].post, paths["/api/certifier"].get]) {
      expect(op.description, op.operationId).toMatch(/RATE_LIMIT_CERTIFIER/);
      expect(Object.keys(op.responses), op.operationId).toEqual(expect.arrayContaining(["429", "503"]));
    }
    for (const op of [
      paths["/api/registry"].get,
      paths["/api/registry/{id}"].get,
      paths["/api/registry/{id}/report"].get,
      paths["/api/play/audit/{sessionId}"].get,
      paths["/api/play/audit/{sessionId}/csv"].get,
      paths["/api/play/audit/{sessionId}/stream"].get,
      paths["/api/badge/{sessionId}"].get,
    ]) {
      expect(op.description, op.operationId).toMatch(/RATE_LIMIT_READ/);
      // The read budget is in units, and the description says what a read costs.
      expect(op.description, op.operationId).toContain("at most 600 read units (a read is 1 unit plus 1 per full 100");
      expect(op.responses, op.operationId).toHaveProperty("429");
      // Reads pass when the limiter's store is down: no 503 rate_limiter_unavailable for them.
      expect(JSON.stringify(op.responses), op.operationId).not.toContain("rate_limiter_unavailable");
    }
  });

  it("describes the registry's 422 as a validation_failed problem with findings, not the ValidationFailure body", () => {
    const response = paths["/api/registry"].post.responses["422"];
    expect(response).not.toHaveProperty("$ref");
    const validate = at(
      "paths",
      "/api/registry",
      "post",
      "responses",
      "422",
      "content",
      "application/problem+json",
      "schema",
    );
    const problem = {
      type: "urn:sociedades-ia:problem:validation_failed",
      title: "Validation failed",
      status: 422,
      detail: "The listing has 1 problem(s); fix each finding and send it again.",
      code: "validation_failed",
      instance: "/api/registry",
      findings: [{ code: "name_invalid", severity: "error", field: "name", message: "name is required." }],
    };
    expect(validate(problem), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...problem, findings: undefined })).toBe(false);
    expect(validate({ ...problem, findings: [{ ...problem.findings[0], code: "capital_too_low" }] })).toBe(false);
    expect(validate({ ok: false, validation: { findings: problem.findings }, rfc001: null })).toBe(false);
  });

  it("names the member on a 409 registry_duplicate and keeps conflict's shape apart", () => {
    const validate = at(
      "paths",
      "/api/registry/{id}/certify",
      "post",
      "responses",
      "409",
      "content",
      "application/problem+json",
      "schema",
    );
    const base = { type: "urn:x", title: "t", status: 409, detail: "d" };
    expect(validate({ ...base, code: "registry_duplicate", field: "publicUrl" })).toBe(true);
    expect(validate({ ...base, code: "registry_duplicate" })).toBe(false);
    expect(validate({ ...base, code: "conflict" })).toBe(true);
  });

  it("renders the self-listing schema so that JSON Schema accepts and refuses what the validator does", () => {
    const validate = at("paths", "/api/registry", "post", "requestBody", "content", "application/json", "schema");
    const options = { schema: listingRequestSchema, cuitRequired: true, allowLoopback: false };
    const errors = (body: unknown) => validateListing(body, options).findings.filter((f) => f.severity === "error");
    const good = {
      name: "Acme SIA",
      type: "productive-sociedad-ia",
      jurisdiction: "AR",
      operator: "Acme SRL",
      operatorCuit: "30-71234567-1",
      publicUrl: "https://acme.example",
      rfcConformance: ["rfc-001-v1"],
      disclosure: { es: "Una sociedad operada por agentes.", en: "A company run by AI agents, for tests." },
    };
    const { operatorCuit: _, ...foreign } = { ...good, jurisdiction: "US-WY" };
    const { rfcConformance: __, ...noTokens } = good;
    const digits = { ...good, operatorCuit: "30712345671" };
    for (const body of [good, digits, foreign, noTokens, { ...good, publicUrl: "https://acme.example:8443/about" }]) {
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
      expect(errors(body), JSON.stringify(body)).toEqual([]);
    }
    const bad: Record<string, unknown>[] = [
      { extra: 1 },
      { name: "" },
      { name: "x".repeat(121) },
      { type: "reference-implementation" },
      { jurisdiction: "BR" },
      { operator: "x".repeat(201) },
      { operatorCuit: "3071234567" },
      { publicUrl: "not a url" },
      { publicUrl: "https://user:pw@acme.example" },
      { publicUrl: "http://acme.example" },
      { rfcConformance: "rfc-001-v1" },
      { rfcConformance: ["rfc-999"] },
      { disclosure: { es: "Una sociedad operada por agentes." } },
      { disclosure: { es: "corta", en: "A company run by AI agents, for tests." } },
      { disclosure: { ...good.disclosure, pt: "Uma sociedade operada por agentes." } },
    ];
    for (const change of bad) {
      const body = { ...good, ...change };
      expect(validate(body), JSON.stringify(change)).toBe(false);
      expect(errors(body).length, JSON.stringify(change)).toBeGreaterThan(0);
    }
  });

  it("renders the incorporation request so that JSON Schema accepts and refuses what the validator does", () => {
    const validate = at(
      "paths",
      "/api/auto-incorporate",
      "post",
      "requestBody",
      "content",
      "application/json",
      "schema",
    );
    const errors = (body: unknown) => validateIncorporation(body).findings.filter((f) => f.severity === "error");
    const complete = {
      ...TYPICAL_INCORPORATION,
      sessionId: "3f2b8c1e-5d4a-4b6e-9c7d-1a2b3c4d5e6f",
      representante: { nombre: "Ana Pérez", cuit: "20-12345678-6" },
      emailContacto: "ana@acme.com.ar",
    };
    const nulls = { ...TYPICAL_INCORPORATION, representante: null, emailContacto: null };
    for (const body of [
      TYPICAL_INCORPORATION,
      complete,
      nulls,
      { ...complete, representante: { nombre: "Ana Pérez", cuit: "20123456786" } },
    ]) {
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
      expect(errors(body), JSON.stringify(body)).toEqual([]);
    }
    const bad: Record<string, unknown>[] = [
      { denominacion: "AB" },
      { denominacion: "x".repeat(121) },
      { tipo: "SCS" },
      { capitalSocial: 0 },
      { capitalSocial: "2000000" },
      { objeto: "Agentes." },
      { sessionId: "corto" },
      // A session id /play would take, but not a UUID: an incorporation's session is one (SPEC 2.2).
      { sessionId: "session-12345678" },
      { representante: { nombre: "An", cuit: "20-12345678-6" } },
      { representante: { nombre: "Ana Pérez", cuit: "20-1234567" } },
      { representante: "Ana" },
      { emailContacto: "ana@" },
    ];
    for (const change of bad) {
      const body = { ...complete, ...change };
      expect(validate(body), JSON.stringify(change)).toBe(false);
      expect(errors(body).length, JSON.stringify(change)).toBeGreaterThan(0);
    }
    const op = paths["/api/auto-incorporate"].post;
    expect(op.requestBody.content["application/json"].schema.properties.sessionId).toMatchObject({ format: "uuid" });
    const answer = JSON.stringify(op.responses["200"]);
    expect(answer).toMatch(/"sessionId":\{[^}]*"format":"uuid"/);
  });

  it("lets an owner's PATCH send only the members the handler lets owners change, and a claim the claim's", () => {
    const patch = paths["/api/registry/{id}"].patch.requestBody.content["application/json"].schema;
    expect(Object.keys(patch.properties).sort()).toEqual([...LISTING_FIELDS].sort());
    const ownerEditable = Object.entries<Json>(patch.properties)
      .filter(([, p]) => !/Admin token only/.test(p.description ?? ""))
      .map(([name]) => name);
    expect(ownerEditable.sort()).toEqual([...OWNER_EDITABLE].sort());
    expect(patch.required ?? []).toEqual([]);

    const claim = paths["/api/registry/{id}/claim"].post.requestBody.content["application/json"].schema;
    expect(Object.keys(claim.properties).sort()).toEqual([...CLAIM_FIELDS].sort());
    // operatorCuit is required for AR records only, which JSON Schema cannot say: it is in its description.
    expect(claim.required.sort()).toEqual(CLAIM_REQUIRED.filter((f) => f !== "operatorCuit").sort());
    expect(claim.additionalProperties).toBe(false);
  });

  it("documents the list query the handler reads, with its limits", () => {
    const params = paths["/api/registry"].get.parameters as Json[];
    expect(params.map((x) => x.name)).toEqual(["jurisdiction", "type", "status", "q", "limit", "cursor"]);
    expect(params.find((x) => x.name === "limit")?.schema).toMatchObject({ minimum: 1, maximum: 100, default: 50 });
    const q = params.find((x) => x.name === "q");
    expect(q?.schema).toMatchObject({ type: "string", maxLength: 120 });
    expect(q?.description ?? q?.schema.description).toMatch(/accents/);
    const certifier = paths["/api/certifier"].get.parameters as Json[];
    expect(certifier.find((x) => x.name === "url")).toMatchObject({ in: "query", required: true });
  });

  it("writes the record, the report and the finding once, as components", () => {
    const schemas = doc.components.schemas as Json;
    for (const name of ["RegistryRecord", "CertificationReport", "RegistryFinding"])
      expect(schemas[name]).toBeDefined();
    expect(paths["/api/registry/{id}"].get.responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/RegistryRecord",
    });
    expect(
      paths["/api/registry"].get.responses["200"].content["application/json"].schema.properties.records.items,
    ).toEqual({
      $ref: "#/components/schemas/RegistryRecord",
    });
  });
});
