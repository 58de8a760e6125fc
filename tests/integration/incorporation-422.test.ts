import { randomUUID } from "node:crypto";
import {
  incorporate as clientIncorporate,
  IncorporateValidationError,
  incorporateOrThrow,
} from "@sociedades-ia/incorporate";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";
import { auditEntries, registrySnapshot } from "../support/attack-client";
import { TYPICAL_INCORPORATION as TYPICAL } from "../support/fixtures";

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read back from the server.
type Json = Record<string, any>;

let app: AppServer;
let doc: Json;
let validator: Ajv2020;
beforeAll(async () => {
  app = await startApp({ env: { RATE_LIMIT_INCORPORATE: "100000/1m" } });
  doc = await (await fetch(`${app.url}/api/discovery?format=openapi`)).json();
  validator = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(validator);
  validator.addVocabulary(["openapi", "jsonSchemaDialect", "info", "servers", "tags", "paths", "components"]);
  const manifestSchema = await (await fetch(`${app.url}/schemas/agents.v1.json`)).json();
  validator.addSchema({ ...manifestSchema, $id: `${app.url}/schemas/agents.v1.json` });
  validator.addSchema(doc, `${app.url}/api/discovery`);
});
afterAll(async () => {
  await app?.stop();
});

// An incorporation's session id is a UUID (docs/incorporation.md).
const uniqueSession = () => randomUUID();

async function post(body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}/api/auto-incorporate`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { res, body: (await res.json()) as Json };
}

/** Validates a real 422 against the schema the served description gives for its content type. */
function expectDescribed(res: Response, body: Json) {
  const type = (res.headers.get("content-type") ?? "").split(";")[0] as string;
  const response = doc.paths["/api/auto-incorporate"].post.responses["422"];
  expect(response.content?.[type], type).toBeDefined();
  const at = ["paths", "/api/auto-incorporate", "post", "responses", "422", "content", type, "schema"];
  const ref = `${app.url}/api/discovery#${at.map((s) => `/${encodeURIComponent(s.replaceAll("~", "~0").replaceAll("/", "~1"))}`).join("")}`;
  const validate = validator.compile({ $ref: ref });
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
}

/** Every kind of 422 the endpoint gives, made for real. */
const KINDS: [string, () => Promise<{ res: Response; body: Json }>][] = [
  [
    "a rule broken (capital below the minimum)",
    () => post({ ...TYPICAL, capitalSocial: 1, sessionId: uniqueSession() }),
  ],
  ["required fields missing", () => post({ tipo: "SOCIEDAD-IA", sessionId: uniqueSession() })],
  ["a sessionId that is not a UUID", () => post({ ...TYPICAL, sessionId: "my-session-0001" })],
  ["a body that is an array", () => post([TYPICAL])],
  ["a body that is a string", () => post("Acme")],
  ["a body that is a number", () => post(3)],
  [
    "a reused Idempotency-Key",
    async () => {
      const key = `key-${uniqueSession()}`;
      expect((await post(TYPICAL, { "idempotency-key": key })).res.status).toBe(200);
      return post({ ...TYPICAL, capitalSocial: 3_000_000 }, { "idempotency-key": key });
    },
  ],
];

