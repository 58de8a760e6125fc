// A method a route does not serve is a 405 problem+json whose Allow header names exactly the methods
// it does serve (docs/errors.md), with CORS where the route has it, and it changes nothing: no
// record, no log entry, no cookie. HEAD answered from GET and the CORS preflights stay as they were.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";
import { registrySnapshot } from "../support/attack-client";
import { callApi, listingBody } from "../support/registry-client";

const CRON = "cron-secret-for-tests-0123456789";
const SESSION = "no-such-session-01";
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

let app: AppServer;
let recordId: string;
let ownerToken: string;
beforeAll(async () => {
  app = await startApp({ env: { CRON_SECRET: CRON, RATE_LIMIT_REGISTRY: "1000/1m" } });
  const created = await callApi(app.url, "POST", "/api/registry", { body: listingBody() });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  recordId = created.body.record.id;
  ownerToken = created.body.ownerToken;
});
afterAll(async () => {
  await app?.stop();
});

const storeSize = () => fs.statSync(path.join(app.dataDir, "store.log")).size;
const sorted = (list: string[]) => [...list].sort();
/** The methods an Allow header names, in order for comparison. */
const allowOf = (headers: Headers) => sorted((headers.get("allow") ?? "").split(",").map((m) => m.trim()));

interface RouteCase {
  path: () => string;
  serves: string[];
  cors: boolean;
  /** Credentials that would let the served methods through: a wrong method is refused anyway. */
  token?: () => string;
}

/** Every route file under app/ with the methods it serves, but the two that answer 404 (the /api
 * catch-all, and /api/badge without the server's hand-over header) and /mcp, whose 405 is a
 * JSON-RPC error as MCP clients expect (tests/integration/mcp.test.ts). */
