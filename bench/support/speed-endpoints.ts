// Every GET, POST and PATCH route of the app (app/**/route.ts and the pages), each with a valid
// request. (OPTIONS preflights are left out: they are constant answers.)
import type { LoadTarget } from "./http-load";
import { auditAcks, cuitFor, playBody } from "./play-append";
import { formingStub, incorporationBody, listingBody, type SpeedFixtures } from "./speed-fixtures";

export interface Endpoint {
  name: string;
  target: LoadTarget;
  /** The least requests per second as a fraction of GET /api/health's that passes. */
  minRatio?: number;
  /** For requests that use up a fixture each: a fixed number per round instead of a duration. */
  requestsPerRound?: number;
  /** Makes `count` fixtures before the rounds start. */
  prepare?: (count: number) => Promise<void>;
  /** Why a sample answer is not the valid one expected, or null. */
  check?: (body: string) => string | null;
  /** Another row measured in the same run that this one is compared with, and the least ratio that passes. */
  against?: { name: string; minRatio: number };
}

export interface EndpointContext {
  base: string;
  /** Another origin of the same server (the self-listed record's public URL). */
  recordOrigin: string;
  cronSecret: string;
  fixtures: SpeedFixtures;
}

const json = (body: string) => JSON.parse(body) as Record<string, unknown>;
const get = (path: string, extra: Partial<LoadTarget> = {}): LoadTarget => ({ request: () => ({ path }), ...extra });
const post = (path: string, body: (n: number) => string, headers: Record<string, string> = {}): LoadTarget => ({
  request: (n) => ({
    method: "POST",
    path,
    body: body(n),
    headers: { "content-type": "application/json", ...headers },
  }),
});

/**
 * What one round of `endpoint` sends: for `durationMs`, or, for an endpoint that uses up a fixture per
 * request, its fixed number of requests.
 */
export function roundLimit(endpoint: Endpoint, durationMs: number): { durationMs: number } | { requests: number } {
  return endpoint.requestsPerRound ? { requests: endpoint.requestsPerRound } : { durationMs };
}

/** Makes the fixtures that a sample request, a warm-up round and `rounds` measured rounds use up (and one spare round). */
export async function prepareFor(endpoint: Endpoint, rounds: number): Promise<void> {
  await endpoint.prepare?.((rounds + 2) * (endpoint.requestsPerRound ?? 0) + 1);
}

export const HEALTH: Endpoint = {
  name: "GET /api/health",
  target: get("/api/health"),
  check: (b) => (json(b).ok === true ? null : "not ok"),
};

/** A 2026-07-28 `tools/call` with no arguments, as the SDK's client sends it. */
function mcpToolCall(name: string): string {
  return JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: {
      name,
      arguments: {},
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1.0.0" },
        "io.modelcontextprotocol/clientCapabilities": {},
      },
    },
  });
}

/** The same call over POST /mcp, with the headers the SDK's client sends; its answer must be a tool result. */
function mcpRow(name: string, tool: string): Endpoint {
  const body = mcpToolCall(tool);
  return {
    name,
    target: post("/mcp", () => body, {
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": tool,
    }),
    check: (b) => (json(b).result && !(json(b).result as { isError?: boolean }).isError ? null : "no tool result"),
  };
}

/** The badge of the fixtures' 100-entry session, on either of its routes. */
const badgeOf100 = (b: string) => (b.includes("100/100") ? null : "not verified 100/100");

export const PAGES = ["/", "/play", "/verify", "/test-vectors", "/incorporar", "/registro", "/dashboard/{id}"];

