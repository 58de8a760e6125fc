import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isValidCuit } from "@/lib/identity/cuit";
import { SANDBOX_ISSUER_CUIT } from "@/lib/play/invoice";
import { SANDBOX_HOST } from "@/lib/play/sandbox";
import { isToolRejection } from "@/lib/play/tool-rejection";
import { PLAY_TOOL_NAMES, type PlayToolName, playTools } from "@/lib/play/tools";
import { toWhatsappNumber } from "@/lib/play/tools/enviar-whatsapp";

type Out = Record<string, unknown>;

/** Runs a tool as the AI SDK would: input parsed with its schema, then execute. */
async function run(name: PlayToolName, input: unknown): Promise<Out> {
  const t = playTools[name];
  const parsed = (t.inputSchema as z.ZodType).parse(input);
  const execute = t.execute as (input: unknown, options: unknown) => Promise<Out> | Out;
  return await execute(parsed, { toolCallId: "test-call", messages: [], context: undefined });
}

async function rejection(name: PlayToolName, input: unknown) {
  const err = await run(name, input).then(
    () => null,
    (e: unknown) => e,
  );
  expect(isToolRejection(err), `${name} should refuse ${JSON.stringify(input)}`).toBe(true);
  return err as Error & { findings: { code: string }[] };
}

describe("the 12 demo tools", () => {
  it("are twelve, each with a zod input schema an LLM can read and a description", () => {
    expect(PLAY_TOOL_NAMES).toHaveLength(12);
    for (const name of PLAY_TOOL_NAMES) {
      const t = playTools[name];
      expect(t.description?.length, name).toBeGreaterThan(60);
      const schema = z.toJSONSchema(t.inputSchema as z.ZodType) as { type: string };
      expect(schema.type, name).toBe("object");
    }
  });

  it("label every output as sandbox and give the same output for the same input", async () => {
    const inputs: Record<PlayToolName, unknown> = {
      validar_cuit: { cuit: "20-17254359-7" },
      consultar_padron_arca: { cuit: "30-71234567-1" },
      validar_cbu: { cbu: "2850590940090418135201" },
      consultar_central_deudores: { cuit: "20-17254359-7", periodo: "2026-09" },
      cotizacion_dolar_oficial: { fecha: "2026-01-15" },
      validar_factura: { tipo: "B", importeTotal: 12100 },
      emitir_factura: { tipo: "B", importeTotal: 12100, fecha: "2026-01-15" },
      crear_link_de_pago: { monto: 15000, descripcion: "Factura B" },
      crear_suscripcion: { monto: 5000, descripcion: "Hosting" },
      enviar_whatsapp: { telefono: "11 5555-1234", mensaje: "Hola" },
      buscar_boletin_oficial: { consulta: "sociedades" },
      consultar_igj: { cuit: "30-70987654-2" },
    };
    for (const name of PLAY_TOOL_NAMES) {
      const first = await run(name, inputs[name]);
      expect(first.sandbox, name).toBe(true);
      expect(await run(name, inputs[name]), name).toEqual(first);
    }
  });
});

describe("validar_cuit", () => {
  it("validates with the modulo-11 check digit and names the taxpayer type", async () => {
    expect(await run("validar_cuit", { cuit: "20172543597" })).toEqual({
      sandbox: true,
      cuit: "20-17254359-7",
      valido: true,
      motivo: null,
      digitoVerificadorEsperado: 7,
      tipo: "persona_humana",
    });
    expect(await run("validar_cuit", { cuit: "30-71234567-9" })).toMatchObject({
      valido: false,
      motivo: "digito_verificador",
      digitoVerificadorEsperado: 1,
      tipo: "persona_juridica",
    });
    expect(await run("validar_cuit", { cuit: "no es un cuit" })).toMatchObject({ valido: false, motivo: "formato" });
  });
});

describe("consultar_padron_arca", () => {
  it("returns a registry record that fits the CUIT's type", async () => {
    const company = await run("consultar_padron_arca", { cuit: "30-71234567-1" });
    expect(company).toMatchObject({ cuit: "30-71234567-1", tipoPersona: "JURIDICA", estadoClave: "ACTIVO" });
    expect(String(company.denominacion)).toMatch(/S\.A\.S\.|S\.R\.L\.|S\.A\./);
    expect(await run("consultar_padron_arca", { cuit: "20-17254359-7" })).toMatchObject({ tipoPersona: "FISICA" });
  });

  it("refuses an invalid CUIT instead of inventing a record", async () => {
    const err = await rejection("consultar_padron_arca", { cuit: "20-17254359-8" });
    expect(err.findings[0]?.code).toBe("cuit_invalido");
  });
});

