import { randomUUID } from "node:crypto";
import http from "node:http";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCheckpoint } from "@/packages/incorporate/src/tlog/checkpoint";
import { verifyInclusion } from "@/packages/incorporate/src/tlog/merkle-verify";
import { type AppServer, startApp } from "../support/app-server";
import { TYPICAL_INCORPORATION } from "../support/fixtures";

// biome-ignore lint/suspicious/noExplicitAny: MCP results and JSON documents are walked freely.
type Json = Record<string, any>;

const KEY = "mcp-agent-key-abcdefghijklmnopqrstuvwxyz";
const b64 = (text: string) => new Uint8Array(Buffer.from(text, "base64"));
const TOOL_ORDER = [
  "registry_search",
  "registry_get",
  "incorporation_check",
  "incorporate",
  "audit_read",
  "audit_verify",
  "describe_service",
  "log_checkpoint",
  "log_prove_inclusion",
  "log_prove_consistency",
];

let app: AppServer;
beforeAll(async () => {
  app = await startApp({ env: { INCORPORATE_API_KEYS: `mcp-agent:${KEY}` } });
});
afterAll(() => app?.stop());

const ERAS = [
  { era: "2026-07-28", options: { versionNegotiation: { mode: { pin: "2026-07-28" } } } },
  { era: "2025-11-25", options: {} },
  { era: "2025-06-18", options: { supportedProtocolVersions: ["2025-06-18"] } },
] as const;

async function connect(options: object, headers: Record<string, string> = {}, base = app.url): Promise<Client> {
  const client = new Client({ name: "mcp-test", version: "1.0.0" }, options as never);
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
  return client;
}

/** A client of the current revision on the server at `base`. */
const connectCurrent = (base: string) => connect({ versionNegotiation: { mode: { pin: "2026-07-28" } } }, {}, base);

const getJson = async (p: string) => (await fetch(`${app.url}${p}`)).json() as Promise<Json>;
const auditCount = async (sessionId: string) => (await getJson(`/api/play/audit/${sessionId}`)).count as number;
const registryIds = async () =>
  ((await getJson("/api/registry?limit=100")).records as Json[]).map((r) => r.id as string).sort();

/** The text of a tool result's content blocks. */
const textOf = (result: Json) => (result.content as Json[]).map((c) => c.text).join("\n");

