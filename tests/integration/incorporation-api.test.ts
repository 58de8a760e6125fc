import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_PACKAGE, CLIENT_TARBALL_PATH } from "@/lib/client-package/client-package-name";
import { FINDING_CODES } from "@/lib/incorporation/finding-codes";
import { prepareFormingStub } from "@/lib/registry/create-forming-stub";
import { type AppServer, startApp } from "../support/app-server";
import { rawHttp } from "../support/attack-client";
import { TYPICAL_INCORPORATION as TYPICAL } from "../support/fixtures";
import { callApi, listingBody } from "../support/registry-client";
import { tempDir } from "../support/temp-dir";

const ROOT = path.resolve(import.meta.dirname, "../..");

let app: AppServer;
let keyed: AppServer;
beforeAll(async () => {
  [app, keyed] = await Promise.all([
    startApp({ env: { RATE_LIMIT_INCORPORATE: "100000/1m" } }),
    startApp({
      env: { INCORPORATE_API_KEYS: "agent-7:abcdefghijklmnopqrstuvwxyz0123,agent-8:zyxwvutsrqponmlkjihgfedcba9876" },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.stop(), keyed?.stop()]);
});

// An incorporation's session id is a UUID (docs/incorporation.md).
const uniqueSession = () => randomUUID();

async function incorporate(body: unknown, headers: Record<string, string> = {}, server = app) {
  const res = await fetch(`${server.url}/api/auto-incorporate`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { res, text, body: text ? JSON.parse(text) : null };
}

async function auditCount(sessionId: string): Promise<number> {
  return (await (await fetch(`${app.url}/api/play/audit/${sessionId}`)).json()).count;
}

describe("POST /api/auto-incorporate", () => {
  it("incorporates the typical request: SPEC 2.5 shape, absolute links, one audit entry", async () => {
    const sessionId = uniqueSession();
    const { res, body } = await incorporate({ ...TYPICAL, sessionId });
    expect(res.status).toBe(200);
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining(["ok", "sociedad", "config", "envVars", "checklist", "deploy", "audit"]),
    );
    expect(body.sociedad).toEqual({
      denominacion: TYPICAL.denominacion,
      tipo: "SOCIEDAD-IA",
      capitalSocial: 2000000,
      slug: "acme-agentes-automatizada-sociedad-ia",
    });
    expect(Object.keys(body.config).sort()).toEqual([".env.example", "README.md", "lib/agent.ts", "package.json"]);
    expect(body.checklist).toHaveLength(8);
    expect(body.deploy.oneClickUrl).toMatch(/^https:\/\/vercel\.com\/new\/clone\?repository-url=/);
    expect(body.audit).toMatchObject({
      sessionId,
      backend: "embedded",
      url: `${app.url}/api/play/audit/${sessionId}`,
      verifyUrl: `${app.url}/api/play/audit/${sessionId}?verify=1`,
      dashboardUrl: `${app.url}/dashboard/${sessionId}`,
    });
    expect(body.audit.entry).toMatchObject({
      seq: 0,
      kind: "incorporation",
      action: "auto_incorporate",
      outcome: "ok",
    });
    expect(body.audit.entry.hmac).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(body.audit.sessionToken).toBe(res.headers.get("x-session-token"));
    expect(res.headers.get("x-session-id")).toBe(sessionId);
    expect(body.registry.record).toMatchObject({ status: "forming", source: "formed", sessionId });
    expect(body.registry.claimToken).toMatch(/\S{20,}/);
    const log = await (await fetch(`${app.url}/api/play/audit/${sessionId}?verify=1`)).json();
    expect(log.verification).toMatchObject({ total: 1, verified: 1, tampered: 0 });
  });

  it("answers 422 as SPEC 2.6 (with the refusal's audit reference) and audits the rejection once", async () => {
    const sessionId = uniqueSession();
    const { res, body } = await incorporate({ ...TYPICAL, sessionId, capitalSocial: 10 }, { "accept-language": "en" });
    expect(res.status).toBe(422);
    expect(Object.keys(body).sort()).toEqual(["audit", "generatedAt", "ok", "rfc001", "transparency", "validation"]);
    expect(body.ok).toBe(false);
    const finding = body.validation.findings.find((f: { code: string }) => f.code === "capital_below_minimum");
    expect(finding).toMatchObject({ severity: "error", field: "capitalSocial" });
    expect(finding.message).toMatch(/minimum capital/);
    expect(body.rfc001).toMatchObject({ version: "rfc-001-v1", conformant: false });
    const log = await (await fetch(`${app.url}/api/play/audit/${sessionId}`)).json();
    expect(log.entries.map((e: { outcome: string }) => e.outcome)).toEqual(["rejected"]);
  });

  it("succeeds with warnings only and returns them", async () => {
    const { res, body } = await incorporate({
      ...TYPICAL,
      tipo: "SRL",
      denominacion: "Acme Agentes S.R.L.",
      capitalSocial: 5000,
    });
    expect(res.status).toBe(200);
    expect(body.validation.findings.map((f: { code: string }) => f.code)).toContain("capital_low");
  });

  it("records a text cut at its 200th character inside an emoji without failing, and the entry verifies", async () => {
    const sessionId = uniqueSession();
    const objeto = `${TYPICAL.objeto} ${"a".repeat(199)}`.slice(0, 199);
    const { res } = await incorporate({ ...TYPICAL, objeto: `${objeto}😀 con más texto`, sessionId });
    expect(res.status).toBe(200);
    const log = await (await fetch(`${app.url}/api/play/audit/${sessionId}?verify=1`)).json();
    expect(log.entries[0].input.objeto).toBe(objeto);
    expect(log.verification).toMatchObject({ total: 1, verified: 1, tampered: 0 });
  });

  it("replays the same body: same answer, one entry, no token the second time", async () => {
    const body = { ...TYPICAL, sessionId: uniqueSession() };
    const first = await incorporate(body);
    const second = await incorporate(body);
    expect(second.res.status).toBe(200);
    expect(second.res.headers.get("idempotent-replayed")).toBe("true");
    expect(second.res.headers.get("x-session-token")).toBeNull();
    expect(second.body.audit.sessionToken).toBeUndefined();
    expect(second.body.registry.claimToken).toBeNull();
    // Everything else is the first answer, byte for byte (the replay is rebuilt from stored facts),
    // with the receipt of the same leaf in the transparency log (its proof against the log's newest
    // checkpoint, which may have grown since).
    expect(first.body.transparency.index).toBeGreaterThanOrEqual(0);
    const { index, leafHash } = first.body.transparency;
    expect(second.body.transparency).toMatchObject({ index, leafHash, checkpoint: expect.any(String) });
    const { sessionToken: _t, ...firstAudit } = first.body.audit;
    const expected = {
      ...first.body,
      audit: firstAudit,
      registry: { ...first.body.registry, claimToken: null },
      transparency: second.body.transparency,
    };
    expect(second.text).toBe(JSON.stringify(expected));
    expect(await auditCount(body.sessionId)).toBe(1);
  });

  it("replays the same answer after a restart, from what the store kept on disk", async () => {
    const dataDir = tempDir("sia-replay-");
    const body = { ...TYPICAL, sessionId: uniqueSession() };
    const before = await startApp({ dataDir });
    const first = await incorporate(body, {}, before);
    await before.stop();
    // At the same address: stored answers are replayed to callers of the origin they were built for.
    const after = await startApp({ dataDir, port: Number(new URL(before.url).port) });
    try {
      const second = await incorporate(body, {}, after);
      expect(second.res.headers.get("idempotent-replayed")).toBe("true");
      // A replay carries no one-time secret; its receipt names the same leaf of the log.
      const { index, leafHash } = first.body.transparency;
      expect(second.body.transparency).toMatchObject({ index, leafHash });
      const { sessionToken: _t, ...firstAudit } = first.body.audit;
      const expected = {
        ...first.body,
        audit: firstAudit,
        registry: { ...first.body.registry, claimToken: null },
        transparency: second.body.transparency,
      };
      expect(second.text).toBe(JSON.stringify(expected));
      const log = await (await fetch(`${after.url}/api/play/audit/${body.sessionId}`)).json();
      expect(log.count).toBe(1);
    } finally {
      await after.stop();
    }
  });

  it("never replays an answer built for another Host to this one: its links stay with its caller", async () => {
    const body = JSON.stringify({ ...TYPICAL, denominacion: `Hospedaje Ajeno ${uniqueSession()} SOCIEDAD-IA` });
    const head = `POST /api/auto-incorporate HTTP/1.1\r\nhost: evil.example\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n`;
    const forged = await rawHttp(app.port, head + body);
    expect(forged.status).toBe(200);
    const forgedAnswer = JSON.parse(forged.body);
    expect(forgedAnswer.audit.verifyUrl).toMatch(/^http:\/\/evil\.example\//);

    const honest = await incorporate(body);
    expect(honest.res.status).toBe(200);
    expect(honest.res.headers.get("idempotent-replayed")).toBeNull();
    expect(honest.body.audit.verifyUrl.startsWith(`${app.url}/`)).toBe(true);
    expect(honest.body.audit.sessionId).not.toBe(forgedAnswer.audit.sessionId);
    // Its own repeat is still a replay.
    const again = await incorporate(body);
    expect(again.res.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.audit.sessionId).toBe(honest.body.audit.sessionId);
  });

  it("answers identical concurrent requests once: one entry, one token", async () => {
    const body = { ...TYPICAL, sessionId: uniqueSession() };
    const results = await Promise.all(Array.from({ length: 8 }, () => incorporate(body)));
    expect(results.map((r) => r.res.status)).toEqual(Array(8).fill(200));
    expect(results.filter((r) => r.res.headers.get("x-session-token")).length).toBe(1);
    expect(new Set(results.map((r) => r.body.audit.entry.hmac)).size).toBe(1);
    expect(await auditCount(body.sessionId)).toBe(1);
  });

  it("honours Idempotency-Key and refuses it with another body", async () => {
    const key = `key-${uniqueSession()}`;
    const a = await incorporate({ ...TYPICAL }, { "idempotency-key": key });
    const b = await incorporate({ ...TYPICAL }, { "idempotency-key": key });
    expect(b.body.audit.entry.hmac).toBe(a.body.audit.entry.hmac);
    const other = await incorporate({ ...TYPICAL, capitalSocial: 3000000 }, { "idempotency-key": key });
    expect(other.res.status).toBe(422);
    expect(other.res.headers.get("content-type")).toBe("application/problem+json");
    expect(other.body.code).toBe("idempotency_key_reused");
    expect((await incorporate(TYPICAL, { "idempotency-key": "bad key with spaces" })).res.status).toBe(400);
  });

  it("chains calls into one session only with its write token", async () => {
    const sessionId = uniqueSession();
    const first = await incorporate({ ...TYPICAL, sessionId });
    const token = first.body.audit.sessionToken as string;
    const second = { ...TYPICAL, denominacion: "Beta Agentes SOCIEDAD-IA", sessionId };
    const without = await incorporate(second);
    expect(without.res.status).toBe(403);
    expect(without.body.code).toBe("session_token_required");
    const wrong = await incorporate(second, { "x-session-token": "nope" });
    expect(wrong.body.code).toBe("session_token_invalid");
    expect(await auditCount(sessionId)).toBe(1);
    const ok = await incorporate(second, { "x-session-token": token });
    expect(ok.res.status).toBe(200);
    expect(ok.body.audit.entry.seq).toBe(1);
    expect(ok.res.headers.get("x-session-token")).toBeNull();
    const log = await (await fetch(`${app.url}/api/play/audit/${sessionId}?verify=1`)).json();
    expect(log.verification).toMatchObject({ total: 2, verified: 2, tampered: 0 });
  });

  it("appends nothing for malformed requests", async () => {
    const sessionId = uniqueSession();
    const text = JSON.stringify({ ...TYPICAL, sessionId });
    const post = (body: string, type = "application/json") =>
      fetch(`${app.url}/api/auto-incorporate`, { method: "POST", headers: { "content-type": type }, body });
    expect((await post(text, "text/plain")).status).toBe(415);
    expect((await post(text.slice(0, -5))).status).toBe(400);
    expect((await post(JSON.stringify({ ...TYPICAL, sessionId, pad: "x".repeat(40_000) }))).status).toBe(413);
    expect(await auditCount(sessionId)).toBe(0);
  });

  it("requires a listed bearer key when API keys are configured, and audits the key id", async () => {
    expect((await incorporate(TYPICAL, {}, keyed)).res.status).toBe(401);
    const wrong = await incorporate(TYPICAL, { authorization: "Bearer abcdefghijklmnopqrstuvwxyz0124" }, keyed);
    expect(wrong.res.status).toBe(401);
    expect(wrong.res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    for (const near of ["abcdefghijklmnopqrstuvwxyz012", "abcdefghijklmnopqrstuvwxyz01234", "agent-7"]) {
      expect((await incorporate(TYPICAL, { authorization: `Bearer ${near}` }, keyed)).res.status).toBe(401);
    }
    const ok = await incorporate(TYPICAL, { authorization: "Bearer abcdefghijklmnopqrstuvwxyz0123" }, keyed);
    expect(ok.res.status).toBe(200);
    expect(ok.body.audit.entry.actor).toBe("key:agent-7");
    expect(ok.text).not.toContain("abcdefghijklmnopqrstuvwxyz0123");
    const open = await incorporate({ ...TYPICAL, sessionId: uniqueSession() });
    expect(open.body.audit.entry.actor).toMatch(/^ip:[0-9a-f]{16}$/);
  });

  it("cannot be blocked by a listing named after the forming stub's id, which anyone can compute", async () => {
    const sessionId = uniqueSession();
    const stubId = prepareFormingStub({ sessionId, denominacion: TYPICAL.denominacion }).record.id;
    const squat = await callApi(app.url, "POST", "/api/registry", {
      body: listingBody({ name: stubId, jurisdiction: "EE", operatorCuit: null }),
    });
    expect(squat.status).toBe(201);
    expect(squat.body.record.id).not.toBe(stubId);
    expect(squat.body.record.id.startsWith(`${stubId}-`)).toBe(true);

    const { res, body } = await incorporate({ ...TYPICAL, sessionId });
    expect(res.status).toBe(200);
    expect(body.registry.record.id).toBe(stubId);
  });

  it("never replays one API key's answer to another key's caller sending the same body", async () => {
    const body = { ...TYPICAL, denominacion: `Gemelas ${process.pid} ${Date.now()} Agentes SOCIEDAD-IA` };
    const seven = { authorization: "Bearer abcdefghijklmnopqrstuvwxyz0123" };
    const eight = { authorization: "Bearer zyxwvutsrqponmlkjihgfedcba9876" };
    const first = await incorporate(body, seven, keyed);
    const other = await incorporate(body, eight, keyed);
    const again = await incorporate(body, seven, keyed);
    expect([first.res.status, other.res.status, again.res.status]).toEqual([200, 200, 200]);
    expect(other.res.headers.get("idempotent-replayed")).toBeNull();
    expect(other.body.audit.entry.actor).toBe("key:agent-8");
    expect(other.body.audit.sessionId).not.toBe(first.body.audit.sessionId);
    expect(typeof other.body.registry.claimToken).toBe("string");
    expect(again.res.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.audit.sessionId).toBe(first.body.audit.sessionId);
  });

  it("generates a lib/agent.ts that type-checks even from hostile text", async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal ${} is the attack being tested
    const hostile = 'Evil `${x}` */ "q" \n <b>x</b> SOCIEDAD-IA';
    const { body } = await incorporate({
      ...TYPICAL,
      denominacion: "Acme Agentes SOCIEDAD-IA",
      objeto: `${hostile} agentes de software autónomos`,
    });
    const dir = tempDir("sia-agent-");
    fs.writeFileSync(path.join(dir, "agent.ts"), body.config["lib/agent.ts"]);
    fs.writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, target: "ES2022", lib: ["ES2022", "DOM"], types: [] },
        files: ["agent.ts"],
      }),
    );
    expect(() => execFileSync(path.join(ROOT, "node_modules/.bin/tsc"), ["-p", dir], { stdio: "pipe" })).not.toThrow();
    expect(JSON.parse(body.config["package.json"]).name).toBe("acme-agentes-sociedad-ia");
  });

  it("describes itself on GET", async () => {
    const res = await fetch(`${app.url}/api/auto-incorporate`);
    const d = await res.json();
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(d.tipos.map((t: { tipo: string }) => t.tipo)).toEqual(["SOCIEDAD-IA", "SAS", "SRL", "SA"]);
    expect(d.tipos.find((t: { tipo: string }) => t.tipo === "SA").minimumCapital).toBe(30_000_000);
    expect(d.findingCodes.map((c: { code: string }) => c.code)).toEqual(Object.keys(FINDING_CODES));
    expect(d.requestSchema.required).toEqual(["denominacion", "tipo", "capitalSocial", "objeto"]);
    expect(d.auth).toEqual({ mode: "none" });
    expect((await (await fetch(`${keyed.url}/api/auto-incorporate`)).json()).auth.mode).toBe("bearer");
  });
});