export function speedEndpoints(ctx: EndpointContext): Endpoint[] {
  const { base, fixtures } = ctx;
  const sid = fixtures.sessionId;
  const stubs: { id: string; claimToken: string }[] = [];
  let stubSerial = 1_000_000;
  const owner = { authorization: `Bearer ${fixtures.record.ownerToken}` };
  // Distinct loopback origins for self-listings and claims (public URLs are unique in the registry).
  const loopbackOrigin = (n: number) => `http://127.0.${1 + Math.floor(n / 60_000)}.2:${1024 + (n % 60_000)}`;
  let originSerial = 0;

  const endpoints: Endpoint[] = [
    {
      name: "GET /.well-known/agents.json",
      target: get("/.well-known/agents.json"),
      minRatio: 0.9,
      check: (b) => (json(b).issuer ? null : "no issuer"),
    },
    { name: "GET /.well-known/ai-plugin.json", target: get("/.well-known/ai-plugin.json") },
    {
      name: "GET /.well-known/jwks.json",
      target: get("/.well-known/jwks.json"),
      check: (b) => (Array.isArray(json(b).keys) ? null : "no keys"),
    },
    { name: "GET /api/discovery", target: get("/api/discovery") },
    {
      name: "GET /api/discovery?format=openapi",
      target: get("/api/discovery?format=openapi"),
      check: (b) => (json(b).openapi ? null : "not OpenAPI"),
    },
    { name: "GET /llms.txt", target: get("/llms.txt") },
    { name: "GET /schemas/agents.v1.json", target: get("/schemas/agents.v1.json") },
    { name: "GET /api/auto-incorporate", target: get("/api/auto-incorporate") },
    {
      name: "POST /api/auto-incorporate (valid, new company)",
      target: post("/api/auto-incorporate", (n) => incorporationBody(n)),
      minRatio: 0.5,
      check: (b) => (json(b).ok === true ? null : "not incorporated"),
    },
    { name: "GET /api/registry", target: get("/api/registry") },
    // The same first page (50 records) as a 2026-07-28 tools/call, as the SDK's client sends it.
    {
      ...mcpRow("POST /mcp registry_search", "registry_search"),
      against: { name: "GET /api/registry", minRatio: 0.8 },
    },
    // What any tool call costs before its own work: the SDK's handling of one call whose work is a
    // single small store read (docs/performance.md, "MCP against REST").
    mcpRow("POST /mcp log_checkpoint (floor)", "log_checkpoint"),
    { name: "GET /api/registry/{id}", target: get(`/api/registry/${fixtures.seedId}`) },
    {
      name: "POST /api/registry (self-listing)",
      target: {
        ...post("/api/registry", () =>
          JSON.stringify(listingBody(`Bench Listing ${originSerial}`, loopbackOrigin(originSerial++))),
        ),
        ok: (status) => status === 201,
      },
      check: (b) => (typeof json(b).ownerToken === "string" ? null : "no owner token"),
    },
    {
      name: "POST /api/registry/{id}/claim",
      requestsPerRound: 40,
      prepare: async (count) => {
        for (let i = 0; i < count; i++) stubs.push(await formingStub(base, stubSerial++));
      },
      target: {
        request: (n) => {
          const stub = stubs[n];
          if (!stub) throw new Error("ran out of forming stubs to claim");
          const { publicUrl, operator, operatorCuit } = listingBody("unused", loopbackOrigin(originSerial++));
          return {
            method: "POST",
            path: `/api/registry/${stub.id}/claim`,
            body: JSON.stringify({ publicUrl, operator, operatorCuit }),
            headers: { "content-type": "application/json", authorization: `Bearer ${stub.claimToken}` },
          };
        },
      },
      check: (b) => ((json(b).record as { status?: string })?.status === "draft" ? null : "not a draft"),
    },
    {
      name: "POST /api/registry/{id}/certify (this server)",
      // Ten certifications of one record at once: some end in 409 conflict (the record changed under
      // them, "certify it again"), after the same work. Only one record can point at this server.
      target: {
        ...post(`/api/registry/${fixtures.record.id}/certify`, () => "", owner),
        ok: (s) => s === 200 || s === 409,
      },
      check: (b) => (json(b).report ? null : "no report"),
    },
    { name: "GET /api/registry/{id}/report", target: get(`/api/registry/${fixtures.record.id}/report`) },
    {
      name: "PATCH /api/registry/{id} (owner, disclosure)",
      // Ten owners' edits of one record at once: each write is conditional on the version it read,
      // so some end in 409 conflict after their retries, which counts as an answer.
      target: {
        request: (n) => ({
          method: "PATCH",
          path: `/api/registry/${fixtures.record.id}`,
          body: JSON.stringify({ disclosure: { es: `Declaración ${n} del dueño.`, en: `Owner's disclosure ${n}.` } }),
          headers: { "content-type": "application/json", ...owner },
        }),
        ok: (s) => s === 200 || s === 409,
      },
      check: (b) => ((json(b).record as { disclosure?: unknown })?.disclosure ? null : "no record"),
    },
    {
      name: "GET /api/certifier?url= (this server)",
      target: get(`/api/certifier?url=${encodeURIComponent(ctx.recordOrigin)}`),
      check: (b) => (typeof json(b).rating === "string" ? null : "no rating"),
    },
    {
      name: "GET /api/cron/registry-recheck",
      target: {
        request: () => ({ path: "/api/cron/registry-recheck", headers: { authorization: `Bearer ${ctx.cronSecret}` } }),
      },
      check: (b) =>
        Array.isArray(json(b).checked) && (json(b).checked as unknown[]).length > 0 ? null : "checked nothing",
    },
    {
      name: "GET /api/badge/{id} (100 entries)",
      target: get(`/api/badge/${sid}`),
      minRatio: 0.9,
      check: badgeOf100,
    },
    {
      // A query string keeps the badge on Next's dynamic route, as on a platform without our server.
      name: "GET /api/badge/{id}?v=1 (100 entries, dynamic route)",
      target: get(`/api/badge/${sid}?v=1`),
      check: badgeOf100,
    },
    {
      name: "GET /api/play/audit/{id} (100 entries)",
      target: get(`/api/play/audit/${sid}`),
      check: (b) => (json(b).count === 100 ? null : "not 100 entries"),
    },
    {
      name: "GET /api/play/audit/{id}?verify=1 (100 entries)",
      target: get(`/api/play/audit/${sid}?verify=1`),
      minRatio: 0.6,
      check: (b) => ((json(b).verification as { verified?: number })?.verified === 100 ? null : "not 100 verified"),
    },
    {
      name: "GET /api/play/audit/{id}/csv (100 entries)",
      target: get(`/api/play/audit/${sid}/csv`),
      check: (b) => (b.trimEnd().split("\r\n").length === 101 ? null : "not 100 rows"),
    },
    {
      name: "GET /api/play/audit/{id}/stream (until 100 entries)",
      target: get(`/api/play/audit/${sid}/stream`, {
        doneWhen: (body) => body.includes(`id: 99\nevent: entry`),
      }),
    },
    {
      name: "POST /api/play (one tool call, new session)",
      target: post("/api/play", (n) => playBody(cuitFor(n))),
      check: (b) => (auditAcks(b).length === 1 ? null : "not one audit entry"),
    },
    {
      name: "POST /api/play/tamper-demo",
      target: post("/api/play/tamper-demo", () => JSON.stringify({ sessionId: sid, mutation: "edit-output", seq: 50 })),
      check: (b) => ((json(b).detected as { seq?: number })?.seq === 50 ? null : "tampering not detected at 50"),
    },
    { name: "GET /lang?set=en&next=/", target: get("/lang?set=en&next=/", { ok: (s) => s === 303 }) },
  ];
  for (const page of PAGES) {
    const path = page.replace("{id}", sid);
    endpoints.push({ name: `GET ${page} (page)`, target: get(path) });
  }
  return endpoints;
}