describe("validar_cbu", () => {
  it("validates both check digits and names the bank", async () => {
    expect(await run("validar_cbu", { cbu: "2850590940090418135201" })).toMatchObject({
      valido: true,
      banco: { codigo: "285", nombre: "Banco Macro" },
      sucursal: "0590",
      cuenta: "4009041813520",
    });
    expect(await run("validar_cbu", { cbu: "2850590940090418135209" })).toMatchObject({
      valido: false,
      motivo: "digito_verificador_bloque_2",
    });
    expect(await run("validar_cbu", { cbu: "123" })).toMatchObject({ valido: false, motivo: "formato", banco: null });
  });
});

describe("consultar_central_deudores", () => {
  it("classifies the debtor from 1 to 5 with the BCRA's wording", async () => {
    const out = await run("consultar_central_deudores", { cuit: "30-71234567-1", periodo: "2026-09" });
    expect(out.periodo).toBe("2026-09");
    expect([1, 2, 3, 4, 5]).toContain(out.situacion);
    expect((out.deudas as Out[])[0]?.situacion).toBe(out.situacion);
    const wording: Record<number, string> = {
      1: "Normal",
      2: "Con seguimiento especial / riesgo bajo",
      3: "Con problemas / riesgo medio",
      4: "Con alto riesgo de insolvencia / riesgo alto",
      5: "Irrecuperable",
    };
    for (const cuit of ["20-17254359-7", "20-30123456-3", "27-27345678-9", "30-70987654-2"]) {
      const each = await run("consultar_central_deudores", { cuit, periodo: "2026-09" });
      expect(each.descripcion, cuit).toBe(wording[each.situacion as number]);
    }
  });

  it("refuses an invalid CUIT and a malformed period", async () => {
    await rejection("consultar_central_deudores", { cuit: "30-71234567-2" });
    await expect(run("consultar_central_deudores", { cuit: "30-71234567-1", periodo: "2026-13" })).rejects.toThrow();
  });
});

describe("cotizacion_dolar_oficial", () => {
  it("gives a wholesale rate and a retail spread for a date", async () => {
    const out = await run("cotizacion_dolar_oficial", { fecha: "2026-01-15" });
    const retail = out.minorista as { comprador: number; vendedor: number };
    expect(out).toMatchObject({ fecha: "2026-01-15", moneda: "USD" });
    expect(out.mayoristaA3500).toBeGreaterThanOrEqual(1000);
    expect(retail.vendedor).toBeGreaterThan(retail.comprador);
    expect(await run("cotizacion_dolar_oficial", { fecha: "2026-01-16" })).not.toEqual(out);
  });
});

describe("validar_factura and emitir_factura", () => {
  it("split a total into net and VAT, with no VAT on a type C invoice", async () => {
    expect(await run("validar_factura", { tipo: "B", importeTotal: 12100 })).toMatchObject({
      valida: true,
      comprobante: "Factura B",
      cuitEmisor: SANDBOX_ISSUER_CUIT,
      neto: 10000,
      iva: 2100,
      total: 12100,
    });
    expect(await run("validar_factura", { tipo: "C", importeTotal: 500 })).toMatchObject({ neto: 500, iva: 0 });
  });

  it("find what is wrong with an invoice", async () => {
    const out = await run("validar_factura", { tipo: "A", importeTotal: 100, cuitEmisor: "30-71234567-2" });
    expect(out.valida).toBe(false);
    expect((out.hallazgos as { code: string }[]).map((f) => f.code)).toEqual([
      "cuit_emisor_invalido",
      "receptor_requerido",
    ]);
  });

  it("issue with a synthetic 14-digit CAE that depends on the invoice", async () => {
    const input = { tipo: "A", importeTotal: 1500, cuitReceptor: "30-71234567-1", fecha: "2026-01-15" };
    const out = await run("emitir_factura", input);
    expect(out).toMatchObject({ comprobante: "Factura A", fecha: "2026-01-15", vencimientoCae: "2026-01-25" });
    expect(out.cae).toMatch(/^[1-9]\d{13}$/);
    expect(out.numero).toMatch(/^00001-\d{8}$/);
    expect((await run("emitir_factura", { ...input, importeTotal: 1501 })).cae).not.toBe(out.cae);
  });

  it("refuse to issue an invalid invoice, naming why", async () => {
    const err = await rejection("emitir_factura", { tipo: "A", importeTotal: 1500, cuitReceptor: "30-71234567-2" });
    expect(err.findings.map((f) => f.code)).toEqual(["cuit_receptor_invalido"]);
    expect(err.message).toMatch(/not issued/);
    await expect(run("emitir_factura", { tipo: "D", importeTotal: 1 })).rejects.toThrow();
    for (const fecha of ["2025-02-31", "2025-13-45", "2025-00-10", "2025-1-05"]) {
      await expect(run("emitir_factura", { tipo: "B", importeTotal: 100, fecha }), fecha).rejects.toThrow(/date/);
      await expect(run("cotizacion_dolar_oficial", { fecha }), fecha).rejects.toThrow(/date|pattern|Invalid/);
    }
    expect(await run("emitir_factura", { tipo: "B", importeTotal: 100, fecha: "2028-02-29" })).toMatchObject({
      fecha: "2028-02-29",
    });
    await expect(run("emitir_factura", { tipo: "B", importeTotal: -5 })).rejects.toThrow();
  });
});