describe("every 422 of POST /api/auto-incorporate", () => {
  for (const [kind, make] of KINDS) {
    it(`has the SPEC 2.6 shape and matches the OpenAPI description: ${kind}`, async () => {
      const { res, body } = await make();
      expect(res.status).toBe(422);
      expect(body.ok).toBe(false);
      expect(body.validation.valid).toBe(false);
      expect(body.validation.findings.length).toBeGreaterThan(0);
      for (const f of body.validation.findings) {
        expect(Object.keys(f).sort()).toEqual(["code", "field", "message", "severity"]);
      }
      expect(body.validation.findings.some((f: Json) => f.severity === "error")).toBe(true);
      expect(body.rfc001).toMatchObject({ version: "rfc-001-v1", url: `${app.url}/api/auto-incorporate` });
      expect(Date.parse(body.generatedAt)).not.toBeNaN();
      expectDescribed(res, body);
    });
  }

  it("is not RFC-001 conformant when a required field is missing or the body is not an object", async () => {
    for (const [kind, make] of KINDS.slice(1, 5)) {
      const { body } = await make();
      expect(body.rfc001.conformant, kind).toBe(false);
    }
    const { body } = await post({ denominacion: TYPICAL.denominacion, tipo: "SOCIEDAD-IA", objeto: TYPICAL.objeto });
    expect(body.validation.findings).toContainEqual(
      expect.objectContaining({ code: "required", field: "capitalSocial" }),
    );
    expect(body.rfc001.checks.find((c: Json) => c.id === "defined-form-and-capital").result).toBe("fail");
  });

  it("refuses a sessionId that is not a UUID with a finding and writes nothing; a UUID forms the company", async () => {
    // DESIGN lets /play name a session "my-session-0001"; an incorporation's session is a UUID (SPEC 2.2).
    const sessionId = `acme-${randomUUID().slice(0, 8)}`;
    const denominacion = `Sesion ${sessionId.slice(-8)} Automatizada SOCIEDAD-IA`;
    for (const lang of ["es", "en"] as const) {
      const { res, body } = await post({ ...TYPICAL, denominacion, sessionId }, { "accept-language": lang });
      expect(res.status).toBe(422);
      expect(res.headers.get("x-session-id")).toBeNull();
      const errors = body.validation.findings.filter((f: Json) => f.severity === "error");
      expect(errors).toEqual([expect.objectContaining({ code: "session_id_invalid", field: "sessionId" })]);
      expect(errors[0].message).toMatch(lang === "es" ? /debe ser un UUID/ : /must be a UUID/);
      expect(body.audit).toBeUndefined();
      expect(body.transparency).toBeUndefined();
    }
    expect(await auditEntries(app.url, sessionId)).toEqual([]);
    const named = (await registrySnapshot(app.url)).filter((r) => (r as Json).name === denominacion);
    expect(named).toEqual([]);

    const uuid = randomUUID();
    const formed = await post({ ...TYPICAL, denominacion, sessionId: uuid });
    expect(formed.res.status).toBe(200);
    expect(formed.body.audit.sessionId).toBe(uuid);
    const record = formed.body.registry.record;
    expect(record).toMatchObject({ source: "formed", sessionId: uuid });
    const recordSchema = await (await fetch(`${app.url}/schemas/registry-record.v1.json`)).json();
    const validate = new Ajv2020({ strict: false });
    addFormats(validate);
    const check = validate.compile(recordSchema);
    expect(check(record), JSON.stringify(check.errors)).toBe(true);
    // The same record with a session id that is no UUID is not a formed record.
    expect(check({ ...record, sessionId: sessionId })).toBe(false);
    expect(await auditEntries(app.url, uuid)).toHaveLength(1);
  });

  it("refuses control and bidi characters in objeto, and logs the refusal with them defused", async () => {
    const sessionId = uniqueSession();
    const objeto = `${TYPICAL.objeto} \u001b[31m\u202Egol.exe\u0000`;
    const { res, body } = await post({ ...TYPICAL, sessionId, objeto });
    expect(res.status).toBe(422);
    expect(body.validation.findings).toContainEqual(
      expect.objectContaining({ code: "objeto_characters", severity: "error", field: "objeto" }),
    );
    const log = await (await fetch(`${app.url}/api/play/audit/${sessionId}`)).json();
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0].outcome).toBe("rejected");
    const logged = log.entries[0].input.objeto as string;
    const hidden = ["\u0000", "\u001b", "\u202E"];
    for (const c of hidden) expect(logged).not.toContain(c);
    expect(logged).toContain("\uFFFD[31m\uFFFDgol.exe\uFFFD");
    const csv = await (await fetch(`${app.url}/api/play/audit/${sessionId}/csv`)).text();
    for (const c of hidden) expect(csv).not.toContain(c);
  });

  it("for a reused Idempotency-Key: the finding first, problem+json members beside, nothing recorded", async () => {
    const sessionId = uniqueSession();
    const key = `key-${sessionId}`;
    await post({ ...TYPICAL, sessionId }, { "idempotency-key": key });
    const { res, body } = await post(
      { ...TYPICAL, sessionId, capitalSocial: 1 },
      { "idempotency-key": key, "accept-language": "en" },
    );
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(body).toMatchObject({
      code: "idempotency_key_reused",
      status: 422,
      type: "urn:sociedades-ia:problem:idempotency_key_reused",
    });
    expect(body.validation.findings[0]).toMatchObject({
      code: "idempotency_key_reused",
      severity: "error",
      field: "Idempotency-Key",
    });
    expect(body.validation.findings[0].message).toMatch(/already used with a different body/);
    // The body as sent is judged too: its own error follows.
    expect(body.validation.findings.map((f: Json) => f.code)).toContain("capital_below_minimum");
    expect(body.audit).toBeUndefined();
    const log = await (await fetch(`${app.url}/api/play/audit/${sessionId}`)).json();
    expect(log.count).toBe(1);
    expect(body.rfc001.conformant).toBe(false);
    // A reused key with a body that passes every check is still a refusal: not valid, not conformant.
    const clean = await post({ ...TYPICAL, sessionId, capitalSocial: 3_000_000 }, { "idempotency-key": key });
    expect(clean.body.code).toBe("idempotency_key_reused");
    const errors = clean.body.validation.findings.filter((f: Json) => f.severity === "error");
    expect(errors.map((f: Json) => f.code)).toEqual(["idempotency_key_reused"]);
    expect(clean.body.validation.valid).toBe(false);
    expect(clean.body.rfc001.conformant).toBe(false);
    expect(clean.body.rfc001.checks.every((c: Json) => c.result !== "fail")).toBe(true);
  });

  it("that opens a session carries its write token in audit.sessionToken, which then writes to it", async () => {
    const sessionId = uniqueSession();
    const bad = { ...TYPICAL, sessionId, capitalSocial: 1 };
    const { res, body } = await post(bad);
    expect(res.status).toBe(422);
    const token = res.headers.get("x-session-token");
    expect(token).toBeTruthy();
    expect(body.audit).toMatchObject({
      sessionId,
      sessionToken: token,
      url: `${app.url}/api/play/audit/${sessionId}`,
      dashboardUrl: `${app.url}/dashboard/${sessionId}`,
    });
    expect(body.audit.entry).toMatchObject({ sessionId, seq: 0, outcome: "rejected" });
    // The replay is the same refusal without the token, which is shown once.
    const replay = await post(bad);
    expect(replay.res.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.audit.sessionToken).toBeUndefined();
    expect(replay.body.audit.entry).toEqual(body.audit.entry);
    // Without the token the session refuses the next write; with the body's token it takes it.
    expect((await post({ ...TYPICAL, sessionId })).res.status).toBe(403);
    const fixed = await post({ ...TYPICAL, sessionId }, { "x-session-token": body.audit.sessionToken });
    expect(fixed.res.status).toBe(200);
    expect(fixed.body.audit.entry.seq).toBe(1);
  });
});