describe.each(ERAS)("MCP clients of $era", ({ era, options }) => {
  let client: Client;
  let authed: Client;
  let tools: Json[];
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);

  /** Calls a tool and checks its structuredContent against the output schema tools/list declared. */
  async function call(name: string, args: Json, on: Client = client): Promise<Json> {
    const result = (await on.callTool({ name, arguments: args })) as Json;
    expect(result.isError ?? false, `${name}: ${textOf(result)}`).toBe(false);
    expect(textOf(result).length).toBeGreaterThan(0);
    const schema = tools.find((t) => t.name === name)?.outputSchema;
    const validate = ajv.compile(schema);
    expect(validate(result.structuredContent), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    return result.structuredContent;
  }

  beforeAll(async () => {
    client = await connect(options);
    authed = await connect(options, { authorization: `Bearer ${KEY}` });
    tools = (await client.listTools()).tools as Json[];
  });
  afterAll(async () => {
    await client?.close();
    await authed?.close();
  });

  it("negotiates the revision", () => {
    expect(client.getNegotiatedProtocolVersion()).toBe(era);
  });

  it("lists the tools in their fixed order, each with schemas and annotations", () => {
    expect(tools.map((t) => t.name)).toEqual(TOOL_ORDER);
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema.type, tool.name).toBe("object");
      expect(typeof tool.annotations.readOnlyHint, tool.name).toBe("boolean");
      expect(typeof tool.annotations.idempotentHint, tool.name).toBe("boolean");
      expect(tool.annotations.destructiveHint, tool.name).toBe(false);
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.incorporate.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true });
    expect(byName.incorporate.inputSchema.required).toEqual(expect.arrayContaining(["request", "idempotencyKey"]));
    expect(byName.registry_search.annotations.readOnlyHint).toBe(true);
  });

  it("searches the registry with filters and a cursor, and reads a record", async () => {
    const first = await call("registry_search", { limit: 1 });
    expect(first.count).toBe(1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const next = await call("registry_search", { limit: 1, cursor: first.nextCursor });
    expect(next.records[0].id).not.toBe(first.records[0].id);
    const rest = await fetch(`${app.url}/api/registry?limit=1&cursor=${next.nextCursor ?? ""}`);
    expect(rest.status).toBe(next.nextCursor ? 200 : 400);

    const ar = await call("registry_search", { jurisdiction: "AR" });
    expect(ar.records.every((r: Json) => r.jurisdiction === "AR")).toBe(true);
    expect(ar.filters.jurisdiction).toBe("AR");

    const record = await call("registry_get", { id: first.records[0].id });
    expect(record).toEqual(await getJson(`/api/registry/${first.records[0].id}`));
  });

  it("answers an unknown record and a foreign cursor as tool errors naming the problem", async () => {
    const missing = (await client.callTool({ name: "registry_get", arguments: { id: "no-such-company" } })) as Json;
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/^not_found:/);
    const first = await call("registry_search", { limit: 1 });
    const foreign = (await client.callTool({
      name: "registry_search",
      arguments: { limit: 1, status: "live", cursor: first.nextCursor },
    })) as Json;
    expect(foreign.isError).toBe(true);
    expect(textOf(foreign)).toMatch(/^invalid_query: .*cursor/);
  });

  it("checks a request: findings as data, nothing written", async () => {
    const sessionId = `mcp-check-${randomUUID().slice(0, 8)}`;
    const before = await registryIds();
    const good = await call("incorporation_check", { request: { ...TYPICAL_INCORPORATION, sessionId } });
    expect(good.valid).toBe(true);
    expect(good.rfc001.version).toBe("rfc-001-v1");
    const bad = await call("incorporation_check", {
      request: { ...TYPICAL_INCORPORATION, sessionId, denominacion: "Acme Agentes S.A." },
    });
    expect(bad.valid).toBe(false);
    const errors = bad.findings.filter((f: Json) => f.severity === "error");
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatchObject({ field: "denominacion", code: expect.any(String), message: expect.any(String) });
    expect(await auditCount(sessionId)).toBe(0);
    expect(await registryIds()).toEqual(before);
  });

  it("refuses arguments its schema rejects as a tool error, and writes nothing", async () => {
    const sessionId = `mcp-schema-${randomUUID().slice(0, 8)}`;
    const before = await registryIds();
    const result = (await authed.callTool({
      name: "incorporate",
      arguments: { request: { ...TYPICAL_INCORPORATION, sessionId, capitalSocial: "mucho" }, idempotencyKey: "k-1" },
    })) as Json;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/capitalSocial/);
    const noKey = (await authed.callTool({
      name: "incorporate",
      arguments: { request: { ...TYPICAL_INCORPORATION, sessionId } },
    })) as Json;
    expect(noKey.isError).toBe(true);
    expect(textOf(noKey)).toMatch(/idempotencyKey/);
    expect(await auditCount(sessionId)).toBe(0);
    expect(await registryIds()).toEqual(before);
  });

  it("refuses incorporate without the API key this deployment requires, and writes nothing", async () => {
    const sessionId = `mcp-nokey-${randomUUID().slice(0, 8)}`;
    const before = await registryIds();
    const result = (await client.callTool({
      name: "incorporate",
      arguments: { request: { ...TYPICAL_INCORPORATION, sessionId }, idempotencyKey: randomUUID() },
    })) as Json;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^unauthorized: .*Bearer/);
    const wrong = await connect(options, { authorization: "Bearer not-the-key-of-this-deployment-000" });
    const refused = (await wrong.callTool({
      name: "incorporate",
      arguments: { request: { ...TYPICAL_INCORPORATION, sessionId }, idempotencyKey: randomUUID() },
    })) as Json;
    await wrong.close();
    expect(textOf(refused)).toMatch(/^unauthorized:/);
    expect(await auditCount(sessionId)).toBe(0);
    expect(await registryIds()).toEqual(before);
  });

  it("incorporates, replays the same answer for the same key, and the entry verifies like any other", async () => {
    const sessionId = `mcp-inc-${era}-${randomUUID().slice(0, 8)}`;
    const denominacion = `Acme Agentes ${era.replaceAll("-", "")} Automatizada SOCIEDAD-IA`;
    const args = { request: { ...TYPICAL_INCORPORATION, denominacion, sessionId }, idempotencyKey: randomUUID() };
    const answer = await call("incorporate", args, authed);
    expect(answer.ok).toBe(true);
    expect(Object.keys(answer.config)).toEqual(["package.json", "lib/agent.ts", ".env.example", "README.md"]);
    expect(answer.checklist).toHaveLength(8);
    expect(answer.audit).toMatchObject({ sessionId, sessionToken: expect.any(String) });
    expect(answer.audit.entry).toMatchObject({ id: `${sessionId}:0`, actor: "key:mcp-agent", outcome: "ok" });

    const replay = await call("incorporate", args, authed);
    // As on REST: a replay carries no one-time secret, and the receipt of the same log leaf.
    const { sessionToken: _t, ...audit } = answer.audit;
    expect(answer.transparency.index).toBeGreaterThanOrEqual(0);
    const { index, leafHash } = answer.transparency;
    expect(replay.transparency).toMatchObject({ index, leafHash });
    expect(replay).toEqual({
      ...answer,
      audit,
      registry: { ...answer.registry, claimToken: null },
      transparency: replay.transparency,
    });
    expect(await auditCount(sessionId)).toBe(1);

    // The entry reads and verifies over REST, over MCP and through the resource, all the same way.
    const rest = await getJson(`/api/play/audit/${sessionId}?verify=1`);
    expect(rest.verification).toMatchObject({ total: 1, verified: 1, tampered: 0, checkpoint: "valid" });
    expect(rest.entries[0]).toEqual(answer.audit.entry);
    const verified = await call("audit_verify", { sessionId });
    expect(verified.verification).toEqual(rest.verification);
    expect(verified.checkpoint).toBe(rest.checkpoint);
    const read = await call("audit_read", { sessionId });
    expect(read.entries).toEqual(rest.entries);
    expect(read.verification).toBeUndefined();
    const resource = await client.readResource({ uri: `sia://audit/${sessionId}` });
    expect(JSON.parse((resource.contents[0] as Json).text).entries).toEqual(rest.entries);

    // A refused request is recorded as the REST endpoint records it, and comes back as a tool error.
    const refused = (await authed.callTool({
      name: "incorporate",
      arguments: {
        request: { ...TYPICAL_INCORPORATION, denominacion: "Acme Agentes S.A.", sessionId },
        idempotencyKey: randomUUID(),
        sessionToken: answer.audit.sessionToken,
      },
    })) as Json;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/denominacion/);
    expect((await getJson(`/api/play/audit/${sessionId}?verify=1`)).verification).toMatchObject({
      total: 2,
      tampered: 0,
    });
  });

  it("gives the transparency log's checkpoint and proofs that verify with the client package", async () => {
    const head = await call("log_checkpoint", {});
    const { checkpoint } = await openCheckpoint(head.checkpoint, head.vkey, { origin: head.origin });
    expect(checkpoint.size).toBe(head.size);
    const included = await call("log_prove_inclusion", { index: 0 });
    verifyInclusion(b64(included.leafHash), 0, included.size, included.hashes.map(b64), checkpoint.root);
    if (head.size > 1) {
      const consistent = await call("log_prove_consistency", { from: 1, to: head.size });
      expect(consistent.to).toBe(head.size);
    }
    // An index beyond the log is refused as a tool error, never a crash.
    const beyond = await client.callTool({ name: "log_prove_inclusion", arguments: { index: head.size + 10 } });
    expect(beyond.isError).toBe(true);
  });

  it("describes the service with links that answer", async () => {
    const described = await call("describe_service", {});
    expect(described.mcpEndpoint).toBe(`${app.url}/mcp`);
    expect(described.incorporateAuth).toBe("bearer");
    for (const url of Object.values(described.documents) as string[]) {
      expect((await fetch(url)).status, url).toBe(200);
    }
  });

  it("reads the resources: a record, a log and the test vectors", async () => {
    const templates = (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate);
    expect(templates).toEqual(["sia://registry/{id}", "sia://audit/{sessionId}"]);
    const listed = (await client.listResources()).resources.map((r) => r.uri);
    expect(listed).toEqual(["sia://test-vectors/audit-v1"]);
    const record = await client.readResource({ uri: "sia://registry/sociedades-ia-referencia" });
    expect(JSON.parse((record.contents[0] as Json).text)).toEqual(
      await getJson("/api/registry/sociedades-ia-referencia"),
    );
    const vectors = await client.readResource({ uri: "sia://test-vectors/audit-v1" });
    expect(JSON.parse((vectors.contents[0] as Json).text)).toEqual(await getJson("/test-vectors/audit-v1.json"));
    await expect(client.readResource({ uri: "sia://registry/no-such-company" })).rejects.toThrow(/not found/i);
  });

  it("offers the incorporar prompt in Spanish and English", async () => {
    const prompts = (await client.listPrompts()).prompts;
    expect(prompts.map((p) => p.name)).toEqual(["incorporar"]);
    const es = await client.getPrompt({ name: "incorporar", arguments: { denominacion: "Acme SOCIEDAD-IA" } });
    const esText = String((es.messages[0]?.content as Json | undefined)?.text);
    expect(esText).toMatch(/Acme SOCIEDAD-IA/);
    expect(esText).toMatch(/incorporation_check[\s\S]*incorporate[\s\S]*audit_verify/);
    expect(esText).toMatch(/pendiente de ley/);
    const en = await client.getPrompt({ name: "incorporar", arguments: { lang: "en" } });
    expect((en.messages[0]?.content as Json | undefined)?.text).toMatch(/pending law/);
  });
});

