import { generateText, isStepCount, streamText } from "ai";
import { describe, expect, it } from "vitest";
import { play } from "@/app/(pages)/play/words";
import { completeInput } from "@/lib/play/scripted/complete-input";
import { detectLang } from "@/lib/play/scripted/detect-lang";
import { extractValues, parseAmount } from "@/lib/play/scripted/extract-values";
import { money } from "@/lib/play/scripted/format";
import { nextScriptedStep } from "@/lib/play/scripted/next-step";
import { planToolCalls } from "@/lib/play/scripted/plan-tool-calls";
import { ScriptedModel } from "@/lib/play/scripted/scripted-model";
import { playTools } from "@/lib/play/tools";

const names = (message: string) => planToolCalls(message).calls.map((c) => c.toolName);

describe("the scripted model's plan", () => {
  it.each([
    [
      "Validá el CUIT 20-17254359-7 y consultá su situación en la Central de Deudores",
      ["validar_cuit", "consultar_central_deudores"],
    ],
    [
      "Emití una factura B por $15.000 al CUIT 30-71234567-1 y mandá el link de pago por WhatsApp al 11 5555-1234",
      ["emitir_factura", "crear_link_de_pago", "enviar_whatsapp"],
    ],
    [
      "¿A cuánto está el dólar oficial? Validá también el CBU 2850590940090418135201",
      ["validar_cbu", "cotizacion_dolar_oficial"],
    ],
    ["Validá la factura A por $ 1.500.000,50 al CUIT 30-71234567-1", ["validar_factura"]],
    [
      "Cobrale 5 mil pesos a Juan y avisale por WhatsApp al 011 15 5555 1234",
      ["crear_link_de_pago", "enviar_whatsapp"],
    ],
    ["20-17254359-7", ["validar_cuit"]],
    ["Validate CUIT 20301234563 and look up its tax registry record", ["validar_cuit", "consultar_padron_arca"]],
    [
      "Issue a type A invoice for $1,250.50 to CUIT 30-71234567-1, then create a payment link",
      ["emitir_factura", "crear_link_de_pago"],
    ],
    ["Send a WhatsApp to +54 9 11 5555-1234 saying the invoice is ready", ["enviar_whatsapp"]],
    ["Create a monthly subscription of 5000 pesos for hosting", ["crear_suscripcion"]],
    ["Search the official gazette for fintech regulation", ["buscar_boletin_oficial"]],
    ['Look up the company "Andes Agentes" in the IGJ', ["consultar_igj"]],
  ])("%s", (message, expected) => {
    expect(names(message)).toEqual(expected);
  });

  it("reads the inputs from the text, in Spanish and English number styles", () => {
    expect(planToolCalls("Validá la factura A por $ 1.500.000,50 al CUIT 30-71234567-1").calls[0]?.input).toEqual({
      tipo: "A",
      importeTotal: 1500000.5,
      cuitReceptor: "30-71234567-1",
    });
    expect(planToolCalls("Issue a type A invoice for $1,250.50 to CUIT 30-71234567-1").calls[0]?.input).toMatchObject({
      tipo: "A",
      importeTotal: 1250.5,
    });
    expect(planToolCalls("Send a WhatsApp to +54 9 11 5555-1234 saying the invoice is ready").calls[0]?.input).toEqual({
      telefono: "+5491155551234",
      mensaje: "the invoice is ready",
    });
    expect(
      planToolCalls('Buscá en el Boletín Oficial "sociedades por acciones simplificadas"').calls[0]?.input,
    ).toEqual({ consulta: "sociedades por acciones simplificadas" });
  });

  it("says what is missing instead of guessing", () => {
    expect(planToolCalls("Validá un CUIT por favor")).toMatchObject({
      calls: [],
      missing: [{ toolName: "validar_cuit", need: "cuit" }],
    });
    expect(planToolCalls("Send a WhatsApp saying hi").missing).toEqual([
      { toolName: "enviar_whatsapp", need: "phone" },
    ]);
    expect(planToolCalls("Emití una factura B").missing).toEqual([{ toolName: "emitir_factura", need: "amount" }]);
  });

  it("plans at least two tools for every example prompt of the page, with nothing missing", () => {
    for (const lang of ["es", "en"] as const) {
      for (const prompt of Object.values(play[lang].examples.prompts)) {
        const plan = planToolCalls(prompt);
        expect(plan.lang, prompt).toBe(lang);
        expect(plan.calls.length, prompt).toBeGreaterThanOrEqual(2);
        expect(plan.missing, prompt).toEqual([]);
      }
    }
  });

  it("tells Spanish from English", () => {
    expect(detectLang("¿A cuánto está el dólar?")).toBe("es");
    expect(detectLang("Validá el CUIT 20-17254359-7")).toBe("es");
    expect(detectLang("What is the official dollar rate?")).toBe("en");
    expect(detectLang("20-17254359-7")).toBe("es");
  });

  it("parses amounts as people write them", () => {
    expect(parseAmount("15.000")).toBe(15000);
    expect(parseAmount("15.000,50")).toBe(15000.5);
    expect(parseAmount("15,000.50")).toBe(15000.5);
    expect(parseAmount("1,5", "millones")).toBe(1_500_000);
    expect(parseAmount("5", "mil")).toBe(5000);
    expect(parseAmount("0")).toBeNull();
    expect(extractValues("cobrá $ 2.500 y 3000 pesos").amounts).toEqual([2500, 3000]);
    expect(extractValues("CBU 2850590940090418135201, CUIT 20172543597").cuits).toEqual(["20-17254359-7"]);
  });
});

