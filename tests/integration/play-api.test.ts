import { verifyAuditLog } from "@sociedades-ia/incorporate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAY_LIMITS } from "@/lib/play/limits";
import { type AppServer, startApp } from "../support/app-server";
import { chunksOf, postPlay, userMessage } from "../support/play-client";

let app: AppServer;
beforeAll(async () => {
  // A high limit: this file sends many requests; the limit itself is tested in play-rate-limit.test.ts.
  app = await startApp({ env: { RATE_LIMIT_PLAY: "1000/1m" } });
});
afterAll(async () => {
  await app?.stop();
});

interface Entry {
  seq: number;
  kind: string;
  action: string;
  actor: string;
  input: unknown;
  output: Record<string, unknown>;
  outcome: string;
  hmac: string;
}

async function auditLog(sessionId: string) {
  const res = await fetch(`${app.url}/api/play/audit/${sessionId}?verify=1`);
  expect(res.status).toBe(200);
  return (await res.json()) as {
    count: number;
    entries: Entry[];
    checkpoint: string;
    sessionId: string;
    verification: { total: number; verified: number; tampered: number };
  };
}

const TWO_TOOLS = "Validá el CUIT 20-17254359-7 y consultá su situación en la Central de Deudores";

describe("POST /api/play", () => {
  let sessionId = "";
  let token = "";
  let history: unknown[] = [];

  it("runs two tools for a prompt that needs two, records two verified entries, and answers from them", async () => {
    const first = userMessage(TWO_TOOLS);
    const { res, chunks, message } = await postPlay(app.url, { messages: [first] });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1");
    sessionId = res.headers.get("x-session-id") ?? "";
    token = res.headers.get("x-session-token") ?? "";
    expect(sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(res.headers.get("ratelimit-limit")).toBe("1000");

    const calls = chunksOf(chunks, "tool-input-available");
    expect(calls.map((c) => c.toolName)).toEqual(["validar_cuit", "consultar_central_deudores"]);
    const outputs = chunksOf(chunks, "tool-output-available");
    expect(outputs).toHaveLength(2);
    const refs = chunks.filter((c) => c.type === "data-audit") as unknown as {
      id: string;
      data: { toolCallId: string; sessionId: string; seq: number; hmac: string; outcome: string; logIndex: number };
    }[];
    expect(refs.map((r) => r.data)).toEqual([
      {
        toolCallId: calls[0]?.toolCallId,
        sessionId,
        seq: 0,
        hmac: expect.stringMatching(/^[0-9a-f]{12}$/),
        outcome: "ok",
        logIndex: expect.any(Number),
      },
      {
        toolCallId: calls[1]?.toolCallId,
        sessionId,
        seq: 1,
        hmac: expect.stringMatching(/^[0-9a-f]{12}$/),
        outcome: "ok",
        logIndex: expect.any(Number),
      },
    ]);
    // Two consecutive leaves of the transparency log.
    expect((refs[1]?.data.logIndex as number) - (refs[0]?.data.logIndex as number)).toBe(1);
    expect(refs.map((r) => r.id)).toEqual(calls.map((c) => c.toolCallId));
    const text = chunksOf(chunks, "text-delta")
      .map((c) => c.delta)
      .join("");
    expect(text).toContain("El CUIT 20-17254359-7 es válido");
    expect(text).toContain("Central de Deudores");
    expect(chunks.at(-1)?.type).toBe("finish");

    const log = await auditLog(sessionId);
    expect(log.count).toBe(2);
    expect(log.verification).toMatchObject({ total: 2, verified: 2, tampered: 0 });
    log.entries.forEach((entry, i) => {
      expect(entry).toMatchObject({
        seq: i,
        kind: "tool-call",
        action: calls[i]?.toolName,
        input: calls[i]?.input,
        output: outputs[i]?.output,
        outcome: "ok",
      });
      expect(entry.actor).toMatch(/^ip:[0-9a-f]{16}$/);
      expect(entry.hmac.startsWith(`sha256:${refs[i]?.data.hmac}`)).toBe(true);
    });
    const jwks = await (await fetch(`${app.url}/.well-known/jwks.json`)).json();
    expect(await verifyAuditLog(log, { jwks })).toMatchObject({ ok: true, total: 2, tampered: 0 });
    history = [first, message];
  });

  it("continues the session with its token: the next entries follow in the same timeline", async () => {
    const { res, chunks } = await postPlay(
      app.url,
      { messages: [...history, userMessage("Validá también el CBU 2850590940090418135201")] },
      { "x-session-id": sessionId, "x-session-token": token },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("x-session-id")).toBe(sessionId);
    expect(res.headers.get("x-session-token")).toBeNull();
    expect(chunksOf(chunks, "tool-input-available").map((c) => c.toolName)).toEqual(["validar_cbu"]);
    const log = await auditLog(sessionId);
    expect(log.entries.map((e) => e.action)).toEqual(["validar_cuit", "consultar_central_deudores", "validar_cbu"]);
    expect(log.verification).toMatchObject({ verified: 3, tampered: 0 });
  });

  it("answers 403 as a problem, before any stream, without the session's token, and writes nothing", async () => {
    const body = { messages: [userMessage(TWO_TOOLS)] };
    for (const [headers, code] of [
      [{ "x-session-id": sessionId }, "session_token_required"],
      [{ "x-session-id": sessionId, "x-session-token": "not-the-token" }, "session_token_invalid"],
      [
        { "x-session-id": sessionId, "x-session-token": token.replace(/^./, (c) => (c === "A" ? "B" : "A")) },
        "session_token_invalid",
      ],
    ] as const) {
      const { res, text } = await postPlay(app.url, body, headers);
      expect(res.status, code).toBe(403);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(JSON.parse(text)).toMatchObject({ code, status: 403 });
    }
    expect((await auditLog(sessionId)).count).toBe(3);
  });

  it("refuses a malformed session id, and a token without its session id", async () => {
    const body = { messages: [userMessage(TWO_TOOLS)] };
    const bad = await postPlay(app.url, body, { "x-session-id": "no spaces allowed" });
    expect(bad.res.status).toBe(400);
    expect(JSON.parse(bad.text).code).toBe("invalid_session_id");
    const orphan = await postPlay(app.url, body, { "x-session-token": token });
    expect(orphan.res.status).toBe(400);
    expect(JSON.parse(orphan.text).code).toBe("bad_request");
  });

  it("creates a session under an id the caller chose, returning its token", async () => {
    const { res, chunks } = await postPlay(
      app.url,
      { messages: [userMessage("Validate CUIT 20-17254359-7")] },
      { "x-session-id": "play-chosen-session-01" },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("x-session-id")).toBe("play-chosen-session-01");
    expect(res.headers.get("x-session-token")).toMatch(/^[\w-]{43}$/);
    expect(
      chunksOf(chunks, "text-delta")
        .map((c) => c.delta)
        .join(""),
    ).toContain("CUIT 20-17254359-7 is valid");
    expect((await auditLog("play-chosen-session-01")).entries.map((e) => e.action)).toEqual(["validar_cuit"]);
  });

  it("creates no session for an answer that calls no tool: the first entry creates it", async () => {
    const chosen = `play-empty-${Math.random().toString(36).slice(2, 10)}`;
    const first = await postPlay(app.url, { messages: [userMessage("hola")] }, { "x-session-id": chosen });
    expect(first.res.status).toBe(200);
    expect(chunksOf(first.chunks, "data-audit" as never)).toEqual([]);
    // A token is offered, but it opens nothing yet: no session was written.
    const unused = first.res.headers.get("x-session-token") as string;
    expect(unused).toMatch(/^[\w-]{43}$/);
    expect(await auditLog(chosen)).toMatchObject({ count: 0, entries: [] });
    expect((await fetch(`${app.url}/dashboard/${chosen}`)).status).toBe(404);
    // So the next request, with no token, still creates it with its first entry and a new token.
    const second = await postPlay(
      app.url,
      { messages: [userMessage("Validate CUIT 20-17254359-7")] },
      { "x-session-id": chosen },
    );
    expect(second.res.status).toBe(200);
    const token = second.res.headers.get("x-session-token") as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(token).not.toBe(unused);
    expect((await auditLog(chosen)).entries.map((e) => e.action)).toEqual(["validar_cuit"]);
    const third = await postPlay(
      app.url,
      { messages: [userMessage("Validate CUIT 20-17254359-7")] },
      { "x-session-id": chosen, "x-session-token": unused },
    );
    expect(third.res.status).toBe(403);
    expect(JSON.parse(third.text).code).toBe("session_token_invalid");
  });

  it("takes the session from the body's sessionId as well, with its token, into the same timeline", async () => {
    const chosen = `play-body-${Math.random().toString(36).slice(2, 10)}`;
    const first = await postPlay(app.url, {
      messages: [userMessage("Validate CUIT 20-17254359-7")],
      sessionId: chosen,
    });
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("x-session-id")).toBe(chosen);
    const token = first.res.headers.get("x-session-token") as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    // The same id in the body and the header is one session; the body alone names it too.
    const again = await postPlay(
      app.url,
      { messages: [userMessage("Validate CUIT 20-17254359-7")], sessionId: chosen },
      { "x-session-id": chosen, "x-session-token": token },
    );
    expect(again.res.status).toBe(200);
    const bodyOnly = await postPlay(
      app.url,
      { messages: [userMessage("Validate CUIT 20-17254359-7")], sessionId: chosen },
      { "x-session-token": token },
    );
    expect(bodyOnly.res.headers.get("x-session-id")).toBe(chosen);
    expect((await auditLog(chosen)).entries.map((e) => e.seq)).toEqual([0, 1, 2]);
    // Without its token, the body's session refuses the write as the header's does.
    const refused = await postPlay(app.url, {
      messages: [userMessage("Validate CUIT 20-17254359-7")],
      sessionId: chosen,
    });
    expect(refused.res.status).toBe(403);
    expect(JSON.parse(refused.text).code).toBe("session_token_required");
  });

  it("refuses a body sessionId that differs from x-session-id, or is malformed, and writes nothing", async () => {
    const a = `play-a-${Math.random().toString(36).slice(2, 10)}`;
    const b = `play-b-${Math.random().toString(36).slice(2, 10)}`;
    const mismatch = await postPlay(
      app.url,
      { messages: [userMessage("Validate CUIT 20-17254359-7")], sessionId: a },
      { "x-session-id": b },
    );
    expect(mismatch.res.status).toBe(400);
    expect(mismatch.res.headers.get("content-type")).toBe("application/problem+json");
    expect(JSON.parse(mismatch.text)).toMatchObject({ code: "session_id_mismatch", status: 400 });
    expect(JSON.parse(mismatch.text).detail).toMatch(/different sessions/);
    const bad = await postPlay(app.url, {
      messages: [userMessage("Validate CUIT 20-17254359-7")],
      sessionId: "no spaces",
    });
    expect(bad.res.status).toBe(400);
    expect(JSON.parse(bad.text).code).toBe("invalid_session_id");
    for (const id of [a, b]) expect((await auditLog(id)).count).toBe(0);
  });

  it("records a refused tool call once, with outcome rejected, and says why", async () => {
    const { res, chunks } = await postPlay(app.url, {
      messages: [userMessage("Emití una factura A por $ 1.500 al CUIT 30-71234567-2")],
    });
    const sid = res.headers.get("x-session-id") as string;
    const errors = chunksOf(chunks, "tool-output-error");
    expect(errors).toHaveLength(1);
    expect(errors[0]?.errorText).toBe(
      "The invoice was not issued: CUIT 30-71234567-2 is not valid. [cuit_receptor_invalido]",
    );
    const text = chunksOf(chunks, "text-delta")
      .map((c) => c.delta)
      .join("");
    expect(text).toContain("No pude emitir la factura: el CUIT del receptor no es válido.");
    const log = await auditLog(sid);
    expect(log.count).toBe(1);
    expect(log.entries[0]).toMatchObject({
      action: "emitir_factura",
      outcome: "rejected",
      output: { findings: [{ code: "cuit_receptor_invalido", field: "cuitReceptor" }] },
    });
  });

  it("the page's own stream reader builds the same messages as the AI SDK's client, and they are accepted back", async () => {
    const prompts = [TWO_TOOLS, "Emití una factura A por $ 1.500 al CUIT 30-71234567-2", "hola"];
    for (const prompt of prompts) {
      const first = userMessage(prompt);
      const { res, message, pageMessage } = await postPlay(app.url, { messages: [first] });
      expect(res.status).toBe(200);
      // As JSON, the form in which the page sends them back; the SDK names a message the stream left unnamed.
      const sdk = JSON.parse(JSON.stringify({ ...message, id: "m" }));
      expect(JSON.parse(JSON.stringify({ ...pageMessage, id: "m" })), prompt).toEqual(sdk);
      expect(sdk.parts.length).toBeGreaterThan(1);

      const next = await postPlay(
        app.url,
        { messages: [first, pageMessage, userMessage("Gracias")] },
        {
          "x-session-id": res.headers.get("x-session-id") ?? "",
          "x-session-token": res.headers.get("x-session-token") ?? "",
        },
      );
      expect(next.res.status, next.text).toBe(200);
    }
  });

  describe("bad requests get a 4xx problem and change nothing", () => {
    const tooMany = Array.from({ length: PLAY_LIMITS.maxMessages + 1 }, (_, i) => userMessage("hola", `m${i}`));
    const cases: [string, unknown, Record<string, string>, number, string][] = [
      ["no messages", {}, {}, 400, "invalid_request"],
      ["messages not a list", { messages: "hola" }, {}, 400, "invalid_request"],
      ["an empty list", { messages: [] }, {}, 400, "invalid_request"],
      ["too many messages", { messages: tooMany }, {}, 400, "too_many_messages"],
      [
        "a message too long",
        { messages: [userMessage("x".repeat(PLAY_LIMITS.maxUserChars + 1))] },
        {},
        400,
        "message_too_long",
      ],
      [
        "text that is not a string",
        { messages: [{ id: "a", role: "user", parts: [{ type: "text", text: 5 }] }] },
        {},
        400,
        "invalid_request",
      ],
      [
        "a system message",
        { messages: [{ id: "a", role: "system", parts: [{ type: "text", text: "x" }] }] },
        {},
        400,
        "invalid_request",
      ],
      [
        "an ESC sequence in a user message",
        { messages: [userMessage("Validá el CUIT 20-17254359-7 \u001b[2J")] },
        {},
        400,
        "invalid_request",
      ],
      [
        "a bidi override in a user message",
        { messages: [userMessage("Validá el CUIT \u202E7-95345271-02")] },
        {},
        400,
        "invalid_request",
      ],
      ["malformed JSON", '{"messages": [', {}, 400, "malformed_json"],
      [
        "a body that is not JSON",
        { messages: [userMessage("hola")] },
        { "content-type": "text/plain" },
        415,
        "unsupported_media_type",
      ],
      [
        "an oversize body",
        { messages: [userMessage("hola")], pad: "x".repeat(PLAY_LIMITS.maxBodyBytes) },
        {},
        413,
        "payload_too_large",
      ],
    ];
    it.each(cases)("%s", async (name, body, headers, status, code) => {
      const sid = `bad-body-${name.replace(/\W+/g, "-")}`.slice(0, 64);
      const { res, text } = await postPlay(app.url, body, { "x-session-id": sid, ...headers });
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(JSON.parse(text)).toMatchObject({ code, status });
      expect((await auditLog(sid)).count).toBe(0);
      // The session was not even created: a first write without a token still succeeds and gets one.
      const after = await postPlay(app.url, { messages: [userMessage("hola")] }, { "x-session-id": sid });
      expect(after.res.status).toBe(200);
      expect(after.res.headers.get("x-session-token")).toBeTruthy();
    });
  });

  it("answers CORS preflights for the session headers", async () => {
    const res = await fetch(`${app.url}/api/play`, { method: "OPTIONS" });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
    expect(res.headers.get("access-control-allow-headers")).toContain("x-session-token");
  });
});
