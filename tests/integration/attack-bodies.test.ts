import { randomUUID } from "node:crypto";
// Attack: bodies built to hurt the parser on every endpoint that takes JSON: other media types,
// broken or non-UTF-8 JSON, lone surrogate escapes, deep nesting, oversize bodies (honest, chunked with no length, or with a
// Content-Length that lies). Each gets its 4xx problem+json, and nothing is stored: no audit entry,
// no session, no idempotent answer, no registry change.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "@/lib/http/read-json";
import { MAX_BODY_BYTES as INCORPORATE_MAX } from "@/lib/incorporation/describe";
import { PLAY_LIMITS } from "@/lib/play/limits";
import { type AppServer, startApp } from "../support/app-server";
import { auditEntries, type RawAnswer, rawHttp, registrySnapshot } from "../support/attack-client";
import { TYPICAL_INCORPORATION as TYPICAL } from "../support/fixtures";
import { freshCuit, listingBody } from "../support/registry-client";

let app: AppServer;
beforeAll(async () => {
  app = await startApp({
    env: {
      RATE_LIMIT_PLAY: "1000/1m",
      RATE_LIMIT_INCORPORATE: "1000/1m",
      RATE_LIMIT_REGISTRY: "1000/1m",
      RATE_LIMIT_CERTIFIER: "1000/1m",
    },
  });
});
afterAll(async () => {
  await app?.stop();
});

interface Target {
  name: string;
  method: "POST" | "PATCH";
  path: string;
  headers: Record<string, string>;
  /** A body the endpoint accepts. */
  valid: Record<string, unknown>;
  maxBytes: number;
  /** The state the attacks must leave as it was. */
  state(): Promise<unknown>;
  /** After the attacks: the endpoint still does its job with what the attacks named, as if they never happened. */
  afterwards(): Promise<void>;
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}, method = "POST") =>
  fetch(`${app.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

const playBody = {
  messages: [{ id: "u1", role: "user", parts: [{ type: "text", text: "Validá el CUIT 20-17254359-7" }] }],
};

async function targets(): Promise<Target[]> {
  const incSession = randomUUID(); // incorporations take UUID session ids
  const idemKey = "attack-bodies-idem-01";
  const playSession = "attack-bodies-play-01";

  const listed = await (await post("/api/registry", listingBody())).json();
  const recordPath = `/api/registry/${listed.record.id}`;
  const formed = await (
    await post("/api/auto-incorporate", { ...TYPICAL, denominacion: "Cuerpos Hostiles SOCIEDAD-IA" })
  ).json();
  const stubPath = `/api/registry/${formed.registry.record.id}`;
  const record = async (path: string) => (await fetch(`${app.url}${path}`)).json();

  return [
    {
      name: "POST /api/auto-incorporate",
      method: "POST",
      path: "/api/auto-incorporate",
      headers: { "idempotency-key": idemKey },
      valid: { ...TYPICAL, sessionId: incSession },
      maxBytes: INCORPORATE_MAX,
      state: async () => [await auditEntries(app.url, incSession), await registrySnapshot(app.url)],
      async afterwards() {
        // The key the attacks carried was never claimed: the first real request runs, at seq 0.
        const res = await post(
          "/api/auto-incorporate",
          { ...TYPICAL, sessionId: incSession },
          { "idempotency-key": idemKey },
        );
        expect(res.status).toBe(200);
        expect(res.headers.get("idempotent-replayed")).toBeNull();
        expect((await res.json()).audit.entry.seq).toBe(0);
      },
    },
    {
      name: "POST /api/play",
      method: "POST",
      path: "/api/play",
      headers: { "x-session-id": playSession },
      valid: playBody,
      maxBytes: PLAY_LIMITS.maxBodyBytes,
      state: () => auditEntries(app.url, playSession),
      async afterwards() {
        // The session was never opened: a first write without a token creates it and gets its token.
        const res = await post("/api/play", playBody, { "x-session-id": playSession });
        expect(res.status).toBe(200);
        expect(res.headers.get("x-session-token")).toMatch(/^[\w-]{43}$/);
        await res.arrayBuffer();
      },
    },
    {
      name: "POST /api/play/tamper-demo",
      method: "POST",
      path: "/api/play/tamper-demo",
      headers: {},
      valid: { sessionId: formed.audit.sessionId, mutation: "edit-output" },
      maxBytes: 4096,
      state: () => auditEntries(app.url, formed.audit.sessionId),
      async afterwards() {
        expect((await post("/api/play/tamper-demo", { sessionId: formed.audit.sessionId })).status).toBe(200);
      },
    },
    {
      name: "POST /api/registry",
      method: "POST",
      path: "/api/registry",
      headers: {},
      valid: listingBody(),
      maxBytes: 64 * 1024,
      state: () => registrySnapshot(app.url),
      async afterwards() {
        expect((await post("/api/registry", listingBody())).status).toBe(201);
      },
    },
    {
      name: "PATCH /api/registry/{id}",
      method: "PATCH",
      path: recordPath,
      headers: { authorization: `Bearer ${listed.ownerToken}` },
      valid: { disclosure: { es: "Declaración nueva del dueño.", en: "The owner's new disclosure." } },
      maxBytes: 64 * 1024,
      state: () => record(recordPath),
      async afterwards() {
        const change = { disclosure: { es: "Otra declaración del dueño.", en: "Another owner's disclosure." } };
        const res = await post(recordPath, change, { authorization: `Bearer ${listed.ownerToken}` }, "PATCH");
        expect(res.status).toBe(200);
      },
    },
    {
      name: "POST /api/registry/{id}/claim",
      method: "POST",
      path: `${stubPath}/claim`,
      headers: { authorization: `Bearer ${formed.registry.claimToken}` },
      valid: {
        publicUrl: `https://claimed-${Date.now()}.example`,
        operator: "Operadora SRL",
        operatorCuit: freshCuit(),
      },
      maxBytes: 64 * 1024,
      state: () => record(stubPath),
      async afterwards() {
        // The claim token was not used up by the refused attempts.
        const body = {
          publicUrl: `https://claimed-ok-${Date.now()}.example`,
          operator: "Operadora SRL",
          operatorCuit: freshCuit(),
        };
        const res = await post(`${stubPath}/claim`, body, { authorization: `Bearer ${formed.registry.claimToken}` });
        expect(res.status).toBe(200);
        expect((await record(stubPath)).status).toBe("draft");
      },
    },
  ];
}

