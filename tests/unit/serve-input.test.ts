import { describe, expect, it } from "vitest";
import * as auditApi from "@/lib/api/audit";
import * as registryApi from "@/lib/api/registry";
import * as logApi from "@/lib/api/transparency-log";
import * as witnessApi from "@/lib/api/witness";
import * as discoveryApi from "@/lib/discovery/handlers";
import { type EndpointSpec, serve } from "@/lib/endpoint/endpoint";
import { json } from "@/lib/http/handler";

// The declared path and query schemas, parsed by serve(): each declaration is served as it is for
// its refusals (they come before the handler, so nothing is read), and with a handler that echoes
// what it was handed for what it accepts.

type Json = Record<string, unknown>;

const echo = (endpoint: EndpointSpec): EndpointSpec => ({
  ...endpoint,
  rateLimit: undefined,
  handle: async (_request, { params, query }) => json({ params, query }),
});

async function call(endpoint: EndpointSpec, target: string, params: Record<string, string | string[]> = {}) {
  const { GET } = serve(endpoint);
  const res = await GET(new Request(`http://t${target}`), { params: Promise.resolve(params) });
  return { status: res.status, type: res.headers.get("content-type"), body: (await res.json()) as Json };
}

describe("the transparency log's paths and queries", () => {
  it("hands the proof handlers numbers", async () => {
    const proof = await call(echo(logApi.getLogInclusionProof), "/log/proof/7?size=12", { index: "7" });
    expect(proof.body).toEqual({ params: { index: 7 }, query: { size: 12 } });
    const latest = await call(echo(logApi.getLogInclusionProof), "/log/proof/0", { index: "0" });
    expect(latest.body).toEqual({ params: { index: 0 }, query: {} });
    const consistency = await call(echo(logApi.getLogConsistencyProof), "/log/consistency?from=3&to=9");
    expect(consistency.body).toEqual({ params: {}, query: { from: 3, to: 9 } });
  });

  it.each([
    ["/log/proof/abc", "abc", "index"],
    ["/log/proof/-1", "-1", "index"],
    ["/log/proof/01", "01", "index"],
    ["/log/proof/1e3", "1e3", "index"],
    ["/log/proof/0?size=0", "0", "size"],
    ["/log/proof/0?size=%201", "0", "size"],
    ["/log/proof/0?size=1&size=2", "0", "size"],
  ])("refuses %s with 400 invalid_query naming the parameter", async (target, index, parameter) => {
    const res = await call(logApi.getLogInclusionProof, target, { index });
    expect(res.status).toBe(400);
    expect(res.type).toBe("application/problem+json");
    expect(res.body).toMatchObject({ code: "invalid_query", parameter });
    expect(res.body.detail).toContain(parameter);
  });

  it("says what a missing or malformed size is", async () => {
    const missing = await call(logApi.getLogConsistencyProof, "/log/consistency?to=4");
    expect(missing.body).toMatchObject({ code: "invalid_query", parameter: "from" });
    expect(missing.body.detail).toBe("Query parameter from is required: The older tree size (a checkpoint you kept).");
    const half = await call(logApi.getLogConsistencyProof, "/log/consistency?from=1.5");
    expect(half.body).toMatchObject({ code: "invalid_query", parameter: "from", min: 1 });
    expect(half.body.detail).toBe(
      'Query parameter from takes a whole number of at least 1, written plainly (got "1.5").',
    );
  });

  it("hands the tile handler the parsed tile, and refuses a path that is not one", async () => {
    const tile = await call(echo(logApi.getLogTile), "/log/tile/1/x001/234.p/7", { path: ["1", "x001", "234.p", "7"] });
    expect(tile.body.params).toEqual({ path: { kind: "tile", level: 1, index: 1234, width: 7 } });
    const bundle = await call(echo(logApi.getLogTile), "/log/tile/entries/000", { path: ["entries", "000"] });
    expect(bundle.body.params).toEqual({ path: { kind: "entries", index: 0, width: 256 } });
    const bad = await call(logApi.getLogTile, "/log/tile/0/01", { path: ["0", "01"] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "invalid_query", parameter: "path" });
    expect(bad.body.detail).toMatch(/Tiles are tile\/<L>\/<N>\[\.p\/<W>\] and tile\/entries/);
  });

  it("refuses an index lookup of an unknown kind or id with the path's form", async () => {
    const ok = await call(echo(logApi.getLogIndexLookup), "/log/index/key/audit:k1", { kind: "key", id: "audit:k1" });
    expect(ok.body.params).toEqual({ kind: "key", id: "audit:k1" });
    for (const params of [
      { kind: "user", id: "abc" },
      { kind: "session", id: "a b" },
    ]) {
      const res = await call(logApi.getLogIndexLookup, "/log/index/x/y", params);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "invalid_query" });
      expect(res.body.detail).toMatch(/^The path is \/log\/index\/<session\|record\|key>\/<id>/);
    }
  });
});

describe("ids in paths", () => {
  it("refuses an id that cannot exist with the code and words of its area, before the handler", async () => {
    const session = await call(auditApi.getAuditLog, "/api/play/audit/a%20b", { sessionId: "a%20b" });
    expect(session.status).toBe(400);
    expect(session.body).toMatchObject({ code: "invalid_session_id" });
    const record = await call(registryApi.getRegistryRecord, "/api/registry/..", { id: ".." });
    expect(record.status).toBe(404);
    expect(record.body).toMatchObject({ code: "not_found", detail: 'No record in the directory has the id "..".' });
    const witnessed = await call(witnessApi.getWitnessCheckpoint, "/witness/AB/checkpoint", { originHash: "AB" });
    expect(witnessed.status).toBe(404);
    expect(witnessed.body.detail).toMatch(/^This witness has cosigned no checkpoint/);
  });

  it("hands the audit handlers the session id percent-decoded", async () => {
    const res = await call(echo(auditApi.getAuditCsv), "/api/play/audit/abc%2Ddefgh/csv", { sessionId: "abc%2Ddefgh" });
    expect(res.body.params).toEqual({ sessionId: "abc-defgh" });
  });
});

