import { describe, expect, it } from "vitest";
import { checkToolCall } from "@/lib/play/refuse-tool-call";
import { type LedgerRecord, ToolCallLedger } from "@/lib/play/tool-call-ledger";

function ledgerWithLog() {
  const log: LedgerRecord[] = [];
  const ledger = new ToolCallLedger(async (record) => {
    log.push(record);
  });
  const add = (id: string, name: string, input: string) => ledger.add({ id, ...checkToolCall(name, input) });
  const run = (id: string, name: string) =>
    ledger.recordRun({ toolCallId: id, toolName: name, input: {}, output: { ok: true }, outcome: "ok" });
  return { log, ledger, add, run };
}

describe("the ledger of a request's tool calls", () => {
  it("records a refusal only once every call before it has run, so the log keeps call order", async () => {
    const { log, ledger, add, run } = ledgerWithLog();
    add("1", "validar_cuit", '{"cuit":"20-17254359-7"}');
    add("2", "no_existe", "{}");
    add("3", "validar_cuit", '{"cuit":"20-17254359-7"}');
    add("4", "validar_cuit", "{nope");
    await ledger.settle();
    expect(log).toEqual([]);
    await run("1", "validar_cuit");
    expect(log.map((r) => [r.toolCallId, r.outcome])).toEqual([
      ["1", "ok"],
      ["2", "rejected"],
    ]);
    await run("3", "validar_cuit");
    expect(log.map((r) => [r.toolCallId, r.outcome])).toEqual([
      ["1", "ok"],
      ["2", "rejected"],
      ["3", "ok"],
      ["4", "rejected"],
    ]);
    expect(log[1]?.output).toEqual({ error: "tool_unknown" });
    expect(log[3]).toMatchObject({ input: { excerpt: "{nope", chars: 5 }, output: { error: "input_not_json" } });
  });

  it("records the refusals of a step whose calls will not run, and never runs a refused call", async () => {
    const { log, ledger, add, run } = ledgerWithLog();
    add("1", "validar_cuit", '{"cuit":"20-17254359-7"}');
    add("2", "validar_cuit", '{"cuit":1}');
    ledger.dropUnrun();
    await ledger.settle();
    expect(log.map((r) => [r.toolCallId, r.output])).toEqual([["2", { error: "input_invalid", field: "cuit" }]]);
    await expect(run("1", "validar_cuit")).rejects.toThrow(/not a pending call/);
    await expect(run("2", "validar_cuit")).rejects.toThrow(/not a pending call/);
    expect(log).toHaveLength(1);
  });

  it("refuses hidden characters and oversize input, and escapes and caps what it keeps of them", () => {
    expect(
      checkToolCall("enviar_whatsapp", JSON.stringify({ telefono: "1155551234", mensaje: "a\u202eb" })),
    ).toMatchObject({
      refusal: { code: "input_hidden_characters", field: "mensaje" },
    });
    expect(checkToolCall("buscar_boletin_oficial", JSON.stringify({ consulta: "x".repeat(5000) })).refusal).toEqual({
      code: "input_too_large",
    });
    const named = checkToolCall(`a\u200b${"b".repeat(100)}`, "{}");
    expect(named.toolName).toBe(`a\ufffd${"b".repeat(62)}`);
    expect(named.refusal).toEqual({ code: "tool_unknown" });
    // Multi-line text stays allowed.
    expect(checkToolCall("enviar_whatsapp", JSON.stringify({ telefono: "1155551234", mensaje: "a\nb" })).refusal).toBe(
      null,
    );
  });
});