describe("the answer's warnings about the service's origin", () => {
  let published: AppServer;
  beforeAll(async () => {
    published = await startApp({ env: { PUBLIC_BASE_URL: "https://sia.example" } });
  });
  afterAll(() => published?.stop());

  it("warns on loopback, in both languages, and names the client library by version", async () => {
    const { res, body } = await incorporate({ ...TYPICAL, denominacion: "Origen Local Automatizada SOCIEDAD-IA" });
    expect(res.status).toBe(200);
    expect(body.warnings.map((w: { code: string }) => w.code)).toEqual(["local_origin", "client_package_by_name"]);
    expect(body.warnings[0].message.es).toContain(`dirección local (${app.url})`);
    expect(body.warnings[0].message.en).toContain(`local address (${app.url})`);
    const pkg = JSON.parse(body.config["package.json"]);
    expect(pkg.dependencies[CLIENT_PACKAGE.name]).toBe(CLIENT_PACKAGE.version);
    expect(body.config["README.md"]).toContain(`npm install ${app.url}${CLIENT_TARBALL_PATH}`);
  });

  it("has none at a public PUBLIC_BASE_URL, whose tarball the package.json pins", async () => {
    const { res, body } = await incorporate(
      { ...TYPICAL, denominacion: "Origen Publico Automatizada SOCIEDAD-IA" },
      {},
      published,
    );
    expect(res.status).toBe(200);
    expect(body.warnings).toEqual([]);
    const pkg = JSON.parse(body.config["package.json"]);
    expect(pkg.dependencies[CLIENT_PACKAGE.name]).toBe(`https://sia.example${CLIENT_TARBALL_PATH}`);
    expect(body.config["README.md"]).not.toContain("Biblioteca cliente");
  });
});

