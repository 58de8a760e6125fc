import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { openCheckpoint, verifyInclusion } from "@sociedades-ia/incorporate/tlog";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";
import { DESCRIBING_DOCUMENTS, FIXTURE_MARKS } from "../support/conformance/fixture-marks";
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
  // Three eras of calls incorporate more than the default hourly budget allows.
  app = await startApp({ env: { INCORPORATE_API_KEYS: `mcp-agent:${KEY}`, RATE_LIMIT_INCORPORATE: "1000/1h" } });
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

/** What a host that hands the model only `content` gives it: the JSON after the summary line. */
const dataOf = (result: Json): Json => {
  const text = textOf(result);
  return JSON.parse(text.slice(text.indexOf("\n") + 1));
};

/** One request with six mistakes, two of them of shape (a capital that is no number, an e-mail that is none). */
const SIX_MISTAKES = {
  denominacion: "A",
  tipo: "XYZ",
  capitalSocial: "mucho",
  objeto: "corto",
  representante: { nombre: "Ana Pérez", cuit: "20-12345678-0" },
  emailContacto: 42,
};
const SIX_CODES = [
  "tipo_unknown",
  "denominacion_length",
  "invalid_type",
  "objeto_length",
  "representante_cuit_invalid",
  "email_invalid",
];

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
    // One summary line, then the structured content itself as JSON: a content-only host loses nothing.
    expect(textOf(result).split("\n")[0]?.length).toBeGreaterThan(0);
    expect(dataOf(result)).toEqual(result.structuredContent);
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
    const sessionId = randomUUID();
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

  it("refuses arguments outside the request as a tool error naming the argument, and writes nothing", async () => {
    const sessionId = randomUUID();
    const before = await registryIds();
    const noKey = (await authed.callTool({
      name: "incorporate",
      arguments: { request: { ...TYPICAL_INCORPORATION, sessionId }, lang: "en" },
    })) as Json;
    expect(noKey.isError).toBe(true);
    expect(textOf(noKey)).toMatch(/^invalid_request: .*\n- idempotencyKey: missing/);
    const notObject = (await authed.callTool({
      name: "incorporate",
      arguments: { request: "una sociedad", idempotencyKey: "k-1", lang: "en" },
    })) as Json;
    expect(textOf(notObject)).toMatch(/^invalid_request: .*\n- request: must be object/);
    expect(await auditCount(sessionId)).toBe(0);
    expect(await registryIds()).toEqual(before);
  });

  it("answers six mistakes with six coded findings in the language asked for, shape mistakes included", async () => {
    for (const lang of ["en", "es"] as const) {
      const checked = await call("incorporation_check", { request: SIX_MISTAKES, lang });
      expect(checked.valid).toBe(false);
      expect(checked.findings.map((f: Json) => f.code)).toEqual(SIX_CODES);
      expect(checked.findings.find((f: Json) => f.code === "tipo_unknown").message).toMatch(
        lang === "en" ? /^The type must be/ : /^El tipo debe ser/,
      );
      expect(checked.rfc001.conformant).toBe(false);
      // incorporate refuses with the same findings, in its text, and records the refusal as REST does.
      const sessionId = randomUUID();
      const refused = (await authed.callTool({
        name: "incorporate",
        arguments: { request: { ...SIX_MISTAKES, sessionId }, idempotencyKey: randomUUID(), lang },
      })) as Json;
      expect(refused.isError).toBe(true);
      const [head, ...lines] = textOf(refused).split("\n");
      expect(head).toMatch(lang === "en" ? /^The request has 6 error finding/ : /^El pedido tiene 6 hallazgo/);
      for (const code of SIX_CODES) expect(lines.join("\n")).toContain(`(${code})`);
      const body = JSON.parse(lines.at(-1) ?? "") as Json;
      expect(body.validation.findings).toEqual(checked.findings);
      expect(await auditCount(sessionId)).toBe(1);
    }
  });

  it("refuses unknown arguments with the list of the real ones, and changes nothing", async () => {
    const before = await registryIds();
    const misspelt = (await client.callTool({
      name: "registry_search",
      arguments: { name: "Acme", lang: "en" },
    })) as Json;
    expect(misspelt.isError).toBe(true);
    expect(textOf(misspelt)).toMatch(
      /^invalid_request: "name" is not an argument of registry_search\. Its arguments: jurisdiction, type, status, q, limit, cursor, lang\./,
    );
    expect(dataOf(misspelt)).toMatchObject({ unknownArguments: ["name"] });
    const es = (await authed.callTool({
      name: "incorporate",
      arguments: { request: TYPICAL_INCORPORATION, idempotencyKey: randomUUID(), token: "x", apiKey: "y" },
    })) as Json;
    expect(textOf(es)).toMatch(
      /^invalid_request: "token", "apiKey" no son argumentos de incorporate\. Sus argumentos: request, idempotencyKey, sessionToken, lang\./,
    );
    expect(await registryIds()).toEqual(before);
  });

  it("refuses incorporate without the API key this deployment requires, and writes nothing", async () => {
    const sessionId = randomUUID();
    const before = await registryIds();
    const result = (await client.callTool({
      name: "incorporate",
      arguments: { request: { ...TYPICAL_INCORPORATION, sessionId }, idempotencyKey: randomUUID() },
    })) as Json;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^unauthorized: .*configure la conexión MCP .*'Authorization: Bearer <clave>'/);
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
    const sessionId = randomUUID();
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

  it("lets a host that shows the model only content incorporate, read, verify and prove inclusion", async () => {
    // Everything below is read from the text blocks alone, as such a host's model would.
    const sessionId = randomUUID();
    const denominacion = `Texto Solo ${era.replaceAll("-", "")} ${sessionId.slice(-8)} Automatizada SOCIEDAD-IA`;
    const request = { ...TYPICAL_INCORPORATION, denominacion, sessionId };
    const made = (await authed.callTool({
      name: "incorporate",
      arguments: { request, idempotencyKey: randomUUID(), lang: "en" },
    })) as Json;
    expect(made.isError ?? false, textOf(made)).toBe(false);
    expect(textOf(made).split("\n")[0]).toMatch(
      /^Incorporated; audit entry .*:0, transparency log leaf \d+\. Keep audit\.sessionToken/,
    );
    const answer = dataOf(made);
    expect(answer.audit.sessionToken).toEqual(expect.any(String));
    expect(answer.registry.claimToken).toEqual(expect.any(String));
    expect(Object.keys(answer.config)).toEqual(["package.json", "lib/agent.ts", ".env.example", "README.md"]);
    const { index } = answer.transparency;

    // A second write to the session needs its token: the refusal names the argument to pass it in.
    const again = { request: { ...request, capitalSocial: 3_000_000 }, idempotencyKey: randomUUID(), lang: "en" };
    const refused = (await authed.callTool({ name: "incorporate", arguments: again })) as Json;
    expect(textOf(refused)).toMatch(/^session_token_required: .*as the sessionToken argument/);
    expect(textOf(refused)).not.toMatch(/x-session-token/i);
    const wrong = (await authed.callTool({
      name: "incorporate",
      arguments: { ...again, sessionToken: "nope", lang: "es" },
    })) as Json;
    expect(textOf(wrong)).toMatch(/^session_token_invalid: el argumento sessionToken no es/);
    const second = (await authed.callTool({
      name: "incorporate",
      arguments: { ...again, sessionToken: answer.audit.sessionToken },
    })) as Json;
    expect(second.isError ?? false, textOf(second)).toBe(false);

    const read = dataOf((await client.callTool({ name: "audit_read", arguments: { sessionId } })) as Json);
    expect(read.entries.map((e: Json) => e.id)).toEqual([`${sessionId}:0`, `${sessionId}:1`]);
    const verified = (await client.callTool({ name: "audit_verify", arguments: { sessionId, lang: "en" } })) as Json;
    expect(textOf(verified).split("\n")[0]).toMatch(/: VERIFIED: every check passed\. Entries: all 2 verify/);
    expect(dataOf(verified).verification).toMatchObject({ total: 2, verified: 2, tampered: 0, checkpoint: "valid" });

    const head = dataOf((await client.callTool({ name: "log_checkpoint", arguments: {} })) as Json);
    const { checkpoint } = await openCheckpoint(head.checkpoint, head.vkey, { origin: head.origin });
    expect(checkpoint.size).toBeGreaterThan(index);
    const proved = (await client.callTool({
      name: "log_prove_inclusion",
      arguments: { index, size: checkpoint.size },
    })) as Json;
    const proof = dataOf(proved);
    expect(proof.leafHash).toBe(answer.transparency.leafHash);
    verifyInclusion(b64(proof.leafHash), index, proof.size, proof.hashes.map(b64), checkpoint.root);

    // The name filter finds the company by its name, and registry_get takes that name as well as the id.
    const found = dataOf(
      (await client.callTool({
        name: "registry_search",
        arguments: { q: denominacion.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "") },
      })) as Json,
    );
    expect(found.records.map((r: Json) => r.id)).toEqual([answer.registry.record.id]);
    expect(
      textOf((await client.callTool({ name: "registry_search", arguments: { q: denominacion } })) as Json),
    ).toContain(`ids: ${answer.registry.record.id}`);
    const byName = dataOf((await client.callTool({ name: "registry_get", arguments: { id: denominacion } })) as Json);
    expect(byName.id).toBe(answer.registry.record.id);
    // REST takes the same filter, accents and case aside.
    const rest = await getJson(`/api/registry?q=${encodeURIComponent(denominacion.toUpperCase())}`);
    expect(rest.records.map((r: Json) => r.id)).toEqual([answer.registry.record.id]);
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

describe("the conformance suite's fixtures, off by default", () => {
  it("are neither served, listed nor described, and the server says nothing of them", async () => {
    const client = await connectCurrent(app.url);
    try {
      const lists = [
        await client.listTools(),
        await client.listPrompts(),
        await client.listResources(),
        await client.listResourceTemplates(),
      ];
      for (const mark of FIXTURE_MARKS) expect(JSON.stringify(lists)).not.toContain(mark);
      const called = await client.callTool({ name: "test_simple_text", arguments: {} }).catch((err: Error) => err);
      expect(JSON.stringify(called instanceof Error ? called.message : called)).toMatch(/not found/i);
      expect(JSON.stringify(called)).not.toContain("This is a simple text response");
    } finally {
      await client.close();
    }
    for (const doc of DESCRIBING_DOCUMENTS) {
      const text = await (await fetch(`${app.url}${doc}`)).text();
      for (const mark of FIXTURE_MARKS) expect(text, doc).not.toContain(mark);
    }
    const serverJson = fs.readFileSync(path.resolve(import.meta.dirname, "../../server.json"), "utf8");
    for (const mark of FIXTURE_MARKS) expect(serverJson).not.toContain(mark);
    expect(app.output()).not.toContain("MCP_CONFORMANCE_FIXTURES");
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

/** A request with a Host header fetch() would not send: through node:http. */
function rawRequest(port: string, options: http.RequestOptions, body?: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, ...options }, (r) => {
      let text = "";
      r.setEncoding("utf8");
      r.on("data", (d) => {
        text += d;
      });
      r.on("end", () => resolve({ status: r.statusCode ?? 0, text }));
    });
    req.once("error", reject);
    req.end(body);
  });
}
const rawPost = (port: string, headers: Record<string, string>, body: string) =>
  rawRequest(port, { path: "/mcp", method: "POST", headers }, body);
const rawGet = (port: string, path: string, host: string) =>
  rawRequest(port, { path, method: "GET", headers: { host } });

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
  const sessionId = randomUUID();
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
    // Both eras name exactly the revisions docs/mcp.md and the server card give.
    const card = await getJson("/mcp/server-card");
    const served = card.remotes[0].supportedProtocolVersions;
    expect(served).toEqual(["2026-07-28", "2025-11-25", "2025-06-18"]);
    expect(legacy.json.error).toMatchObject({ code: -32022, data: { supported: served, requested: "1999-01-01" } });
    // 2025-03-26 (which would require batches) and 2024-11-05 are not served: refused by header...
    for (const version of ["2025-03-26", "2024-11-05"]) {
      const old = await post(
        {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": version,
        },
        JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list", params: {} }),
      );
      expect(old.status, version).toBe(400);
      expect(old.json).toMatchObject({ id: 3, error: { code: -32022, data: { supported: served } } });
    }
  });

  it("offers the newest 2025 revision to a client that asks for an older one", async () => {
    for (const version of ["2025-03-26", "2024-11-05"]) {
      const res = await post(
        { "content-type": "application/json", accept: "application/json, text/event-stream" },
        JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: version, capabilities: {}, clientInfo: { name: "old", version: "1" } },
        }),
      );
      expect(res.status, version).toBe(200);
      expect(res.json.result.protocolVersion, version).toBe("2025-11-25");
    }
  });

  it("answers a Host with user information with a 400, never a 500", async () => {
    const { headers, body } = modern("tools/list");
    const port = new URL(app.url).port;
    for (const host of [`evil@127.0.0.1:${port}`, `a:b@localhost:${port}`]) {
      const { status, text } = await rawPost(port, { ...headers, host }, JSON.stringify(body));
      expect(status, host).toBe(400);
      expect(JSON.parse(text).error.code, host).toBe(-32600);
      for (const p of ["/api/registry", "/.well-known/agents.json", "/mcp/server-card"]) {
        expect((await rawGet(port, p, host)).status, `${p} ${host}`).toBeLessThan(500);
      }
    }
  });

  it("logs a hostile tool name as one bounded, escaped line, and writes no line of its own", async () => {
    const forged = `x\n[incorporation] forged line ${randomUUID()}\n${"y".repeat(60_000)}`;
    const { headers, body } = modern("tools/call", { name: forged, arguments: {} });
    headers["mcp-name"] = "registry_search";
    await post(headers, JSON.stringify(body));
    const legacy = await post(
      {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-11-25",
      },
      JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: forged, arguments: {} } }),
    );
    expect(legacy.status).toBeLessThan(500);
    const log = app.output();
    expect(log).not.toMatch(/^\[incorporation\] forged line/m);
    for (const line of log.split("\n").filter((l) => l.includes("forged line"))) {
      expect(line.length).toBeLessThan(1_000);
    }
  });

  it("closes the connection after answering a body it did not read", async () => {
    const port = new URL(app.url).port;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1", () => {
        socket.write(
          `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n${"x".repeat(100_000)}`,
        );
      });
      let got = "";
      socket.on("data", (d) => {
        got += d;
      });
      // Resolves only when the server closes: a connection held open would time the test out.
      socket.on("end", () => resolve(got));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
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
    const first = await incorporate(randomUUID());
    expect(first.isError ?? false, textOf(first)).toBe(false);
    const second = randomUUID();
    const over = await incorporate(second);
    expect(over.isError).toBe(true);
    expect(textOf(over)).toMatch(/^rate_limited: demasiados pedidos desde tu dirección: esperá \d+ s/);
    expect(dataOf(over)).toMatchObject({ code: "rate_limited", limit: 1, retryAfterSeconds: expect.any(Number) });
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
    expect(textOf(over)).toMatch(/^rate_limited: /);
    expect(dataOf(over)).toMatchObject({ code: "rate_limited", limit: 3 });
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