/** A 2026-07-28 request as the SDK's client sends it: the envelope in _meta and the routing headers. */
function modern(method: string, params: Json = {}, name?: string) {
  const meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1.0.0" },
    "io.modelcontextprotocol/clientCapabilities": {},
  };
  return {
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": method,
      ...(name ? { "mcp-name": name } : {}),
    } as Record<string, string>,
    body: { jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: meta } } as Json,
  };
}

async function post(headers: Record<string, string>, body: string) {
  const res = await fetch(`${app.url}/mcp`, { method: "POST", headers, body });
  const text = await res.text();
  // A 2025-era answer may come as one server-sent event: its data line is the JSON-RPC message.
  const data = text.startsWith("event:") ? (/^data: (.*)$/m.exec(text)?.[1] ?? "") : text;
  return { status: res.status, type: res.headers.get("content-type") ?? "", text, json: JSON.parse(data) as Json };
}

describe("cache hints of the 2026-07-28 results", () => {
  it("tells how long each resource and list may be kept, and for whom", async () => {
    const read = async (uri: string) => {
      const { headers, body } = modern("resources/read", { uri });
      headers["mcp-name"] = uri;
      const res = await post(headers, JSON.stringify(body));
      expect(res.status, res.text).toBe(200);
      return res.json.result as Json;
    };
    const record = await read("sia://registry/sociedades-ia-referencia");
    expect(record).toMatchObject({ ttlMs: 60_000, cacheScope: "public" });
    expect(await read(`sia://audit/mcp-cache-${randomUUID().slice(0, 8)}`)).toMatchObject({
      ttlMs: 5_000,
      cacheScope: "public",
    });
    expect(await read("sia://test-vectors/audit-v1")).toMatchObject({ ttlMs: 86_400_000, cacheScope: "public" });
    const { headers, body } = modern("tools/list");
    expect((await post(headers, JSON.stringify(body))).json.result).toMatchObject({
      ttlMs: 300_000,
      cacheScope: "public",
    });
  });
});

