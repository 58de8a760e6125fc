import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/problem";
import { PLAY_LIMITS } from "@/lib/play/limits";
import { checkPlayRequest, playRequest, refusePlayRequest } from "@/lib/play/parse-play-request";

/** What POST /api/play makes of a body: serve() parses it with playRequest, then the checks or the refusal run. */
async function parsePlayRequest(body: unknown) {
  const parsed = playRequest.safeParse(body);
  return parsed.success ? checkPlayRequest(parsed.data) : refusePlayRequest(body, null);
}

const user = (text: string, id = "u1") => ({ id, role: "user", parts: [{ type: "text", text }] });

async function failure(body: unknown): Promise<ApiError> {
  const err = await parsePlayRequest(body).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe("POST /api/play body", () => {
  it("accepts what useChat sends, and hand-written messages without ids", async () => {
    const messages = await parsePlayRequest({ id: "chat", trigger: "submit-message", messages: [user("hola")] });
    expect(messages).toEqual([user("hola")]);
    const [first] = await parsePlayRequest({ messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }] });
    expect(first?.id).toBe("message-0");
  });

  it("accepts a conversation with earlier tool calls and audit parts", async () => {
    const assistant = {
      id: "a1",
      role: "assistant",
      parts: [
        { type: "step-start" },
        {
          type: "tool-validar_cuit",
          toolCallId: "call_1",
          state: "output-available",
          input: { cuit: "20-17254359-7" },
          output: { valido: true },
        },
        { type: "data-audit", id: "call_1", data: { seq: 0 } },
        { type: "text", text: "Listo." },
      ],
    };
    expect(await parsePlayRequest({ messages: [user("a"), assistant, user("b", "u2")] })).toHaveLength(3);
  });

  it("refuses no messages, wrong types and roles, with invalid_request", async () => {
    for (const body of [
      {},
      { messages: [] },
      { messages: "hola" },
      { messages: [{ role: "system", parts: [{ type: "text", text: "x" }] }] },
      { messages: [{ role: "user", parts: "hola" }] },
      { messages: [{ role: "user", parts: [{ type: "text", text: 5 }] }] },
      { messages: [user("hola"), { id: "a", role: "assistant", parts: [{ type: "text", text: "ok" }] }] },
      { messages: [user("   ")] },
      {
        messages: [
          {
            id: "u",
            role: "user",
            parts: [
              { type: "tool-validar_cuit", toolCallId: "x", state: "output-available", input: { cuit: 5 }, output: {} },
              { type: "text", text: "hola" },
            ],
          },
        ],
      },
    ]) {
      const err = await failure(body);
      expect(err.code, JSON.stringify(body)).toBe("invalid_request");
      expect(err.status).toBe(400);
    }
  });

  it("refuses control, zero-width and bidi characters in a user message, as the registry does", async () => {
    for (const text of ["Validá \u001b[2Jel CUIT", "CUIT \u202E7-95345271-02", "hola\u0000", "ho\u200Bla"]) {
      const err = await parsePlayRequest({ messages: [user(text)] }).catch((e) => e);
      expect(err, JSON.stringify(text)).toMatchObject({ code: "invalid_request", status: 400 });
      expect(err.detail).toContain("Message 0");
    }
    // Line breaks, tabs and emoji joined with U+200D are ordinary text.
    await expect(parsePlayRequest({ messages: [user("Hola\n\tValidá 👩\u200D💻")] })).resolves.toHaveLength(1);
  });

  it("caps the number of messages and the length of a user message", async () => {
    const many = Array.from({ length: PLAY_LIMITS.maxMessages + 1 }, (_, i) => user("hola", `m${i}`));
    const tooMany = await failure({ messages: many });
    expect(tooMany.code).toBe("too_many_messages");
    expect(tooMany.extensions).toEqual({ maxMessages: PLAY_LIMITS.maxMessages });

    const tooLong = await failure({ messages: [user("x".repeat(PLAY_LIMITS.maxUserChars + 1))] });
    expect(tooLong.code).toBe("message_too_long");
    expect(tooLong.extensions).toEqual({ maxChars: PLAY_LIMITS.maxUserChars, path: "messages.0" });
    expect(await parsePlayRequest({ messages: [user("ñ".repeat(PLAY_LIMITS.maxUserChars))] })).toHaveLength(1);
  });
});
