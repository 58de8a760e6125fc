import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { aiPluginSchema, inventorySchema } from "@/lib/api/discovery-schemas";
import { buildAgentsManifest, type IssuerSettings } from "@/lib/discovery/build-agents-manifest";
import { buildAiPlugin } from "@/lib/discovery/build-ai-plugin";
import { buildInventory } from "@/lib/discovery/build-inventory";
import { buildLlmsTxt } from "@/lib/discovery/build-llms-txt";
import { loadCatalogue } from "@/lib/discovery/catalogue";
import { AUDIT_ENDPOINT_KEYS, DISCOVERY_KEYS, type Endpoint, listedEndpoints } from "@/lib/discovery/endpoints";
import { openApiOperations } from "@/lib/discovery/openapi/operations";
import { serviceInfo } from "@/lib/discovery/service-info";
import type { PublicJwk } from "@/lib/signing/keys";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BASE = "https://sia.example";
const ajv = new Ajv2020({ allErrors: true });
addFormats(ajv);
const validateManifest = ajv.compile(JSON.parse(fs.readFileSync(path.join(ROOT, "schemas/agents.v1.json"), "utf8")));

const { x } = generateKeyPairSync("ed25519").publicKey.export({ format: "jwk" });
const publicKey: PublicJwk = { kty: "OKP", crv: "Ed25519", x, kid: "test-kid", alg: "EdDSA", use: "sig" };
const issuer: IssuerSettings = { type: "sociedad-ia-reference-implementation" };
const manifest = (over: Partial<Parameters<typeof buildAgentsManifest>[0]> = {}) =>
  buildAgentsManifest({ baseUrl: BASE, service: serviceInfo(), issuer, publicKey, ...over });

/** The endpoint list as it will be once `id` lands. */
const withLive = (id: string): Endpoint[] => listedEndpoints().map((e) => (e.id === id ? { ...e, status: "live" } : e));
/** The endpoint list as it was before `id` landed. */
const withPlanned = (id: string): Endpoint[] =>
  listedEndpoints().map((e) => (e.id === id ? { ...e, status: "planned" } : e));