describe("the audit reads' queries", () => {
  const read = (query: string) =>
    call(echo(auditApi.getAuditLog), `/api/play/audit/abcdefgh${query}`, { sessionId: "abcdefgh" });

  it("hands the read its flag and page as values", async () => {
    expect((await read("?verify=1&after=4&limit=2")).body.query).toEqual({ verify: true, after: 4, limit: 2 });
    expect((await read("?verify=false")).body.query).toEqual({ verify: false });
    expect((await read("?verify=")).body.query).toEqual({ verify: true });
    expect((await read("")).body.query).toEqual({});
  });

  it.each([
    ["verify", "maybe"],
    ["limit", "1001"],
    ["limit", ""],
    ["after", "-2"],
    ["after", "007"],
  ])("refuses %s=%s naming the parameter", async (name, value) => {
    const res = await call(auditApi.getAuditLog, `/api/play/audit/abcdefgh?${name}=${value}`, {
      sessionId: "abcdefgh",
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_query", parameter: name });
  });

  it("states the range of a whole number and the values of a flag", async () => {
    const limit = await read("?limit=0");
    expect(limit.body).toMatchObject({ min: 1, max: 1000 });
    expect(limit.body.detail).toBe(
      'Query parameter limit takes a whole number from 1 to 1000, written plainly (got "0").',
    );
    const verify = await read("?verify=yes");
    expect(verify.body).toMatchObject({ parameter: "verify", allowed: ["0", "1", "true", "false"] });
  });

  it("reads a stream's lifetime and where it resumes; a bad resume point is a bad request", async () => {
    const stream = (query: string) =>
      call(echo(auditApi.streamAuditLog), `/api/play/audit/abcdefgh/stream${query}`, { sessionId: "abcdefgh" });
    expect((await stream("?maxSeconds=5&lastEventId=12")).body.query).toEqual({ maxSeconds: 5, lastEventId: "12" });
    expect((await stream("?lastEventId=-1")).body.query).toEqual({});
    const bad = await call(auditApi.streamAuditLog, "/api/play/audit/abcdefgh/stream?lastEventId=x", {
      sessionId: "abcdefgh",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "bad_request" });
    const long = await call(auditApi.streamAuditLog, "/api/play/audit/abcdefgh/stream?maxSeconds=301", {
      sessionId: "abcdefgh",
    });
    expect(long.body).toMatchObject({ code: "invalid_query", parameter: "maxSeconds", max: 300 });
  });

  it("draws a badge for an id that cannot be one, and refuses an unknown language", async () => {
    const badge = serve(auditApi.getBadge).GET;
    const drawn = await badge(new Request("http://t/api/badge/x"), { params: Promise.resolve({ sessionId: "x" }) });
    expect(drawn.status).toBe(400);
    expect(drawn.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await drawn.text()).toContain("invalid session id");
    const lang = await badge(new Request("http://t/api/badge/x?lang=fr"), {
      params: Promise.resolve({ sessionId: "x" }),
    });
    expect(lang.headers.get("content-type")).toBe("application/problem+json");
    expect(await lang.json()).toMatchObject({ code: "invalid_query", parameter: "lang", allowed: ["en", "es"] });
  });
});

describe("the registry's queries", () => {
  const list = (query: string) => call(registryApi.listRegistry, `/api/registry?${query}`);

  it.each([
    ["status=deleted", "status", ["draft", "live", "forming"]],
    ["jurisdiction=ar", "jurisdiction", ["AR", "EE", "MH", "US-WY"]],
    ["colour=red", "colour", ["jurisdiction", "type", "status", "q", "limit", "cursor"]],
  ])("refuses %s naming the parameter and what it takes", async (query, parameter, allowed) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_query", parameter, allowed });
  });

  it.each(["limit=0", "limit=101", "limit=x", "status=live&status=draft", `q=${"x".repeat(121)}`])(
    "refuses %s",
    async (query) => {
      expect((await list(query)).body).toMatchObject({ code: "invalid_query" });
    },
  );

  it("hands the dry run its URL and expectations, and says how to give a URL", async () => {
    const echoed = await call(
      echo(registryApi.dryRunCertification),
      "/api/certifier?url=https://a.example&jurisdiction=AR",
    );
    expect(echoed.body.query).toEqual({ url: "https://a.example", jurisdiction: "AR" });
    const missing = await call(registryApi.dryRunCertification, "/api/certifier?url=not%20a%20url");
    expect(missing.body).toMatchObject({
      code: "invalid_query",
      parameter: "url",
      detail: "Give the company's public URL as ?url=https://... (absolute).",
    });
  });
});

describe("the discovery document's format", () => {
  it("is one of its formats, inventory by default", async () => {
    const served = discoveryApi.getDiscovery;
    expect((await call(echo(served), "/api/discovery")).body.query).toEqual({ format: "inventory" });
    expect((await call(echo(served), "/api/discovery?format=openapi31")).body.query).toEqual({ format: "openapi31" });
    const yaml = await call(discoveryApi.getDiscovery, "/api/discovery?format=yaml");
    expect(yaml.status).toBe(400);
    expect(yaml.body).toMatchObject({
      code: "invalid_query",
      parameter: "format",
      allowed: ["inventory", "openapi", "openapi31"],
      detail: 'Query parameter format takes one of inventory, openapi, openapi31 (got "yaml").',
    });
  });
});
