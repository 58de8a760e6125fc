import fs from "node:fs";
import path from "node:path";
import Ajv2020, { type ErrorObject } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";

const schema = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, "../../schemas/agents.v1.json"), "utf8"),
) as Record<string, unknown>;
// strict: the published schema must compile under Ajv's strictest settings, as cautious verifiers run it.
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
const validate = ajv.compile(schema);

// biome-ignore lint/suspicious/noExplicitAny: the tests edit manifests member by member, into invalid shapes too.
type Manifest = Record<string, any>;

const ED25519 = { kty: "OKP", crv: "Ed25519", x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo" };
const BASE = "https://sia.example";

/** A manifest using every member of SPEC 2.1. */
function goodManifest(): Manifest {
  return {
    $schema: `${BASE}/schemas/agents.v1.json`,
    version: "1.0.0",
    name: "Ejemplo",
    description: "A sociedad-IA",
    license: "MIT",
    homepage: `${BASE}/`,
    repository: "https://git.example/ejemplo",
    maintainer: { name: "Operadora SA", email: "ops@sia.example" },
    issuer: {
      jurisdiction: "AR",
      type: "sociedad-ia",
      operatorName: "Operadora SA",
      operatorCuit: "30-71234567-1",
      denominacion: "Ejemplo SOCIEDAD-IA",
      supervisionRegime: "rfc-001-v1",
      publicKey: { ...ED25519, kid: "k", alg: "EdDSA", use: "sig" },
    },
    rfcConformance: ["rfc-001-v1", "rfc-004-draft"],
    auditEndpoints: {
      auditRead: `${BASE}/api/play/audit/{sessionId}`,
      auditVerify: `${BASE}/api/play/audit/{sessionId}?verify=1`,
      auditCsv: `${BASE}/api/play/audit/{sessionId}/csv`,
      auditStream: `${BASE}/api/play/audit/{sessionId}/stream`,
      verifyBadge: `${BASE}/api/badge/{sessionId}`,
    },
    endpoints: [
      { name: "incorporate", url: `${BASE}/api/auto-incorporate`, method: "POST", description: "one call" },
      { name: "health", url: `${BASE}/api/health` },
    ],
    discovery: {
      machineReadable: `${BASE}/api/discovery`,
      openapi: `${BASE}/api/discovery?format=openapi`,
      openapi31: `${BASE}/api/discovery?format=openapi31`,
      aiPlugin: `${BASE}/.well-known/ai-plugin.json`,
      testVectors: `${BASE}/test-vectors`,
      certifier: `${BASE}/api/certifier?url={url}`,
    },
  };
}

function check(manifest: unknown): ErrorObject[] {
  return validate(manifest) ? [] : [...(validate.errors ?? [])];
}

/** Applies `edit` to a good manifest and returns the errors. */
function errorsAfter(edit: (m: Manifest) => void): ErrorObject[] {
  const m = goodManifest();
  edit(m);
  return check(m);
}

const has = (errors: ErrorObject[], instancePath: string, keyword: string) =>
  errors.some((e) => e.instancePath === instancePath && e.keyword === keyword);

describe("schemas/agents.v1.json", () => {
  it("accepts a manifest that uses every member", () => {
    expect(check(goodManifest())).toEqual([]);
  });

  it("accepts the smallest manifest: issuer, an empty rfcConformance and audit endpoints", () => {
    expect(
      check({ issuer: { jurisdiction: "AR", type: "sociedad-ia" }, rfcConformance: [], auditEndpoints: {} }),
    ).toEqual([]);
  });

  it("requires issuer", () => {
    expect(
      has(
        errorsAfter((m) => delete m.issuer),
        "",
        "required",
      ),
    ).toBe(true);
  });

  it("requires rfcConformance, as an array of strings", () => {
    expect(
      has(
        errorsAfter((m) => delete m.rfcConformance),
        "",
        "required",
      ),
    ).toBe(true);
    expect(
      has(
        errorsAfter((m) => (m.rfcConformance = "rfc-001-v1")),
        "/rfcConformance",
        "type",
      ),
    ).toBe(true);
    expect(
      has(
        errorsAfter((m) => (m.rfcConformance = [1])),
        "/rfcConformance/0",
        "type",
      ),
    ).toBe(true);
  });

  it("requires at least one of endpoints and auditEndpoints", () => {
    const neither = errorsAfter((m) => {
      delete m.endpoints;
      delete m.auditEndpoints;
    });
    expect(has(neither, "", "anyOf")).toBe(true);
    expect(errorsAfter((m) => delete m.endpoints)).toEqual([]);
    expect(errorsAfter((m) => delete m.auditEndpoints)).toEqual([]);
  });

  it("takes endpoints as an object of audit URI templates", () => {
    const m = goodManifest();
    m.endpoints = { auditRead: m.auditEndpoints.auditRead, auditCsv: m.auditEndpoints.auditCsv };
    expect(check(m)).toEqual([]);
    m.endpoints.auditRead = `${BASE}/api/play/audit/{sessionId`;
    expect(has(check(m), "/endpoints/auditRead", "format")).toBe(true);
  });

  it("takes endpoints as a list of {name, url, method?, description?}", () => {
    expect(
      has(
        errorsAfter((m) => delete m.endpoints[0].name),
        "/endpoints/0",
        "required",
      ),
    ).toBe(true);
    expect(
      has(
        errorsAfter((m) => delete m.endpoints[0].url),
        "/endpoints/0",
        "required",
      ),
    ).toBe(true);
    expect(
      has(
        errorsAfter((m) => (m.endpoints = "everything")),
        "/endpoints",
        "oneOf",
      ),
    ).toBe(true);
  });

  it("allows only GET, POST, PUT, PATCH and DELETE as an endpoint's method", () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      expect(errorsAfter((m) => (m.endpoints[0].method = method))).toEqual([]);
    }
    for (const method of ["HEAD", "get", "FETCH"]) {
      expect(
        has(
          errorsAfter((m) => (m.endpoints[0].method = method)),
          "/endpoints/0/method",
          "enum",
        ),
        method,
      ).toBe(true);
    }
  });

  it("requires issuer.jurisdiction and issuer.type", () => {
    expect(
      has(
        errorsAfter((m) => delete m.issuer.jurisdiction),
        "/issuer",
        "required",
      ),
    ).toBe(true);
    expect(
      has(
        errorsAfter((m) => delete m.issuer.type),
        "/issuer",
        "required",
      ),
    ).toBe(true);
  });

  it("takes a jurisdiction as an ISO 3166 alpha-2 code or a country-region form", () => {
    expect(errorsAfter((m) => (m.issuer.jurisdiction = "US-WY"))).toEqual([]);
    expect(errorsAfter((m) => (m.issuer.jurisdiction = "EE"))).toEqual([]);
    for (const bad of ["Argentina", "ar", "ARG"]) {
      expect(
        has(
          errorsAfter((m) => (m.issuer.jurisdiction = bad)),
          "/issuer/jurisdiction",
          "pattern",
        ),
        bad,
      ).toBe(true);
    }
  });

  it("requires operatorCuit to be written NN-NNNNNNN(N)-N", () => {
    expect(errorsAfter((m) => (m.issuer.operatorCuit = "20-1234567-5"))).toEqual([]);
    for (const bad of ["30712345671", "30-71234567", "30-712345-1", "CUIT 30-71234567-1"]) {
      expect(
        has(
          errorsAfter((m) => (m.issuer.operatorCuit = bad)),
          "/issuer/operatorCuit",
          "pattern",
        ),
        bad,
      ).toBe(true);
    }
  });

  it("requires maintainer.email to be an e-mail address", () => {
    expect(
      has(
        errorsAfter((m) => (m.maintainer.email = "ops at sia")),
        "/maintainer/email",
        "format",
      ),
    ).toBe(true);
  });

  it("requires uri members to be absolute URIs", () => {
    expect(
      has(
        errorsAfter((m) => (m.homepage = "not a uri")),
        "/homepage",
        "format",
      ),
    ).toBe(true);
    expect(
      has(
        errorsAfter((m) => (m.repository = "/relative")),
        "/repository",
        "format",
      ),
    ).toBe(true);
    expect(
      has(
        errorsAfter((m) => (m.endpoints[1].url = "/api/health")),
        "/endpoints/1/url",
        "format",
      ),
    ).toBe(true);
    // A template is not a URI: braces are not allowed in one.
    const templated = errorsAfter((m) => (m.discovery.openapi = `${BASE}/api/{format}`));
    expect(has(templated, "/discovery/openapi", "format")).toBe(true);
  });

  it("requires uri-template members to be RFC 6570 templates", () => {
    expect(
      has(
        errorsAfter((m) => (m.auditEndpoints.verifyBadge = `${BASE}/badge/{id`)),
        "/auditEndpoints/verifyBadge",
        "format",
      ),
    ).toBe(true);
    expect(
      has(
        errorsAfter((m) => (m.discovery.certifier = `${BASE}/c?url={url}}`)),
        "/discovery/certifier",
        "format",
      ),
    ).toBe(true);
    expect(
      has(
        errorsAfter((m) => (m.auditEndpoints.auditRead = 42)),
        "/auditEndpoints/auditRead",
        "type",
      ),
    ).toBe(true);
  });

  it("takes version as 1.0 or 1.0.0", () => {
    expect(errorsAfter((m) => (m.version = "1.0"))).toEqual([]);
    for (const bad of ["1", "v1.0", "1.0.0.0"]) {
      expect(
        has(
          errorsAfter((m) => (m.version = bad)),
          "/version",
          "pattern",
        ),
        bad,
      ).toBe(true);
    }
  });

  it("accepts public JWKs of every asymmetric key type", () => {
    const ec = { kty: "EC", crv: "P-256", x: "a", y: "b" };
    const rsa = { kty: "RSA", n: "n", e: "AQAB" };
    for (const key of [ED25519, ec, rsa]) expect(errorsAfter((m) => (m.issuer.publicKey = key))).toEqual([]);
    expect(errorsAfter((m) => delete m.issuer.publicKey)).toEqual([]);
  });

  it("refuses a publicKey that is not a public asymmetric JWK", () => {
    const at = "/issuer/publicKey";
    expect(
      has(
        errorsAfter((m) => delete m.issuer.publicKey.kty),
        at,
        "required",
      ),
    ).toBe(true);
    expect(
      has(
        errorsAfter((m) => (m.issuer.publicKey = { kty: "oct", k: "c2VjcmV0" })),
        `${at}/kty`,
        "enum",
      ),
    ).toBe(true);
    expect(
      has(
        errorsAfter((m) => (m.issuer.publicKey = { ...ED25519, d: "private" })),
        `${at}/d`,
        "false schema",
      ),
    ).toBe(true);
    expect(
      has(
        errorsAfter((m) => delete m.issuer.publicKey.x),
        at,
        "required",
      ),
    ).toBe(true);
    expect(
      has(
        errorsAfter((m) => (m.issuer.publicKey = { kty: "RSA", n: "n" })),
        at,
        "required",
      ),
    ).toBe(true);
    expect(
      has(
        errorsAfter((m) => (m.issuer.publicKey = "base64 key")),
        at,
        "type",
      ),
    ).toBe(true);
  });
});
