import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { compactVerify, importJWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendAuditEvent } from "@/lib/audit/log";
import { EmbeddedStore } from "@/lib/store/embedded";
import { type AppServer, startApp, startAppExpectingFailure } from "../support/app-server";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SESSION = "discovery-session-01";
// biome-ignore lint/suspicious/noExplicitAny: JSON documents read back from the server, walked freely.
type Json = Record<string, any>;

let app: AppServer;

/** A DATA_DIR that already holds a two-entry session, written with the keys the server will load. */
async function seededDataDir(): Promise<string> {
  const dir = tempDir("sia-discovery-");
  applyEnv({ DATA_DIR: dir });
  const store = EmbeddedStore.open(dir);
  const event = { kind: "tool-call" as const, actor: "system", output: { ok: true }, outcome: "ok" as const };
  const first = await appendAuditEvent(
    {
      sessionId: SESSION,
      sessionToken: null,
      event: { ...event, action: "validar_cuit", input: { cuit: "30-71234567-1" } },
    },
    store,
  );
  await appendAuditEvent(
    { sessionId: SESSION, sessionToken: first.sessionToken, event: { ...event, action: "emitir_factura", input: {} } },
    store,
  );
  await store.close();
  return dir;
}

beforeAll(async () => {
  // Loopback certification lets the certifier link, once live, answer when it is pointed at this server.
  app = await startApp({ dataDir: await seededDataDir(), env: { CERTIFIER_ALLOW_LOOPBACK: "1" } });
});
afterAll(() => app?.stop());

const get = (p: string, headers: Record<string, string> = {}) =>
  fetch(p.startsWith("http") ? p : `${app.url}${p}`, { headers });
const getJson = async (p: string) => (await get(p)).json() as Promise<Json>;

function ajv() {
  const a = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(a);
  return a;
}

/** Every string in the document that is a URL (or URL template) on this server. */
function urlsIn(doc: unknown, base: string): string[] {
  const out: string[] = [];
  JSON.stringify(doc, (_key, value) => {
    if (typeof value === "string" && value.startsWith(`${base}/`)) out.push(value);
    return value;
  });
  return [...new Set(out)];
}

