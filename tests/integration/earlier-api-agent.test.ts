import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";

/**
 * An agent written for the earlier ar-agents incorporation API, replayed against this server: it
 * sends the body that API took (with an Idempotency-Key made from the body, and nothing else: no
 * session token header, which that client dropped), then reads the fields that API answered. Written
 * from the field list of docs/incorporation.md ("Compatibility with the earlier API").
 */

// biome-ignore lint/suspicious/noExplicitAny: the agent reads JSON without types, as such agents do.
type Json = Record<string, any>;

let app: AppServer;
beforeAll(async () => {
  app = await startApp({ env: { RATE_LIMIT_INCORPORATE: "100000/1m" } });
});
afterAll(async () => {
  await app?.stop();
});

/** What such an agent sends: the four fields and its own session id, keyed by the body's hash. */
async function send(body: Json): Promise<{ status: number; json: Json }> {
  const text = JSON.stringify(body);
  const res = await fetch(`${app.url}/api/auto-incorporate`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "idempotency-key": createHash("sha256").update(text).digest("hex"),
    },
    body: text,
  });
  return { status: res.status, json: await res.json() };
}

const company = (sessionId: string) => ({
  denominacion: "Agentes del Plata SOCIEDAD-IA",
  tipo: "SOCIEDAD-IA",
  capitalSocial: 1_000_000,
  objeto: "Operación de agentes de software autónomos que venden y facturan en línea en la República Argentina.",
  sessionId,
});

describe("an agent written for the earlier ar-agents API", () => {
  it("reads every field it expects from a 200", async () => {
    const sessionId = randomUUID();
    const { status, json } = await send(company(sessionId));
    expect(status).toBe(200);
    // What it branches on.
    expect(json.ok).toBe(true);
    expect(json.validation.valid).toBe(true);
    expect(Array.isArray(json.validation.findings)).toBe(true);
    // What it stores and shows.
    expect(json.sociedad).toMatchObject({ denominacion: company(sessionId).denominacion, tipo: "SOCIEDAD-IA" });
    expect(json.sociedad.slug).toMatch(/^[a-z0-9-]+$/);
    expect(Object.keys(json.config).sort()).toEqual([".env.example", "README.md", "lib/agent.ts", "package.json"]);
    for (const v of json.envVars) expect(typeof v.name === "string" && typeof v.description === "string").toBe(true);
    expect(json.checklist).toHaveLength(8);
    // Its deploy step.
    expect(json.deploy.target).toBe("vercel");
    expect(json.deploy.oneClickUrl).toMatch(/^https:\/\/vercel\.com\/new\/clone\?/);
    expect(new URL(json.deploy.oneClickUrl).searchParams.get("repository-url")).toBe(json.deploy.sourceUrl);
    expect(json.deploy.sourceUrl).toMatch(/^https:\/\//);
    expect(json.deploy.manualSteps).toEqual(json.checklist);
    // Its audit links, followed as it follows them.
    expect(json.audit.sessionId).toBe(sessionId);
    expect(typeof json.audit.backend).toBe("string");
    expect(json.audit.entry.hmac).toMatch(/^sha256:[0-9a-f]{64}$/);
    const log = await (await fetch(json.audit.url)).json();
    expect(log.entries.map((e: Json) => e.hmac)).toEqual([json.audit.entry.hmac]);
    const verified = await (await fetch(json.audit.verifyUrl)).json();
    expect(verified.verification.tampered).toBe(0);
    expect((await fetch(json.audit.dashboardUrl)).status).toBe(200);
    // Its RFC-001 link and the time stamp.
    expect(json.rfc001.url).toBe(`${app.url}/api/auto-incorporate`);
    expect((await (await fetch(json.rfc001.url)).json()).rfc001.checks.map((c: Json) => c.id)).toEqual(
      json.rfc001.checks.map((c: Json) => c.id),
    );
    expect(json.generatedAt).toBe(json.audit.entry.ts);
    // A retry with the same key (its durable-workflow replay) gets the same answer and adds no entry.
    const again = await send(company(sessionId));
    expect(again.json.audit.entry.hmac).toBe(json.audit.entry.hmac);
    expect(again.json.generatedAt).toBe(json.generatedAt);
    expect((await (await fetch(json.audit.url)).json()).count).toBe(1);
  });

  it("reads what it expects from a 422, and keeps writing to the session the 422 opened", async () => {
    const sessionId = randomUUID();
    const refused = await send({ ...company(sessionId), capitalSocial: 1 });
    expect(refused.status).toBe(422);
    expect(refused.json.ok).toBe(false);
    expect(refused.json.validation.valid).toBe(false);
    const blocking = refused.json.validation.findings.filter((f: Json) => f.severity === "error");
    expect(blocking.map((f: Json) => f.field)).toEqual(["capitalSocial"]);
    expect(typeof blocking[0].message).toBe("string");
    expect(refused.json.rfc001.url).toBe(`${app.url}/api/auto-incorporate`);
    // It never reads headers: the write token of the session the refusal opened is in the body.
    const token = refused.json.audit.sessionToken;
    expect(token).toMatch(/^[\w-]{43}$/);
    const fixed = await fetch(`${app.url}/api/auto-incorporate`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-session-token": token },
      body: JSON.stringify(company(sessionId)),
    });
    expect(fixed.status).toBe(200);
    expect((await fixed.json()).audit.entry.seq).toBe(1);
  });
});