/** One request over a raw socket: head as given, then `body` bytes as they are. */
function raw(t: Target, head: Record<string, string>, body: string | Buffer, options: { halfClose?: boolean } = {}) {
  const lines = Object.entries({ host: "127.0.0.1", ...t.headers, ...head, connection: "close" })
    .map(([k, v]) => `${k}: ${v}`)
    .join("\r\n");
  return rawHttp(app.port, `${t.method} ${t.path} HTTP/1.1\r\n${lines}\r\n\r\n${body}`, options);
}

const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;

type Attack = [name: string, status: number, code: string, send: (t: Target) => Promise<Response | RawAnswer>];

const send = (t: Target, body: BodyInit, headers: Record<string, string>) =>
  fetch(`${app.url}${t.path}`, { method: t.method, headers: { ...t.headers, ...headers }, body });
const json = { "content-type": "application/json" };
const padded = (t: Target, size: number) => JSON.stringify({ ...t.valid, pad: "x".repeat(size) });
const nested = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;

const ATTACKS: Attack[] = [
  [
    "JSON sent as text/plain",
    415,
    "unsupported_media_type",
    (t) => send(t, JSON.stringify(t.valid), { "content-type": "text/plain" }),
  ],
  [
    "JSON sent as a form",
    415,
    "unsupported_media_type",
    (t) => send(t, "a=1", { "content-type": "application/x-www-form-urlencoded" }),
  ],
  ["a multipart upload", 415, "unsupported_media_type", (t) => send(t, new FormData(), {})],
  ["a body with no content type", 415, "unsupported_media_type", (t) => send(t, new TextEncoder().encode("{}"), {})],
  ["an empty body", 400, "malformed_json", (t) => send(t, "", json)],
  ["truncated JSON", 400, "malformed_json", (t) => send(t, JSON.stringify(t.valid).slice(0, -3), json)],
  ["single-quoted pseudo-JSON", 400, "malformed_json", (t) => send(t, "{'a': 1}", json)],
  [
    "bytes that are not UTF-8",
    400,
    "malformed_json",
    (t) => send(t, new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), json),
  ],
  [
    "a lone surrogate escape in a string",
    400,
    "malformed_json",
    // Valid JSON syntax, but no Unicode text: it could be neither canonicalised nor signed.
    (t) => send(t, JSON.stringify({ ...t.valid, pad: "x" }).replace('"x"', '"x\\ud800"'), json),
  ],
  [
    `arrays nested ${MAX_JSON_DEPTH + 1} deep in a member`,
    400,
    "json_too_deep",
    (t) => send(t, `{"pad":${nested(MAX_JSON_DEPTH + 1)}}`, json),
  ],
  ["arrays nested 1500 deep", 400, "json_too_deep", (t) => send(t, nested(1500), json)],
  [
    "a number beyond what JSON round-trips (1e400) in a member",
    400,
    "json_number_out_of_range",
    // Valid JSON syntax that parses to Infinity: it could be neither stored as sent nor canonicalised.
    (t) => send(t, JSON.stringify({ ...t.valid, pad: 1 }).replace('"pad":1', '"pad":1e400'), json),
  ],
  [
    "-1e400 where a number is expected",
    400,
    "json_number_out_of_range",
    (t) =>
      send(
        t,
        JSON.stringify({ ...t.valid, capitalSocial: 1 }).replace('"capitalSocial":1', '"capitalSocial":-1e400'),
        json,
      ),
  ],
  ["a body one byte over the limit", 413, "payload_too_large", (t) => send(t, padded(t, t.maxBytes), json)],
  [
    "an oversize body in chunks with no length",
    413,
    "payload_too_large",
    (t) => {
      const body = padded(t, t.maxBytes);
      const half = Math.floor(body.length / 2);
      return raw(
        t,
        { ...json, "transfer-encoding": "chunked" },
        `${chunk(body.slice(0, half))}${chunk(body.slice(half))}0\r\n\r\n`,
      );
    },
  ],
  [
    "an oversize chunked body that never ends",
    413,
    "payload_too_large",
    (t) => raw(t, { ...json, "transfer-encoding": "chunked" }, chunk(`{"pad":"${"x".repeat(t.maxBytes + 10)}`)),
  ],
  [
    "a Content-Length over the limit (answered before reading)",
    413,
    "payload_too_large",
    (t) => raw(t, { ...json, "content-length": String(t.maxBytes * 100) }, "{}"),
  ],
  [
    // The request ends where its Content-Length says, cutting the JSON: its handler refuses it. The
    // bytes after it are no request, and the connection closes after that answer.
    "a Content-Length shorter than the body",
    400,
    "malformed_json",
    (t) => {
      const body = JSON.stringify(t.valid);
      return raw(t, { ...json, "content-length": String(body.length - 20) }, body);
    },
  ],
  [
    "a Content-Length longer than the body, then the client stops",
    400,
    "incomplete_body",
    (t) => {
      const body = JSON.stringify(t.valid);
      return raw(t, { ...json, "content-length": String(body.length + 50) }, body, { halfClose: true });
    },
  ],
  [
    "both Content-Length and chunked",
    400,
    "bad_request",
    (t) =>
      raw(
        t,
        { ...json, "content-length": "2", "transfer-encoding": "chunked" },
        `${chunk(JSON.stringify(t.valid))}0\r\n\r\n`,
      ),
  ],
];