describe("the endpoint list", () => {
  it("names each endpoint once, by id and by method and path", () => {
    const ids = listedEndpoints().map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = listedEndpoints().map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it("puts an endpoint in a manifest slot only under a key that slot has", () => {
    for (const e of listedEndpoints()) {
      if (e.manifest === "auditEndpoints") expect(AUDIT_ENDPOINT_KEYS, e.id).toContain(e.id);
      if (e.manifest === "discovery") expect(DISCOVERY_KEYS, e.id).toContain(e.id);
      expect(e.path.startsWith("/"), e.id).toBe(true);
    }
  });

  it("has one OpenAPI operation for every live route, and no operation without a live route", () => {
    const route = (method: string, p: string) => `${method.toUpperCase()} ${p.split("?")[0]}`;
    // Pages (the test vectors page) are for people, and static files are served as they are: neither is an operation.
    const live = new Set(
      listedEndpoints()
        .filter((e) => e.status === "live" && !e.page && !e.file && !e.path.startsWith("/schemas/"))
        .map((e) => route(e.method, e.path)),
    );
    live.add("GET /schemas/{name}"); // the list names one schema file; the operation serves them all
    const described = new Set(openApiOperations().map((o) => route(o.method, o.path)));
    expect([...described].sort()).toEqual([...live].sort());
  });
});

describe("agents.json", () => {
  it("validates against schemas/agents.v1.json with and without the optional issuer settings", () => {
    expect(validateManifest(manifest()), JSON.stringify(validateManifest.errors)).toBe(true);
    const full: IssuerSettings = {
      type: "sociedad-ia",
      operatorName: "Operadora SA",
      operatorCuit: "30-71234567-1",
      supervisionRegime: "rfc-001-v1",
      contactEmail: "ops@sia.example",
    };
    const m = manifest({ issuer: full });
    expect(validateManifest(m), JSON.stringify(validateManifest.errors)).toBe(true);
    expect(m.issuer).toMatchObject({
      jurisdiction: "AR",
      operatorCuit: "30-71234567-1",
      supervisionRegime: "rfc-001-v1",
    });
    expect(m.maintainer).toEqual({ name: "Operadora SA", email: "ops@sia.example" });
  });

  it("leaves unset issuer settings out instead of sending empty values", () => {
    const m = manifest();
    expect(Object.keys(m.issuer).sort()).toEqual(["jurisdiction", "publicKey", "type"]);
    expect(m).not.toHaveProperty("maintainer");
  });

  it("publishes the checkpoint key as issuer.publicKey and every audit endpoint template", () => {
    const m = manifest();
    expect(m.issuer.publicKey).toEqual(publicKey);
    expect(Object.keys(m.auditEndpoints).sort()).toEqual([...AUDIT_ENDPOINT_KEYS].sort());
    expect(m.auditEndpoints.auditVerify).toBe(`${BASE}/api/play/audit/{sessionId}?verify=1`);
    expect(m.discovery.openapi).toBe(`${BASE}/api/discovery?format=openapi`);
    // The JSON file is what a machine reads; the page for people has its own key.
    expect(m.discovery.testVectors).toBe(`${BASE}/test-vectors/audit-v1.json`);
    expect(m.discovery.testVectorsPage).toBe(`${BASE}/test-vectors`);
  });

  it("claims the conformance tokens whose published vectors pass (tests/unit/rfc-conformance.test.ts)", () => {
    expect(manifest().rfcConformance).toEqual(["rfc-004-v1"]);
  });

  it("lists live endpoints only, and an endpoint appears once its status flips to live", () => {
    const before = manifest({ endpoints: withPlanned("autoIncorporate") });
    expect(before.endpoints.map((e) => e.name)).not.toContain("autoIncorporate");
    expect(JSON.stringify(manifest({ endpoints: withPlanned("certifier") }))).not.toContain("/api/certifier");
    const later = manifest({ endpoints: withLive("autoIncorporate") });
    expect(later.endpoints).toContainEqual(expect.objectContaining({ name: "autoIncorporate", method: "POST" }));
    const certifier = manifest({ endpoints: withLive("certifier") });
    expect(certifier.discovery.certifier).toBe(`${BASE}/api/certifier?url={url}`);
    expect(validateManifest(certifier)).toBe(true);
  });

  it("lists the registry and links the certifier now that they are live", () => {
    const m = manifest();
    expect(m.endpoints).toContainEqual(expect.objectContaining({ name: "registry", method: "GET" }));
    expect(m.endpoints).toContainEqual(
      expect.objectContaining({ name: "registrySelfListing", method: "POST", url: `${BASE}/api/registry` }),
    );
    expect(m.discovery.certifier).toBe(`${BASE}/api/certifier?url={url}`);
    // The {id} routes are templates: described in the OpenAPI document and llms.txt, not in `endpoints`.
    expect(m.endpoints.map((e) => e.name)).not.toContain("registryRecord");
    // Before they landed, none of them was in the manifest.
    const before = manifest({
      endpoints: listedEndpoints()
        .filter((e) => !e.path.startsWith("/api/registry"))
        .map((e) => (e.id === "certifier" ? { ...e, status: "planned" as const } : e)),
    });
    expect(JSON.stringify(before)).not.toMatch(/\/api\/(registry|certifier)/);
    expect(validateManifest(m)).toBe(true);
  });

  it("keeps URI templates out of the endpoints list, whose members must be URIs", () => {
    for (const e of manifest().endpoints) expect(e.url, e.name).not.toMatch(/[{}]/);
  });
});

describe("the inventory", () => {
  const raw = JSON.parse(fs.readFileSync(path.join(ROOT, "lib/discovery/data/ecosystem-inventory.json"), "utf8")) as {
    packages: { tools: { name: string; params: unknown[] }[] }[];
  };
  const inventory = buildInventory({ baseUrl: BASE, service: serviceInfo(), catalogue: loadCatalogue() });

  it("counts packages, tools and hosted endpoints from the data, matching SPEC's 17, 168 and 5", () => {
    const tools = raw.packages.flatMap((p) => p.tools);
    expect(inventory.counts.packages).toBe(raw.packages.length);
    expect(inventory.counts.tools).toBe(tools.length);
    expect(inventory.counts.distinctToolNames).toBe(new Set(tools.map((t) => t.name)).size);
    expect(inventory.counts.parameters).toBe(tools.reduce((n, t) => n + t.params.length, 0));
    expect(inventory.counts.hostedEndpoints).toBe(listedEndpoints().filter((e) => e.inventory).length);
    expect(inventory.counts.hostedEndpoints).toBe(inventory.hostedEndpoints.length);
    expect(inventory.counts.liveHostedEndpoints).toBe(
      inventory.hostedEndpoints.filter((e) => e.status === "live").length,
    );
    // SPEC 1 states these totals; the data must agree with it.
    expect([inventory.counts.packages, inventory.counts.tools, inventory.counts.hostedEndpoints]).toEqual([17, 168, 5]);
    for (const p of inventory.packages) expect(p.toolCount, p.name).toBe(p.tools.length);
  });

  it("lists the five hosted endpoints SPEC names, each with its status", () => {
    expect(inventory.hostedEndpoints.map((e) => e.id).sort()).toEqual(
      ["autoIncorporate", "play", "auditRead", "tamperDemo", "verifyBadge"].sort(),
    );
    // POST /api/play has landed: listing it as planned takes one from the live count.
    const earlier = buildInventory({
      baseUrl: BASE,
      service: serviceInfo(),
      catalogue: loadCatalogue(),
      endpoints: withPlanned("play"),
    });
    expect(inventory.counts.liveHostedEndpoints).toBe(earlier.counts.liveHostedEndpoints + 1);
  });

  it("matches its own response schema, and every package has a description", () => {
    expect(inventorySchema.safeParse(inventory).success).toBe(true);
    for (const p of inventory.packages) expect(p.description.length, p.name).toBeGreaterThan(20);
  });

  it("keeps parameter names clean (the source's trailing ? markers are removed)", () => {
    for (const t of inventory.packages.flatMap((p) => p.tools)) {
      for (const param of t.params) expect(param.name, t.name).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
    }
  });
});

describe("ai-plugin.json", () => {
  it("has every field plugin hosts read, with auth none and the OpenAPI URL", () => {
    const plugin = buildAiPlugin({ baseUrl: BASE, auth: { mode: "none" } });
    expect(aiPluginSchema.parse(plugin)).toEqual(plugin);
    expect(plugin.auth).toEqual({ type: "none" });
    expect(plugin.api).toEqual({
      type: "openapi",
      url: `${BASE}/api/discovery?format=openapi`,
      is_user_authenticated: false,
    });
    expect(plugin.logo_url).toBe(`${BASE}/icon.svg`);
    expect(plugin).not.toHaveProperty("contact_email");
    expect(buildAiPlugin({ baseUrl: BASE, auth: { mode: "none" }, contactEmail: "a@b.example" }).contact_email).toBe(
      "a@b.example",
    );
  });

  it("reflects an API-key mode in its auth", () => {
    const plugin = buildAiPlugin({ baseUrl: BASE, auth: { mode: "api-key", header: "x-api-key" } });
    expect(plugin.auth).toEqual({
      type: "service_http",
      authorization_type: "custom",
      custom_auth_header: "x-api-key",
    });
  });

  it("describes to models what is live, including an endpoint once it lands", () => {
    const now = buildAiPlugin({
      baseUrl: BASE,
      auth: { mode: "none" },
      endpoints: withPlanned("autoIncorporate"),
    }).description_for_model;
    expect(now).toContain("/api/play/tamper-demo");
    expect(now).not.toContain("/api/auto-incorporate");
    const later = buildAiPlugin({ baseUrl: BASE, auth: { mode: "none" }, endpoints: withLive("autoIncorporate") });
    expect(later.description_for_model).toContain("POST /api/auto-incorporate");
  });
});

describe("llms.txt", () => {
  const text = buildLlmsTxt({ baseUrl: BASE, service: serviceInfo() });

  it("starts with the title and summary of the llmstxt.org layout and gives the crawl order", () => {
    expect(text.split("\n")[0]).toMatch(/^# \S/);
    expect(text).toMatch(/\n> \S/);
    const crawl = text.slice(text.indexOf("## Crawl order"));
    const order = [
      "/.well-known/agents.json",
      "/api/discovery?format=openapi",
      "/api/packages/incorporate",
      "/api/auto-incorporate",
    ];
    const positions = order.map((s) => crawl.indexOf(s));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("links every live endpoint and says when a crawl step's endpoint has not landed", () => {
    for (const e of listedEndpoints().filter((e) => e.status === "live"))
      expect(text, e.id).toContain(`${BASE}${e.path}`);
    const before = buildLlmsTxt({ baseUrl: BASE, service: serviceInfo(), endpoints: withPlanned("autoIncorporate") });
    expect(before).toMatch(/auto-incorporate` \(not available on this deployment yet\)/);
    const later = buildLlmsTxt({ baseUrl: BASE, service: serviceInfo(), endpoints: withLive("autoIncorporate") });
    expect(later).not.toContain("not available");
    expect(later).toContain(`[autoIncorporate](${BASE}/api/auto-incorporate)`);
  });
});