describe("fuzzing the body", () => {
  const documented = new Set(Object.keys(FINDING_CODES));
  const field = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue());
  const bodies = fc.oneof(
    fc.jsonValue(),
    fc.record(
      {
        denominacion: field,
        tipo: fc.oneof(field, fc.constantFrom("SAS", "SRL", "SA", "SOCIEDAD-IA")),
        capitalSocial: field,
        objeto: field,
        sessionId: field,
        representante: field,
        emailContacto: field,
      },
      { requiredKeys: [] },
    ),
  );

  it("never answers 500, and every 422 finding has a documented code", async () => {
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const { res, body: answer } = await incorporate(JSON.stringify(body));
        expect(res.status).not.toBe(500);
        expect([200, 403, 422]).toContain(res.status);
        if (res.status === 422 && answer.validation) {
          for (const f of answer.validation.findings) expect(documented.has(f.code)).toBe(true);
        }
      }),
      { numRuns: 120 },
    );
  }, 120_000);

  it("never audits a malformed request", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (tail) => {
        const sessionId = uniqueSession();
        const text = `{"sessionId":"${sessionId}","denominacion":${tail}`;
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        fc.pre(!parses);
        const res = await fetch(`${app.url}/api/auto-incorporate`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: text,
        });
        expect(res.status).toBe(400);
        expect(await auditCount(sessionId)).toBe(0);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