async function answerOf(answer: Response | RawAnswer) {
  if (answer instanceof Response) {
    return { status: answer.status, type: answer.headers.get("content-type"), body: await answer.json() };
  }
  return { status: answer.status, type: answer.headers["content-type"], body: JSON.parse(answer.body) };
}

describe("hostile bodies on every JSON endpoint", () => {
  let all: Target[];
  beforeAll(async () => {
    all = await targets();
  });

  it("get their 4xx problem+json, and change nothing", async () => {
    for (const t of all) {
      const before = await t.state();
      for (const [attack, status, code, sendIt] of ATTACKS) {
        const label = `${t.name}: ${attack}`;
        const { status: got, type, body } = await answerOf(await sendIt(t));
        expect(got, label).toBe(status);
        expect(type, label).toBe("application/problem+json");
        expect(body.code, label).toBe(code);
        if (code === "payload_too_large" && got === 413) expect(body.maxBytes, label).toBe(t.maxBytes);
      }
      expect(await t.state(), t.name).toEqual(before);
      await t.afterwards();
    }
  });
});

describe("a request followed on its connection by bytes that are no request", () => {
  it("gets its own answer, not a 400 saying nothing changed, and the connection then closes", async () => {
    const sessionId = randomUUID();
    const body = JSON.stringify({ ...TYPICAL, denominacion: "Bytes Sobrantes SOCIEDAD-IA", sessionId });
    const head = `POST /api/auto-incorporate HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n`;
    const answer = await rawHttp(app.port, `${head}${body}NOT HTTP AT ALL\r\n\r\n`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: true, audit: { sessionId } });
    expect(await auditEntries(app.url, sessionId)).toHaveLength(1);
  });
});

describe("what a rejected incorporation leaves in the permanent log", () => {
  it("is a short summary: lists and objects in text fields are named, not stored", async () => {
    const sessionId = randomUUID();
    const bulky = Array.from({ length: 400 }, () => "x".repeat(60));
    const res = await post("/api/auto-incorporate", {
      sessionId,
      denominacion: bulky,
      tipo: { nested: { deeper: [[[["x"]]]] } },
      capitalSocial: "2000000",
      objeto: "y".repeat(5000),
    });
    expect(res.status).toBe(422);
    const [entry] = (await auditEntries(app.url, sessionId)) as { outcome: string; input: unknown }[];
    expect(entry?.outcome).toBe("rejected");
    expect(entry?.input).toEqual({
      denominacion: { type: "array" },
      tipo: { type: "object" },
      capitalSocial: null,
      objeto: "y".repeat(200),
      representante: null,
      emailContacto: null,
    });
  });
});
