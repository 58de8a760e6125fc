import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as incorporationApi from "@/lib/api/incorporation";
import * as playApi from "@/lib/api/play";
import * as registryApi from "@/lib/api/registry";
import type { EndpointSpec } from "@/lib/endpoint/endpoint";
import { serve } from "@/lib/endpoint/endpoint";
import { json } from "@/lib/http/handler";
import { PLAY_LIMITS } from "@/lib/play/limits";
import { listingBody } from "../support/registry-client";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

// The declared JSON body, read and parsed by serve() after the caller's checks and the rate limit:
// each declaration is served as it is for its refusals, and with a handler that echoes what it was
// handed for what it accepts.

type Json = Record<string, unknown>;

let restore: () => void;
beforeAll(() => {
  restore = applyEnv({
    DATA_DIR: tempDir("sia-serve-body-"),
    // One demo call an hour: the second is refused.
    RATE_LIMIT_PLAY: "1/1h",
    INCORPORATE_API_KEYS: "ci:a-key-of-at-least-24-characters",
  });
});
afterAll(() => restore?.());

const echo = (endpoint: EndpointSpec, keepLimit = false): EndpointSpec => ({
  ...endpoint,
  ...(keepLimit ? {} : { rateLimit: undefined }),
  handle: async (_request, { body }) => json({ body }),
});

const unlimited = (endpoint: EndpointSpec): EndpointSpec => ({ ...endpoint, rateLimit: undefined });

interface Sent {
  body: BodyInit;
  headers?: Record<string, string>;
  params?: Record<string, string>;
}

async function send(endpoint: EndpointSpec, { body, headers = {}, params = {} }: Sent) {
  const handler = serve(endpoint)[endpoint.method];
  const request = new Request(`http://localhost${endpoint.path}`, {
    method: endpoint.method,
    headers: { host: "localhost", "content-type": "application/json", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
  const res = await handler(request, { params: Promise.resolve(params) });
  return { status: res.status, type: res.headers.get("content-type"), body: (await res.json()) as Json };
}

const sendJson = (endpoint: EndpointSpec, value: unknown, more: Omit<Sent, "body"> = {}) =>
  send(endpoint, { body: JSON.stringify(value), ...more });

/** A body that refuses to be read: a handler that read it would answer 400 incomplete_body. */
function unreadable() {
  const seen = { pulled: false };
  // No high-water mark: the stream is pulled only when someone reads it.
  const body = new ReadableStream<Uint8Array>(
    {
      pull() {
        seen.pulled = true;
        throw new Error("this body must not be read");
      },
    },
    { highWaterMark: 0 },
  );
  return { body, seen };
}

describe("a declared body", () => {
  const tamper = echo(playApi.runTamperDemo);

  it("reaches the handler parsed with its schema (defaults filled in)", async () => {
    const res = await sendJson(tamper, { seq: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ body: { seq: 2, mutation: "edit-output" } });
  });

  it("is refused with 415 when it is not sent as JSON", async () => {
    const res = await send(tamper, { body: "{}", headers: { "content-type": "text/plain" } });
    expect(res.status).toBe(415);
    expect(res.type).toBe("application/problem+json");
    expect(res.body).toMatchObject({ code: "unsupported_media_type" });
  });

  it("is refused with 413 beyond the declaration's own size", async () => {
    const big = JSON.stringify({ mutation: "edit-output", pad: "x".repeat(4096) });
    const res = await send(tamper, { body: big });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: "payload_too_large", maxBytes: 4096 });
  });

  it("is refused with 400 when it is not JSON", async () => {
    const res = await send(tamper, { body: '{"mutation":' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "malformed_json" });
  });

  it("is refused with 400 invalid_request listing each member that fails the schema", async () => {
    const res = await sendJson(tamper, { mutation: "burn-it", seq: -1 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "invalid_request",
      detail: "The request does not match the expected shape; see errors.",
    });
    expect((res.body.errors as { path: string }[]).map((e) => e.path)).toEqual(["mutation", "seq"]);
  });
});

describe("a body refused its own way", () => {
  it("is a registry listing's findings, all at once (422)", async () => {
    const res = await sendJson(unlimited(registryApi.createRegistryListing), { name: 5, type: "robot" });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "validation_failed" });
    const fields = (res.body.findings as { field: string }[]).map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(["name", "type", "jurisdiction", "publicUrl"]));
  });

  it("is incorporation's findings, all at once and audited (422)", async () => {
    const res = await sendJson(
      unlimited(incorporationApi.autoIncorporate),
      { denominacion: 5, tipo: "SAS" },
      { headers: { authorization: "Bearer a-key-of-at-least-24-characters" } },
    );
    expect(res.status).toBe(422);
    const { findings } = res.body.validation as { findings: { field: string; severity: string }[] };
    const errors = findings.filter((f) => f.severity === "error");
    expect(errors.map((f) => f.field)).toEqual(expect.arrayContaining(["denominacion", "capitalSocial", "objeto"]));
    expect(res.body.audit).toMatchObject({ sessionId: expect.any(String) });
  });

  it("lists a company whose listing parses", async () => {
    const res = await sendJson(unlimited(registryApi.createRegistryListing), listingBody());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ record: { status: "draft" } });
  });

  it("comes after the record's own check: a change to no record is a 404, whatever its body", async () => {
    const res = await sendJson(
      unlimited(registryApi.updateRegistryRecord),
      { name: 5 },
      { headers: { authorization: "Bearer some-token" }, params: { id: "no-such-record-x1y2" } },
    );
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "not_found" });
  });

  it("keeps the demo's order: the session first, then too many messages, then their shape", async () => {
    const play = unlimited(playApi.runPlay);
    const badMessage = { role: "system", parts: [] };
    const mismatch = await sendJson(
      play,
      { sessionId: "session-one", messages: [badMessage] },
      { headers: { "x-session-id": "session-two" } },
    );
    expect(mismatch.body).toMatchObject({ code: "session_id_mismatch" });
    const many = Array.from({ length: PLAY_LIMITS.maxMessages + 1 }, () => badMessage);
    expect((await sendJson(play, { messages: many })).body).toMatchObject({ code: "too_many_messages" });
    const shape = await sendJson(play, { messages: [badMessage] });
    expect(shape.body).toMatchObject({ code: "invalid_request", errors: [{ path: "messages.0.role" }] });
  });
});

describe("a refused caller's body", () => {
  it("is not read when the API key is missing", async () => {
    const { body, seen } = unreadable();
    const res = await send(incorporationApi.autoIncorporate, { body });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: "unauthorized" });
    expect(seen.pulled).toBe(false);
  });

  it("is not read when the token is missing", async () => {
    const { body, seen } = unreadable();
    const res = await send(registryApi.updateRegistryRecord, { body, params: { id: "some-record-x1y2" } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: "registry_token_required" });
    expect(seen.pulled).toBe(false);
  });

  it("is not read when the path names no record", async () => {
    const { body, seen } = unreadable();
    const res = await send(registryApi.updateRegistryRecord, {
      body,
      headers: { authorization: "Bearer some-token" },
      params: { id: ".." },
    });
    expect(res.status).toBe(404);
    expect(seen.pulled).toBe(false);
  });

  it("is not read when the rate limit refuses the call", async () => {
    const limited = echo(playApi.runTamperDemo, true);
    expect((await sendJson(limited, {})).status).toBe(200);
    const { body, seen } = unreadable();
    const res = await send(limited, { body });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: "rate_limited" });
    expect(seen.pulled).toBe(false);
  });
});