describe("hostile input to /mcp", () => {
  const sessionId = `mcp-hostile-${randomUUID().slice(0, 8)}`;
  const incorporateCall = () =>
    modern(
      "tools/call",
      {
        name: "incorporate",
        arguments: { request: { ...TYPICAL_INCORPORATION, sessionId }, idempotencyKey: randomUUID() },
      },
      "incorporate",
    );
  let before: string[];
  beforeAll(async () => {
    before = await registryIds();
  });

  it("answers a 10 MB body with 413 as a JSON-RPC error", async () => {
    const { headers, body } = incorporateCall();
    body.params.arguments.request.objeto = "x".repeat(10 * 1024 * 1024);
    const res = await post({ ...headers, authorization: `Bearer ${KEY}` }, JSON.stringify(body));
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
  });

  it("answers deep nesting with a JSON-RPC error before parsing it", async () => {
    const { headers } = incorporateCall();
    const deep = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"incorporate","arguments":${"[".repeat(5000)}${"]".repeat(5000)}}}`;
    const res = await post(headers, deep);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: -32600, message: expect.stringMatching(/levels deep/) });
  });

  it("answers malformed JSON with a parse error", async () => {
    const res = await post(incorporateCall().headers, '{"jsonrpc":"2.0",');
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe(-32700);
  });

  it("answers an unknown method with method-not-found, in both eras", async () => {
    const { headers, body } = modern("companies/seize");
    const res = await post(headers, JSON.stringify(body));
    expect(res.json.error.code).toBe(-32601);
    const legacy = await post(
      { "content-type": "application/json", accept: "application/json, text/event-stream" },
      JSON.stringify({ jsonrpc: "2.0", id: 7, method: "companies/seize", params: {} }),
    );
    expect(legacy.json.error.code).toBe(-32601);
  });

  it("refuses a batch array", async () => {
    const { headers, body } = incorporateCall();
    const res = await post(headers, JSON.stringify([body, body]));
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: -32600, message: expect.stringMatching(/Batch/) });
  });

  it("refuses a protocol version it does not serve, naming the ones it does", async () => {
    const { headers, body } = incorporateCall();
    body.params._meta["io.modelcontextprotocol/protocolVersion"] = "2099-01-01";
    const res = await post({ ...headers, "mcp-protocol-version": "2099-01-01" }, JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.json.error.data.supported).toContain("2026-07-28");
    const legacy = await post(
      {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "1999-01-01",
      },
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    );
    expect(legacy.status).toBe(400);
    expect(legacy.text).toMatch(/[Uu]nsupported protocol version/);
  });

  it("refuses headers that disagree with the body", async () => {
    const { headers, body } = incorporateCall();
    const res = await post({ ...headers, "mcp-name": "registry_search" }, JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe(-32020);
    const method = await post({ ...headers, "mcp-method": "tools/list" }, JSON.stringify(body));
    expect(method.status).toBe(400);
    expect(method.json.error.code).toBe(-32020);
  });

  it("refuses a foreign Origin and a foreign Host (DNS rebinding) with 403", async () => {
    const { headers, body } = modern("tools/list");
    const res = await post({ ...headers, origin: "http://evil.example.com" }, JSON.stringify(body));
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
    const port = new URL(app.url).port;
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port, path: "/mcp", method: "POST", headers: { ...headers, host: "evil.example.com" } },
        (r) => {
          r.resume();
          resolve(r.statusCode ?? 0);
        },
      );
      req.once("error", reject);
      req.end(JSON.stringify(body));
    });
    expect(status).toBe(403);
    // The service's own origin passes.
    const own = await post({ ...headers, origin: app.url }, JSON.stringify(body));
    expect(own.status).toBe(200);
  });

  it("answers GET, DELETE and the other methods with a JSON-RPC 405", async () => {
    for (const method of ["GET", "DELETE", "PUT", "PATCH"]) {
      const res = await fetch(`${app.url}/mcp`, { method, headers: { accept: "text/event-stream" } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect(((await res.json()) as Json).error.code, method).toBe(-32600);
    }
  });

  it("wrote nothing for any of them", async () => {
    expect(await auditCount(sessionId)).toBe(0);
    expect(await registryIds()).toEqual(before);
  });
});

describe("the rest of the service next to /mcp", () => {
  it("keeps answering every other route after /mcp has been loaded", async () => {
    const { headers, body } = modern("tools/list");
    expect((await post(headers, JSON.stringify(body))).status).toBe(200);
    for (const p of ["/", "/api/health", "/api/registry", "/.well-known/agents.json", "/registro", "/llms.txt"]) {
      const res = await fetch(`${app.url}${p}`);
      expect(res.status, p).toBe(200);
    }
    const home = await fetch(`${app.url}/`);
    expect(home.headers.get("link")).toMatch(/<\/\.well-known\/api-catalog>; rel="api-catalog"/);
    expect(home.headers.get("link")).toMatch(/<\/\.well-known\/ai-catalog\.json>; rel="ai-catalog"/);
  });
});

describe("rate limits over MCP", () => {
  let limited: AppServer;
  beforeAll(async () => {
    limited = await startApp({ env: { RATE_LIMIT_INCORPORATE: "1/1h" } });
  });
  afterAll(() => limited?.stop());

  it("counts incorporate against the incorporation limit the REST route uses, and writes nothing over it", async () => {
    const client = await connectCurrent(limited.url);
    const incorporate = (sessionId: string) =>
      client.callTool({
        name: "incorporate",
        arguments: { request: { ...TYPICAL_INCORPORATION, sessionId }, idempotencyKey: randomUUID() },
      }) as Promise<Json>;
    const first = await incorporate(`mcp-limit-a-${randomUUID().slice(0, 8)}`);
    expect(first.isError ?? false, textOf(first)).toBe(false);
    const second = `mcp-limit-b-${randomUUID().slice(0, 8)}`;
    const over = await incorporate(second);
    expect(over.isError).toBe(true);
    expect(textOf(over)).toMatch(/^rate_limited: Too many requests from your address: at most 1 per /);
    // The REST route shares the budget: it is spent there too.
    const rest = await fetch(`${limited.url}/api/auto-incorporate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...TYPICAL_INCORPORATION, sessionId: second }),
    });
    expect(rest.status).toBe(429);
    expect(((await (await fetch(`${limited.url}/api/play/audit/${second}`)).json()) as Json).count).toBe(0);
    // The read budget is another one: reads go on.
    for (let i = 0; i < 3; i++) {
      expect(
        ((await client.callTool({ name: "registry_search", arguments: { limit: 1 } })) as Json).isError,
      ).toBeFalsy();
    }
    await client.close();
  });
});