/** Fills RFC 6570 simple variables; a variable the test does not know fails loudly so it gets a value. */
function fill(template: string): string {
  const values: Record<string, string> = { sessionId: SESSION, url: app.url };
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no test value for template variable {${name}} in ${template}`);
    return encodeURIComponent(value);
  });
}

/** Requests a URL with its declared method and reports the status; event streams are closed after the headers. */
async function follow(url: string, method: string): Promise<{ status: number; type: string | null }> {
  const controller = new AbortController();
  const res = await fetch(url, {
    method,
    signal: controller.signal,
    ...(method === "GET" ? {} : { headers: { "content-type": "application/json" }, body: "{}" }),
  });
  const type = res.headers.get("content-type");
  if (type?.startsWith("text/event-stream")) controller.abort();
  else await res.arrayBuffer();
  return { status: res.status, type };
}

describe("GET /.well-known/agents.json", () => {
  it("validates against the schema its $schema link serves", async () => {
    const manifest = await getJson("/.well-known/agents.json");
    expect(manifest.$schema).toBe(`${app.url}/schemas/agents.v1.json`);
    const validate = ajv().compile(await getJson(manifest.$schema));
    expect(validate(manifest), JSON.stringify(validate.errors)).toBe(true);
    expect(manifest.issuer).toMatchObject({ jurisdiction: "AR", type: "sociedad-ia-reference-implementation" });
    expect(manifest.rfcConformance).toEqual(["rfc-004-v1"]); // backed by tests/unit/rfc-conformance.test.ts
  });

  it("publishes as issuer.publicKey the first key of /.well-known/jwks.json", async () => {
    const manifest = await getJson("/.well-known/agents.json");
    const jwks = await getJson("/.well-known/jwks.json");
    expect(manifest.issuer.publicKey).toEqual(jwks.keys[0]);
  });

  it("has a key that verifies the checkpoint read through its own auditRead template", async () => {
    const manifest = await getJson("/.well-known/agents.json");
    const log = await getJson(fill(manifest.auditEndpoints.auditRead));
    expect(log.count).toBe(2);
    const key = await importJWK(manifest.issuer.publicKey, "EdDSA");
    const { payload } = await compactVerify(log.checkpoint, key);
    expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({ sessionId: SESSION, size: 2 });
  });

  it("has only URLs that answer, each followed with its declared method", async () => {
    const manifest = await getJson("/.well-known/agents.json");
    const methods = new Map<string, string>(manifest.endpoints.map((e: Json) => [e.url, e.method ?? "GET"]));
    const urls = urlsIn(manifest, app.url);
    expect(urls.length).toBeGreaterThan(15);
    for (const template of urls) {
      const method = methods.get(template) ?? "GET";
      const { status } = await follow(fill(template), method);
      if (method === "GET") expect(status, `${method} ${template}`).toBe(200);
      // A write given an empty body must still reach its handler: a 4xx about the body, never 404/405/5xx.
      else expect([404, 405].includes(status) || status >= 500, `${method} ${template} -> ${status}`).toBe(false);
    }
  });

  it("builds its links from the Host the client used when no PUBLIC_BASE_URL is set", async () => {
    const body = await new Promise<string>((resolve, reject) => {
      const req = http.get(
        {
          host: "127.0.0.1",
          port: app.port,
          path: "/.well-known/agents.json",
          headers: { host: "sia.localhost:4000", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
        },
        (res) => {
          let text = "";
          res.on("data", (d) => {
            text += d;
          });
          res.on("end", () => resolve(text));
        },
      );
      req.on("error", reject);
    });
    const manifest = JSON.parse(body);
    expect(manifest.homepage).toBe("http://sia.localhost:4000/");
    expect(body).not.toContain("evil.example");
  });
});

describe("GET /.well-known/ai-plugin.json", () => {
  it("has the plugin fields, auth none, and links that answer", async () => {
    const plugin = await getJson("/.well-known/ai-plugin.json");
    expect(plugin).toMatchObject({
      schema_version: "v1",
      name_for_model: expect.stringMatching(/^[A-Za-z0-9_]+$/),
      auth: { type: "none" },
      api: { type: "openapi", url: `${app.url}/api/discovery?format=openapi`, is_user_authenticated: false },
    });
    for (const field of ["name_for_human", "description_for_human", "description_for_model"]) {
      expect(plugin[field], field).toEqual(expect.any(String));
    }
    expect((await getJson(plugin.api.url)).openapi).toMatch(/^3\.1\./);
    const logo = await get(plugin.logo_url);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toMatch(/^image\//);
    expect((await get(plugin.legal_info_url)).status).toBe(200);
  });
});

describe("the MCP server card and the catalogs", () => {
  /** Follows every URL of this server in a document, GET unless the manifest says POST (the MCP endpoint). */
  async function expectEveryUrlAnswers(doc: unknown) {
    const manifest = await getJson("/.well-known/agents.json");
    const methods = new Map<string, string>(manifest.endpoints.map((e: Json) => [e.url, e.method ?? "GET"]));
    const urls = urlsIn(doc, app.url);
    for (const url of urls) {
      const method = methods.get(url) ?? "GET";
      const { status } = await follow(fill(url), method);
      if (method === "GET") expect(status, `${method} ${url}`).toBe(200);
      else expect([404, 405].includes(status) || status >= 500, `${method} ${url} -> ${status}`).toBe(false);
    }
    return urls;
  }

  it("publishes a server card naming /mcp, its transport and revisions, with URLs that answer", async () => {
    const res = await get("/mcp/server-card");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const card = (await res.json()) as Json;
    expect(card).toMatchObject({
      name: "1.0.0.127/mcp",
      version: expect.any(String),
      remotes: [
        {
          type: "streamable-http",
          url: `${app.url}/mcp`,
          supportedProtocolVersions: ["2026-07-28", "2025-11-25", "2025-06-18"],
        },
      ],
    });
    expect(await expectEveryUrlAnswers(card)).toContain(`${app.url}/mcp`);
  });

  it("lists the MCP endpoint and the catalogs in agents.json and llms.txt", async () => {
    const manifest = await getJson("/.well-known/agents.json");
    expect(manifest.discovery).toMatchObject({
      mcp: `${app.url}/mcp`,
      mcpServerCard: `${app.url}/mcp/server-card`,
      aiCatalog: `${app.url}/.well-known/ai-catalog.json`,
      apiCatalog: `${app.url}/.well-known/api-catalog`,
    });
    expect(manifest.endpoints).toContainEqual(expect.objectContaining({ method: "POST", url: `${app.url}/mcp` }));
    const llms = await (await get("/llms.txt")).text();
    expect(llms).toContain(`${app.url}/mcp)`);
    expect(llms).toContain(`${app.url}/.well-known/ai-catalog.json`);
  });

  it("publishes an AI Catalog whose entries and URLs all answer", async () => {
    const res = await get("/.well-known/ai-catalog.json");
    expect(res.headers.get("content-type")).toMatch(/^application\/ai-catalog\+json/);
    const catalog = (await res.json()) as Json;
    expect(catalog.specVersion).toBe("1.0");
    const types = catalog.entries.map((e: Json) => e.type);
    expect(types).toEqual(expect.arrayContaining(["application/mcp-server+json", "application/openapi+json"]));
    const urls = await expectEveryUrlAnswers(catalog);
    for (const p of ["/mcp/server-card", "/api/discovery?format=openapi", "/.well-known/agents.json", "/llms.txt"]) {
      expect(urls, p).toContain(`${app.url}${p}`);
    }
    expect(urls).toContain(`${app.url}/test-vectors/audit-v1.json`);
  });

  it("publishes an RFC 9727 api-catalog linkset whose links all answer, and / links both catalogs", async () => {
    const res = await get("/.well-known/api-catalog");
    expect(res.headers.get("content-type")).toMatch(
      /^application\/linkset\+json; profile="https:\/\/www\.rfc-editor\.org\/info\/rfc9727"/,
    );
    const linkset = (await res.json()) as Json;
    expect(linkset.linkset[0]["service-desc"][0].href).toBe(`${app.url}/api/discovery?format=openapi`);
    await expectEveryUrlAnswers(linkset);
    const link = (await get("/")).headers.get("link") ?? "";
    for (const [, target] of link.matchAll(/<([^>]+)>/g)) {
      expect((await get(target as string)).status, target).toBe(200);
    }
    expect(link).toMatch(/rel="api-catalog"/);
  });
});

describe("GET /api/discovery", () => {
  const data = JSON.parse(fs.readFileSync(path.join(ROOT, "lib/discovery/data/ecosystem-inventory.json"), "utf8")) as {
    packages: { name: string; tools: { name: string }[] }[];
  };

  it("reports counts equal to the data: packages, tools and hosted endpoints", async () => {
    const inventory = await getJson("/api/discovery");
    const tools = data.packages.flatMap((p) => p.tools);
    expect(inventory.counts.packages).toBe(data.packages.length);
    expect(inventory.counts.tools).toBe(tools.length);
    expect(inventory.counts.hostedEndpoints).toBe(inventory.hostedEndpoints.length);
    expect(inventory.packages.map((p: Json) => p.name)).toEqual(data.packages.map((p) => p.name));
    expect([inventory.counts.packages, inventory.counts.tools, inventory.counts.hostedEndpoints]).toEqual([17, 168, 5]);
  });

  it("lists hosted endpoints whose live URLs answer", async () => {
    const inventory = await getJson("/api/discovery");
    for (const e of inventory.hostedEndpoints.filter((x: Json) => x.status === "live")) {
      const { status } = await follow(fill(e.url), e.method);
      expect([404, 405].includes(status) || status >= 500, `${e.method} ${e.url} -> ${status}`).toBe(false);
    }
  });

  it("answers an unknown format with a 400 problem listing the allowed values", async () => {
    const res = await get("/api/discovery?format=yaml");
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(await res.json()).toMatchObject({ code: "invalid_query", allowed: ["inventory", "openapi", "openapi31"] });
  });
});

describe("the served OpenAPI description", () => {
  let doc: Json;
  let validator: Ajv2020;
  beforeAll(async () => {
    doc = await getJson("/api/discovery?format=openapi");
    validator = ajv();
    validator.addVocabulary(["openapi", "jsonSchemaDialect", "info", "servers", "tags", "paths", "components"]);
    const manifestSchema = await getJson("/schemas/agents.v1.json");
    validator.addSchema({ ...manifestSchema, $id: `${app.url}/schemas/agents.v1.json` });
    validator.addSchema(doc, `${app.url}/api/discovery`);
  });

  /** Validates a real answer against the schema the description gives for it. */
  async function expectDescribed(p: string, method: string, status: number, res: Response) {
    const type = (res.headers.get("content-type") ?? "").split(";")[0] as string;
    const route = Object.keys(doc.paths).find((k) => new RegExp(`^${k.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(p));
    expect(route, p).toBeDefined();
    const response = doc.paths[route as string][method].responses[String(status)];
    expect(response, `${method} ${p} ${status}`).toBeDefined();
    const at = ["paths", route, method, "responses", String(status), "content", type, "schema"];
    expect(response.content?.[type], `${method} ${p} ${status} ${type}`).toBeDefined();
    const ref = `${app.url}/api/discovery#${at.map((s) => `/${encodeURIComponent(String(s).replaceAll("~", "~0").replaceAll("/", "~1"))}`).join("")}`;
    const validate = validator.compile({ $ref: ref });
    expect(validate(await res.json()), `${method} ${p}: ${JSON.stringify(validate.errors)}`).toBe(true);
  }

  it("is the same document under both format names, with this server as its server", async () => {
    expect(await getJson("/api/discovery?format=openapi31")).toEqual(doc);
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.servers).toEqual([{ url: app.url }]);
    const plain = new Ajv2020({ allErrors: true });
    addFormats(plain);
    const structure = plain.compile(
      JSON.parse(fs.readFileSync(path.join(ROOT, "tests/fixtures/openapi-3.1-structure.schema.json"), "utf8")),
    );
    expect(structure(doc), JSON.stringify(structure.errors)).toBe(true);
  });

  it("describes the bodies the server really sends", async () => {
    for (const p of [
      `/api/play/audit/${SESSION}`,
      `/api/play/audit/${SESSION}?verify=1`,
      "/api/health",
      "/.well-known/jwks.json",
      "/.well-known/agents.json",
      "/.well-known/ai-plugin.json",
      "/api/discovery",
      "/mcp/server-card",
      "/.well-known/ai-catalog.json",
      "/.well-known/api-catalog",
    ]) {
      await expectDescribed(p.split("?")[0] as string, "get", 200, await get(p));
    }
    const demo = await fetch(`${app.url}/api/play/tamper-demo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sessionId: SESSION, mutation: "swap-entries" }),
    });
    expect(demo.headers.get("ratelimit-limit")).toBeTruthy();
    await expectDescribed("/api/play/tamper-demo", "post", 200, demo);
  });

  it("describes the registry's real answers: the list, a record, its pages", async () => {
    const first = await get("/api/registry?limit=2");
    const list = (await first.clone().json()) as Json;
    expect(list.records.length).toBeGreaterThan(0);
    await expectDescribed("/api/registry", "get", 200, first);
    if (list.nextCursor) {
      await expectDescribed("/api/registry", "get", 200, await get(`/api/registry?limit=2&cursor=${list.nextCursor}`));
    }
    await expectDescribed("/api/registry", "get", 200, await get("/api/registry?jurisdiction=AR&status=live"));
    for (const record of list.records as Json[]) {
      await expectDescribed(`/api/registry/${record.id}`, "get", 200, await get(`/api/registry/${record.id}`));
    }
  });

  it("describes the registry's real problems: 400, 401, 404 and the 422 with findings", async () => {
    await expectDescribed("/api/registry", "get", 400, await get("/api/registry?status=gone"));
    await expectDescribed("/api/registry/no-such-record", "get", 404, await get("/api/registry/no-such-record"));
    const write = (method: string, p: string, body: unknown) =>
      fetch(`${app.url}${p}`, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const listing = await write("POST", "/api/registry", { name: "", jurisdiction: "AR", publicUrl: "ftp://x" });
    expect(listing.status).toBe(422);
    expect(listing.headers.get("content-type")).toBe("application/problem+json");
    expect(((await listing.clone().json()) as Json).findings.length).toBeGreaterThan(1);
    await expectDescribed("/api/registry", "post", 422, listing);
    const patch = await write("PATCH", "/api/registry/sociedades-ia-referencia", { publicUrl: "https://x.example" });
    expect(patch.status).toBe(401);
    await expectDescribed("/api/registry/sociedades-ia-referencia", "patch", 401, patch);
  });

  it("describes the dry-run certifier's report", async () => {
    const res = await get(`/api/certifier?url=${encodeURIComponent(app.url)}`);
    expect(res.status).toBe(200);
    await expectDescribed("/api/certifier", "get", 200, res);
  });

  it("describes the problems the server really sends", async () => {
    await expectDescribed("/api/play/audit/bad", "get", 400, await get("/api/play/audit/bad"));
    await expectDescribed("/api/discovery", "get", 400, await get("/api/discovery?format=xml"));
    await expectDescribed("/schemas/none.json", "get", 404, await get("/schemas/none.json"));
  });
});

describe("caching and CORS for crawlers", () => {
  const documents = [
    "/.well-known/agents.json",
    "/.well-known/ai-plugin.json",
    "/api/discovery",
    "/api/discovery?format=openapi",
    "/llms.txt",
    "/schemas/agents.v1.json",
  ];

  it("sends a strong ETag, public max-age=300 and CORS *, and answers If-None-Match with 304", async () => {
    for (const p of documents) {
      const first = await get(p);
      const etag = first.headers.get("etag");
      expect(etag, p).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers.get("cache-control"), p).toBe("public, max-age=300");
      expect(first.headers.get("access-control-allow-origin"), p).toBe("*");
      expect(first.headers.get("access-control-expose-headers"), p).toMatch(/ETag/);
      await first.arrayBuffer();
      const again = await get(p, { "if-none-match": etag as string });
      expect(again.status, p).toBe(304);
      expect(again.headers.get("etag"), p).toBe(etag);
      expect(await again.text()).toBe("");
    }
  });

  it("answers HEAD with the GET headers and no body", async () => {
    for (const p of documents) {
      const getRes = await get(p);
      await getRes.arrayBuffer();
      const head = await fetch(`${app.url}${p}`, { method: "HEAD" });
      expect(head.status, p).toBe(200);
      expect(head.headers.get("etag"), p).toBe(getRes.headers.get("etag"));
      expect(head.headers.get("content-type"), p).toBe(getRes.headers.get("content-type"));
      expect(await head.text(), p).toBe("");
    }
  });

  it("answers a CORS preflight", async () => {
    const res = await fetch(`${app.url}/.well-known/agents.json`, {
      method: "OPTIONS",
      headers: { origin: "https://agent.example", "access-control-request-method": "GET" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toMatch(/GET/);
  });
});

describe("GET /schemas/{name}", () => {
  it("serves every .json file of schemas/ byte for byte as application/schema+json", async () => {
    const files = fs.readdirSync(path.join(ROOT, "schemas")).filter((f) => f.endsWith(".json"));
    expect(files).toContain("agents.v1.json");
    for (const file of files) {
      const res = await get(`/schemas/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/schema+json");
      expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(path.join(ROOT, "schemas", file))), file).toBe(
        true,
      );
    }
  });

  it("answers a name outside the folder's files with a 404 problem listing them, never another file", async () => {
    for (const name of [
      "none.json",
      "..%2Fpackage.json",
      "%2e%2e%2fpackage.json",
      "..%5Cpackage.json",
      ".env.example",
    ]) {
      const res = await get(`/schemas/${name}`);
      expect(res.status, name).toBe(404);
      const text = await res.text();
      expect(text, name).not.toContain('"dependencies"');
      if (res.headers.get("content-type") === "application/problem+json") {
        expect(JSON.parse(text).available, name).toContain("agents.v1.json");
      }
    }
  });
});