describe("crear_link_de_pago and crear_suscripcion", () => {
  it("make links on the reserved sandbox host", async () => {
    const link = await run("crear_link_de_pago", { monto: 15000, descripcion: "Factura B 00001-00000001" });
    expect(link).toMatchObject({ monto: 15000, moneda: "ARS", estado: "pendiente", venceEnDias: 7 });
    expect(String(link.url)).toBe(`https://pagos.${SANDBOX_HOST}/checkout/${link.id}`);
    const sub = await run("crear_suscripcion", { monto: 5000, descripcion: "Hosting", frecuencia: "anual" });
    expect(sub).toMatchObject({ frecuencia: "anual", diaDeCobro: 10, estado: "pendiente_de_autorizacion" });
    expect(String(sub.urlDeAutorizacion)).toContain(SANDBOX_HOST);
  });
});

describe("enviar_whatsapp", () => {
  it("normalises Argentine numbers to E.164 with the mobile 9", () => {
    for (const raw of ["+54 9 11 5555-1234", "+54 11 5555 1234", "11 5555-1234", "011 15 5555-1234", "5491155551234"]) {
      expect(toWhatsappNumber(raw), raw).toBe("+5491155551234");
    }
    expect(toWhatsappNumber("+1 415 555 0100")).toBe("+14155550100");
    expect(toWhatsappNumber("12345")).toBeNull();
    expect(toWhatsappNumber("llamame")).toBeNull();
  });

  it("accepts a message without delivering it, and refuses a bad number", async () => {
    const out = await run("enviar_whatsapp", { telefono: "11 5555-1234", mensaje: "Hola 👋" });
    expect(out).toMatchObject({ estado: "aceptado", para: "+5491155551234", caracteres: 6, entregado: false });
    expect(out.messageId).toMatch(/^wamid\.SANDBOX\.[0-9A-F]{24}$/);
    const err = await rejection("enviar_whatsapp", { telefono: "123-456", mensaje: "x" });
    expect(err.findings[0]?.code).toBe("telefono_invalido");
  });
});

describe("buscar_boletin_oficial", () => {
  it("returns as many results as asked, in the section asked", async () => {
    const out = await run("buscar_boletin_oficial", { consulta: "fintech", seccion: "segunda", limite: 5 });
    const results = out.resultados as Out[];
    expect(results).toHaveLength(5);
    expect(results.every((r) => r.seccion === "segunda")).toBe(true);
    expect(String(results[0]?.titulo)).toContain("FINTECH");
    expect(((await run("buscar_boletin_oficial", { consulta: "fintech" })).resultados as Out[]).length).toBe(3);
  });
});

describe("consultar_igj", () => {
  it("finds a company by CUIT or by name, and never a person", async () => {
    expect(await run("consultar_igj", { cuit: "30-70987654-2" })).toMatchObject({
      encontrada: true,
      cuit: "30-70987654-2",
      jurisdiccion: "Ciudad Autónoma de Buenos Aires",
    });
    const byName = await run("consultar_igj", { denominacion: "Andes Agentes" });
    expect(String(byName.denominacion)).toMatch(/^ANDES AGENTES /);
    expect(isValidCuit(String(byName.cuit))).toBe(true);
    expect(await run("consultar_igj", { cuit: "20-17254359-7" })).toMatchObject({ encontrada: false });
  });

  it("needs a CUIT or a name, and refuses an invalid CUIT", async () => {
    await expect(run("consultar_igj", {})).rejects.toThrow(/cuit or denominacion/);
    await rejection("consultar_igj", { cuit: "30-70987654-3" });
  });
});