describe("the read limit over MCP", () => {
  let limited: AppServer;
  beforeAll(async () => {
    limited = await startApp({ env: { RATE_LIMIT_READ: "3/1m" } });
  });
  afterAll(() => limited?.stop());

  it("counts audit reads and resource reads against RATE_LIMIT_READ, as their REST routes are", async () => {
    const client = await connectCurrent(limited.url);
    const sessionId = `mcp-read-limit-${randomUUID().slice(0, 8)}`;
    const read = () => client.callTool({ name: "audit_read", arguments: { sessionId } }) as Promise<Json>;
    expect((await read()).isError ?? false).toBe(false);
    const verify = (await client.callTool({ name: "audit_verify", arguments: { sessionId } })) as Json;
    expect(verify.isError ?? false).toBe(false);
    const resource = await client.readResource({ uri: `sia://audit/${sessionId}` });
    expect(JSON.parse((resource.contents[0] as Json).text).sessionId).toBe(sessionId);
    // The budget of 3 is spent: the tool says why, the resource read is a JSON-RPC error that says so.
    const over = await read();
    expect(over.isError).toBe(true);
    expect(textOf(over)).toMatch(/^rate_limited: Too many requests from your address: at most 3 read units /);
    // Another URI than above: the client keeps a read for its cache hint.
    await expect(client.readResource({ uri: `sia://audit/${sessionId}-2` })).rejects.toThrow(/rate_limited: /);
    await expect(client.readResource({ uri: "sia://registry/sociedades-ia-referencia" })).rejects.toThrow(
      /rate_limited: /,
    );
    // The REST read shares the budget.
    expect((await fetch(`${limited.url}/api/play/audit/${sessionId}`)).status).toBe(429);
    await client.close();
  });
});