const ROUTES: RouteCase[] = [
  { path: () => "/.well-known/agents.json", serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/.well-known/ai-plugin.json", serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/.well-known/jwks.json", serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/.well-known/ai-catalog.json", serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/.well-known/api-catalog", serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/.well-known/mcp-registry-auth", serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/mcp/server-card", serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/api/auto-incorporate", serves: ["GET", "HEAD", "POST", "OPTIONS"], cors: true },
  { path: () => `/api/badge/${SESSION}`, serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/api/certifier", serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/api/cron/registry-recheck", serves: ["GET", "HEAD"], cors: false, token: () => CRON },
  { path: () => "/api/cron/transparency-log", serves: ["GET", "HEAD"], cors: false, token: () => CRON },
  { path: () => "/api/discovery", serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/api/health", serves: ["GET", "HEAD"], cors: true },
  { path: () => `/api/play/audit/${SESSION}`, serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => `/api/play/audit/${SESSION}/csv`, serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => `/api/play/audit/${SESSION}/stream`, serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/api/packages/incorporate", serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/api/play", serves: ["POST", "OPTIONS"], cors: true },
  { path: () => "/api/play/tamper-demo", serves: ["POST"], cors: false },
  { path: () => "/api/registry", serves: ["GET", "HEAD", "POST", "OPTIONS"], cors: true },
  {
    path: () => `/api/registry/${recordId}`,
    serves: ["GET", "HEAD", "PATCH", "OPTIONS"],
    cors: true,
    token: () => ownerToken,
  },
  {
    path: () => `/api/registry/${recordId}/certify`,
    serves: ["POST", "OPTIONS"],
    cors: true,
    token: () => ownerToken,
  },
  { path: () => `/api/registry/${recordId}/claim`, serves: ["POST", "OPTIONS"], cors: true, token: () => ownerToken },
  { path: () => `/api/registry/${recordId}/report`, serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/lang", serves: ["GET", "HEAD"], cors: false },
  { path: () => "/log/checkpoint", serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/log/vkey", serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/log/tile/0/000.p/1", serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/log/proof/0", serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/log/consistency", serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/log/policy", serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => `/log/index/session/${SESSION}`, serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/witness/add-checkpoint", serves: ["POST"], cors: false },
  { path: () => `/witness/${"0".repeat(64)}/checkpoint`, serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/llms.txt", serves: ["GET", "HEAD", "OPTIONS"], cors: true },
  { path: () => "/schemas/agents.v1.json", serves: ["GET", "HEAD", "OPTIONS"], cors: true },
];

/** Sends `method` to `target` as a client would, with a JSON body where the method takes one. */
function send(method: string, target: string, token?: string): Promise<Response> {
  const headers: Record<string, string> = { origin: "https://agent.example" };
  if (token) headers.authorization = `Bearer ${token}`;
  const withBody = method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
  if (withBody) headers["content-type"] = "application/json";
  return fetch(`${app.url}${target}`, {
    method,
    headers,
    body: withBody ? JSON.stringify({ name: "Cambiado", set: "en" }) : undefined,
    redirect: "manual",
  });
}

describe("a method a route does not serve", () => {
  it("is a 405 problem naming the route's methods in Allow, on every route", async () => {
    const files = fs.readdirSync(path.resolve(import.meta.dirname, "../../app"), { recursive: true, encoding: "utf8" });
    expect(ROUTES).toHaveLength(files.filter((f) => path.basename(f) === "route.ts").length - 3);
    await registrySnapshot(app.url); // the first registry read writes the seed records
    const [sizeBefore, registryBefore] = [storeSize(), await registrySnapshot(app.url)];
    for (const r of ROUTES) {
      const target = r.path();
      for (const method of METHODS.filter((m) => !r.serves.includes(m))) {
        const label = `${method} ${target}`;
        const res = await send(method, target, r.token?.());
        expect(res.status, label).toBe(405);
        expect(res.headers.get("content-type"), label).toBe("application/problem+json");
        expect(allowOf(res.headers), label).toEqual(sorted(r.serves));
        expect(res.headers.get("access-control-allow-origin"), label).toBe(r.cors ? "*" : null);
        expect(res.headers.get("cache-control"), label).toBe("no-store");
        expect(res.headers.get("set-cookie"), label).toBeNull();
        const text = await res.text();
        if (method === "HEAD") {
          expect(text, label).toBe("");
        } else {
          expect(JSON.parse(text), label).toMatchObject({
            type: "urn:sociedades-ia:problem:method_not_allowed",
            status: 405,
            code: "method_not_allowed",
            instance: target,
          });
        }
      }
    }
    expect(storeSize()).toBe(sizeBefore);
    expect(await registrySnapshot(app.url)).toEqual(registryBefore);
  });

  it("leaves a registry record readable and unchanged, even with its owner token", async () => {
    const target = `/api/registry/${recordId}`;
    const before = await callApi(app.url, "GET", target);
    expect(before.status).toBe(200);
    for (const method of ["DELETE", "PUT", "POST"]) {
      const res = await callApi(app.url, method, target, { body: { name: "Otro nombre" }, token: ownerToken });
      expect(res.status, method).toBe(405);
      expect(res.body.code, method).toBe("method_not_allowed");
      expect(allowOf(res.headers), method).toEqual(sorted(["GET", "HEAD", "PATCH", "OPTIONS"]));
    }
    const after = await callApi(app.url, "GET", target);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
    expect(after.body.name).not.toBe("Otro nombre");
  });

  it("writes nothing to an audit log", async () => {
    const target = `/api/play/audit/${SESSION}`;
    for (const method of ["POST", "PUT", "DELETE"]) {
      expect((await send(method, target)).status, method).toBe(405);
    }
    const log = await fetch(`${app.url}${target}`);
    expect(log.status).toBe(200);
    expect((await log.json()).entries).toEqual([]);
  });
});

describe("the methods a route does serve", () => {
  it("still answer HEAD from GET", async () => {
    for (const target of ["/api/health", "/api/discovery", "/llms.txt", `/api/registry/${recordId}`]) {
      const res = await fetch(`${app.url}${target}`, { method: "HEAD" });
      expect(res.status, target).toBe(200);
      expect(res.headers.get("allow"), target).toBeNull();
      expect(await res.text(), target).toBe("");
    }
  });

  it("still answer CORS preflights as before", async () => {
    for (const [target, methods] of [
      ["/api/registry", "GET, POST, OPTIONS"],
      [`/api/registry/${recordId}`, "GET, PATCH, OPTIONS"],
      ["/api/play", "POST, OPTIONS"],
      ["/.well-known/agents.json", "GET, HEAD, OPTIONS"],
    ]) {
      const res = await fetch(`${app.url}${target}`, {
        method: "OPTIONS",
        headers: { origin: "https://agent.example", "access-control-request-method": "GET" },
      });
      expect(res.status, target).toBe(204);
      expect(res.headers.get("access-control-allow-origin"), target).toBe("*");
      expect(res.headers.get("access-control-allow-methods"), target).toBe(methods);
    }
  });

  it("leave an unknown path under /api a 404 problem, OPTIONS included", async () => {
    for (const method of ["GET", "OPTIONS", "DELETE"]) {
      const res = await fetch(`${app.url}/api/nothing-here`, { method });
      expect(res.status, method).toBe(404);
      expect(res.headers.get("content-type"), method).toBe("application/problem+json");
      expect((await res.json()).code, method).toBe("not_found");
    }
  });
});