describe("GET /llms.txt", () => {
  it("is plain-text markdown with the crawl order, starting from the manifest", async () => {
    const res = await get("/llms.txt");
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await res.text();
    expect(text).toMatch(/^# /);
    expect(text).toContain("## Crawl order");
    expect(text).toContain(`1. \`GET ${app.url}/.well-known/agents.json\``);
    for (const url of urlsIn(await getJson("/.well-known/agents.json"), app.url)) {
      if (!url.includes("/schemas/")) expect(text, url).toContain(url);
    }
  });
});

describe("a deployment with its public URL and issuer configured", () => {
  let configured: AppServer;
  beforeAll(async () => {
    configured = await startApp({
      env: {
        PUBLIC_BASE_URL: "https://sia.example",
        ISSUER_TYPE: "sociedad-ia",
        ISSUER_OPERATOR_NAME: "Operadora Ejemplo SA",
        ISSUER_OPERATOR_CUIT: "30-71234567-1",
        ISSUER_SUPERVISION_REGIME: "rfc-001-v1",
        ISSUER_CONTACT_EMAIL: "ops@sia.example",
      },
    });
  });
  afterAll(() => configured?.stop());

  it("publishes the configured origin and issuer in its manifests", async () => {
    const manifest = (await (await fetch(`${configured.url}/.well-known/agents.json`)).json()) as Json;
    expect(urlsIn(manifest, "https://sia.example").length).toBeGreaterThan(15);
    expect(JSON.stringify(manifest)).not.toContain(configured.url);
    expect(manifest.issuer).toMatchObject({
      jurisdiction: "AR",
      type: "sociedad-ia",
      operatorName: "Operadora Ejemplo SA",
      operatorCuit: "30-71234567-1",
      supervisionRegime: "rfc-001-v1",
    });
    expect(manifest.maintainer).toEqual({ name: "Operadora Ejemplo SA", email: "ops@sia.example" });
    const plugin = (await (await fetch(`${configured.url}/.well-known/ai-plugin.json`)).json()) as Json;
    expect(plugin.contact_email).toBe("ops@sia.example");
    expect(plugin.api.url).toBe("https://sia.example/api/discovery?format=openapi");
  });

  it("refuses to start with an operator CUIT whose check digit is wrong", async () => {
    const result = await startAppExpectingFailure({ ISSUER_OPERATOR_CUIT: "30-71234567-2" });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/ISSUER_OPERATOR_CUIT: the check digit does not match/);
  });
});