describe("the client library on every 422", () => {
  it("incorporateOrThrow throws IncorporateValidationError for each kind, with the findings", async () => {
    const key = `key-${uniqueSession()}`;
    await clientIncorporate(TYPICAL, { baseUrl: app.url, idempotencyKey: key });
    const cases: [unknown, { idempotencyKey?: string }, string][] = [
      [{ ...TYPICAL, capitalSocial: 1 }, {}, "capital_below_minimum"],
      [{ tipo: "SOCIEDAD-IA" }, {}, "required"],
      [[TYPICAL], {}, "invalid_type"],
      [{ ...TYPICAL, capitalSocial: 3_000_000 }, { idempotencyKey: key }, "idempotency_key_reused"],
    ];
    for (const [input, options, code] of cases) {
      const err = await incorporateOrThrow(input as typeof TYPICAL, { baseUrl: app.url, ...options }).catch((e) => e);
      expect(err, code).toBeInstanceOf(IncorporateValidationError);
      expect(err.status).toBe(422);
      expect(
        err.findings.map((f: Json) => f.code),
        code,
      ).toContain(code);
      expect(err.rfc001.version).toBe("rfc-001-v1");
    }
  });

  it("gives a refusal's session token from the body too, and takes fetchImpl as well as fetch", async () => {
    let calls = 0;
    const counted: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const sessionId = uniqueSession();
    const value = await clientIncorporate(
      { ...TYPICAL, sessionId, capitalSocial: 1 },
      { baseUrl: app.url, fetchImpl: counted },
    );
    expect(calls).toBe(1);
    expect(value.ok).toBe(false);
    if (value.ok) return;
    expect(value.sessionId).toBe(sessionId);
    expect(value.sessionToken).toBeTruthy();
    expect(value.audit?.sessionToken).toBe(value.sessionToken);
  });
});