describe("the scripted model's steps", () => {
  it("chains a payment link and a WhatsApp message to the invoice it issued", () => {
    const invoice = { total: 15000, comprobante: "Factura B", numero: "00001-00000042", cae: "12345678901234" };
    const link = completeInput(
      { toolName: "crear_link_de_pago", input: {} },
      [{ toolName: "emitir_factura", ok: true, output: invoice }],
      "es",
    );
    expect(link).toEqual({
      monto: 15000,
      descripcion: "Factura B 00001-00000042",
      referencia: "00001-00000042",
    });
    expect(completeInput({ toolName: "crear_link_de_pago", input: {} }, [], "es")).toBeNull();
    const message = completeInput(
      { toolName: "enviar_whatsapp", input: { telefono: "+5491155551234" } },
      [{ toolName: "crear_link_de_pago", ok: true, output: { monto: 15000, url: "https://x.example/l" } }],
      "en",
    );
    expect(message?.mensaje).toBe("Hi, here is the link to pay ARS 15,000.00: https://x.example/l");
  });

  it("answers from the tool results once every planned call has one", () => {
    const step = nextScriptedStep([
      {
        role: "user",
        content: [{ type: "text", text: "Validá el CUIT 20-17254359-7 y el CBU 2850590940090418135201" }],
      },
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "a", toolName: "validar_cuit", input: {} }] },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "a",
            toolName: "validar_cuit",
            output: { type: "json", value: { cuit: "20-17254359-7", valido: true, tipo: "persona_humana" } },
          },
        ],
      },
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "b", toolName: "validar_cbu", input: {} }] },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "b",
            toolName: "validar_cbu",
            output: { type: "error-text", value: "boom [telefono_invalido]" },
          },
        ],
      },
    ]);
    expect(step.type).toBe("text");
    const text = step.type === "text" ? step.text : "";
    expect(text).toContain("El CUIT 20-17254359-7 es válido (persona humana).");
    expect(text).toContain("No pude validar el CBU: el número de teléfono no es válido.");
  });

  it("runs a whole agent loop with the real tools: two tool calls, then an answer that uses their outputs", async () => {
    const result = await generateText({
      model: new ScriptedModel(),
      tools: playTools,
      stopWhen: isStepCount(8),
      prompt: "Emití una factura B por $15.000 al CUIT 30-71234567-1 y creá el link de pago",
    });
    const calls = result.steps.flatMap((s) => s.toolCalls.map((c) => c.toolName));
    expect(calls).toEqual(["emitir_factura", "crear_link_de_pago"]);
    const results = result.steps.flatMap((s) => s.toolResults) as { output: Record<string, unknown> }[];
    const invoice = results[0]?.output as { cae: string; total: number };
    const link = results[1]?.output as { url: string; monto: number };
    expect(link.monto).toBe(invoice.total);
    expect(result.text).toContain(`CAE ${invoice.cae}`);
    expect(result.text).toContain(link.url);
    expect(result.finishReason).toBe("stop");
  });

  it("streams the same loop, with the answer in the language of the question", async () => {
    const result = streamText({
      model: new ScriptedModel(),
      tools: playTools,
      stopWhen: isStepCount(8),
      prompt: "Validate CUIT 20-17254359-7 and check its credit situation with the BCRA",
    });
    const types: string[] = [];
    for await (const part of result.stream) types.push(part.type);
    expect(types.filter((t) => t === "tool-call")).toHaveLength(2);
    expect(types.filter((t) => t === "tool-result")).toHaveLength(2);
    expect(await result.text).toMatch(/^Done\. Here is what I did/);
    expect(await result.text).toContain("CUIT 20-17254359-7 is valid (a person).");
  });

  it("explains what it can do when asked for nothing it knows", async () => {
    const result = await generateText({
      model: new ScriptedModel(),
      tools: playTools,
      prompt: "hello there, what can you do?",
    });
    expect(result.steps).toHaveLength(1);
    expect(result.text).toMatch(/^I am the demo agent/);
  });
});

describe("the scripted answers' amounts", () => {
  it("are written as each language writes pesos, with cents", () => {
    expect(money(15_000, "es")).toBe("$ 15.000,00");
    expect(money("1500000.5", "es")).toBe("$ 1.500.000,50");
    expect(money(15_000, "en")).toBe("ARS 15,000.00");
  });
});
