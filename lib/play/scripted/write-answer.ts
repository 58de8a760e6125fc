import type { Lang } from "../../i18n/lang";
import type { PlayToolName } from "../tools";
import { day, money } from "./format";
import type { MissingValue } from "./plan-tool-calls";
import type { ToolOutcome } from "./tool-outcome";

type Out = Record<string, unknown>;
type Summary = (o: Out) => string;

/** What each tool does, as the object of "I could not ..." / "To ..., I need ...". */
const ACTION: Record<PlayToolName, Record<Lang, string>> = {
  validar_cuit: { es: "validar el CUIT", en: "validate the CUIT" },
  consultar_padron_arca: { es: "consultar el padrón de ARCA", en: "look up the ARCA tax registry" },
  validar_cbu: { es: "validar el CBU", en: "validate the CBU" },
  consultar_central_deudores: { es: "consultar la Central de Deudores", en: "check the BCRA debtor registry" },
  cotizacion_dolar_oficial: { es: "consultar el dólar oficial", en: "get the official dollar rate" },
  validar_factura: { es: "validar la factura", en: "validate the invoice" },
  emitir_factura: { es: "emitir la factura", en: "issue the invoice" },
  crear_link_de_pago: { es: "crear el link de pago", en: "create the payment link" },
  crear_suscripcion: { es: "crear la suscripción", en: "create the subscription" },
  enviar_whatsapp: { es: "enviar el WhatsApp", en: "send the WhatsApp message" },
  buscar_boletin_oficial: { es: "buscar en el Boletín Oficial", en: "search the Official Gazette" },
  consultar_igj: { es: "consultar la IGJ", en: "look up the IGJ company registry" },
};

const NEED: Record<MissingValue["need"], Record<Lang, string>> = {
  cuit: { es: "un CUIT de 11 dígitos (por ejemplo, 20-17254359-7)", en: "an 11-digit CUIT (e.g. 20-17254359-7)" },
  cbu: { es: "un CBU de 22 dígitos", en: "a 22-digit CBU" },
  amount: { es: "un importe (por ejemplo, $ 15.000)", en: "an amount (e.g. $15,000)" },
  phone: { es: "un teléfono (por ejemplo, 11 5555-1234)", en: "a phone number (e.g. +54 9 11 5555-1234)" },
  company: {
    es: "el CUIT de la empresa o su nombre entre comillas",
    en: "the company's CUIT or its name in quotes",
  },
};

/** Spanish for the codes a rejected call's error ends with (`... [code, code]`): tools explain themselves in English. */
const REASON_ES: Record<string, string> = {
  cuit_invalido: "el CUIT no es válido (formato o dígito verificador)",
  cuit_emisor_invalido: "el CUIT del emisor no es válido",
  cuit_receptor_invalido: "el CUIT del receptor no es válido",
  receptor_requerido: "una factura A necesita el CUIT del receptor",
  telefono_invalido: "el número de teléfono no es válido",
};

/** A failed call's reason in the answer's language. */
function reason(error: string, lang: Lang): string {
  const match = /^(.*?)\s*\[([a-z_, ]+)\]$/s.exec(error);
  if (lang === "en") return match ? (match[1] as string) : error;
  const codes = match ? (match[2] as string).split(/,\s*/) : [];
  const known = codes.map((c) => REASON_ES[c]).filter(Boolean);
  return known.length > 0
    ? `${known.join("; ")}.`
    : "la herramienta rechazó los datos; el motivo está en la tarjeta de la llamada.";
}

const PERSON: Record<string, Record<Lang, string>> = {
  persona_humana: { es: "persona humana", en: "a person" },
  persona_juridica: { es: "persona jurídica", en: "a company" },
  desconocido: { es: "tipo de contribuyente desconocido", en: "unknown taxpayer type" },
};

function summaries(lang: Lang): Record<PlayToolName, Summary> {
  const es = lang === "es";
  const $ = (n: unknown) => money(n, lang);
  return {
    validar_cuit: (o) =>
      o.valido
        ? es
          ? `El CUIT ${o.cuit} es válido (${PERSON[String(o.tipo)]?.es}).`
          : `CUIT ${o.cuit} is valid (${PERSON[String(o.tipo)]?.en}).`
        : o.digitoVerificadorEsperado !== null
          ? es
            ? `El CUIT ${o.cuit} no es válido: el dígito verificador debería ser ${o.digitoVerificadorEsperado}.`
            : `CUIT ${o.cuit} is not valid: its check digit should be ${o.digitoVerificadorEsperado}.`
          : es
            ? `El CUIT ${o.cuit} no es válido.`
            : `CUIT ${o.cuit} is not valid.`,
    consultar_padron_arca: (o) => {
      const act = o.actividadPrincipal as Out;
      return es
        ? `Padrón de ARCA: ${o.denominacion}, ${o.condicionIva}, actividad ${act.codigo} (${act.descripcion}).`
        : `ARCA tax registry: ${o.denominacion}, ${o.condicionIva}, activity ${act.codigo} (${act.descripcion}).`;
    },
    validar_cbu: (o) => {
      const bank = o.banco as Out | null;
      const name = bank ? (bank.nombre ?? (es ? `banco ${bank.codigo}` : `bank ${bank.codigo}`)) : "";
      return o.valido
        ? es
          ? `El CBU ${o.cbu} es válido: ${name}, sucursal ${o.sucursal}.`
          : `CBU ${o.cbu} is valid: ${name}, branch ${o.sucursal}.`
        : es
          ? `El CBU ${o.cbu} no es válido (${String(o.motivo).replace(/_/g, " ")}).`
          : `CBU ${o.cbu} is not valid (${o.motivo === "formato" ? "it is not 22 digits" : "a check digit does not match"}).`;
    },
    consultar_central_deudores: (o) => {
      const debts = (o.deudas as unknown[]).length;
      return es
        ? `Central de Deudores (${o.periodo}): situación ${o.situacion}, «${o.descripcion}», con ${debts} ${debts === 1 ? "deuda informada" : "deudas informadas"}.`
        : `BCRA debtor registry (${o.periodo}): situation ${o.situacion} ("${o.descripcion}"), ${debts} reported ${debts === 1 ? "debt" : "debts"}.`;
    },
    cotizacion_dolar_oficial: (o) => {
      const retail = o.minorista as Out;
      return es
        ? `Dólar oficial del ${day(o.fecha, lang)}: mayorista ${$(o.mayoristaA3500)}; minorista ${$(retail.comprador)} compra y ${$(retail.vendedor)} venta.`
        : `Official dollar on ${o.fecha}: wholesale ${$(o.mayoristaA3500)}; retail ${$(retail.comprador)} buy, ${$(retail.vendedor)} sell.`;
    },
    validar_factura: (o) =>
      o.valida
        ? es
          ? `La ${o.comprobante} por ${$(o.total)} es válida: neto ${$(o.neto)} más IVA ${$(o.iva)}.`
          : `The ${o.comprobante} for ${$(o.total)} is valid: net ${$(o.neto)} plus VAT ${$(o.iva)}.`
        : es
          ? `La ${o.comprobante} tiene problemas: ${(o.hallazgos as Out[]).map((f) => f.code).join(", ")}.`
          : `The ${o.comprobante} has problems: ${(o.hallazgos as Out[]).map((f) => f.message).join(" ")}`,
    emitir_factura: (o) =>
      es
        ? `Emití la ${o.comprobante} N.º ${o.numero} por ${$(o.total)} con CAE ${o.cae} (vence el ${day(o.vencimientoCae, lang)}).`
        : `Issued ${o.comprobante} no. ${o.numero} for ${$(o.total)} with CAE ${o.cae} (valid until ${o.vencimientoCae}).`,
    crear_link_de_pago: (o) =>
      es ? `Link de pago por ${$(o.monto)}: ${o.url}` : `Payment link for ${$(o.monto)}: ${o.url}`,
    crear_suscripcion: (o) =>
      es
        ? `Suscripción ${o.frecuencia} de ${$(o.monto)}; quien paga la autoriza en ${o.urlDeAutorizacion}`
        : `Subscription (${o.frecuencia}) of ${$(o.monto)}; the payer authorises it at ${o.urlDeAutorizacion}`,
    enviar_whatsapp: (o) =>
      es
        ? `WhatsApp aceptado para ${o.para} (id ${o.messageId}); en sandbox no se entrega.`
        : `WhatsApp message accepted for ${o.para} (id ${o.messageId}); the sandbox delivers nothing.`,
    buscar_boletin_oficial: (o) => {
      const first = (o.resultados as Out[])[0];
      return es
        ? `Boletín Oficial: ${o.total} resultados para «${o.consulta}»; el primero, «${first?.titulo}» (${day(first?.fecha, lang)}).`
        : `Official Gazette: ${o.total} results for "${o.consulta}"; the first is "${first?.titulo}" (${first?.fecha}).`;
    },
    consultar_igj: (o) =>
      o.encontrada
        ? es
          ? `IGJ: ${o.denominacion} (CUIT ${o.cuit}), inscripta el ${day(o.fechaInscripcion, lang)} con el N.º correlativo ${o.numeroCorrelativo}; estado ${o.estado}.`
          : `IGJ: ${o.denominacion} (CUIT ${o.cuit}), registered on ${o.fechaInscripcion} with number ${o.numeroCorrelativo}; status ${o.estado}.`
        : es
          ? `IGJ: no registra el CUIT ${o.cuit}, que es de una persona humana.`
          : `IGJ: no record for CUIT ${o.cuit}, which belongs to a person.`,
  };
}

const HELP: Record<Lang, string> = {
  es: "Soy el agente de demostración: trabajo con 12 herramientas simuladas (sandbox) y cada llamada queda en la bitácora firmada de tu sesión. Puedo validar CUIT y CBU, consultar el padrón de ARCA, la Central de Deudores y la IGJ, dar el dólar oficial, validar y emitir facturas, crear links de pago y suscripciones, enviar WhatsApp y buscar en el Boletín Oficial. Probá, por ejemplo: «Validá el CUIT 20-17254359-7 y consultá su situación en la Central de Deudores».",
  en: "I am the demo agent: I work with 12 mocked (sandbox) tools and every call goes into the signed audit log. I can validate CUITs and CBUs, look up the ARCA tax registry, the BCRA debtor registry and the IGJ, give the official dollar rate, validate and issue invoices, create payment links and subscriptions, send WhatsApp messages and search the Official Gazette. Try, for example: “Validate CUIT 20-17254359-7 and check its credit situation”.",
};

/**
 * The scripted model's final answer: one line per tool call in the order they ran, built from their
 * outputs, then what it could not do for lack of a value. Plain text with "•" bullets.
 */
export function writeAnswer(
  lang: Lang,
  outcomes: ToolOutcome[],
  missing: { toolName: PlayToolName; need: MissingValue["need"] | "previous" }[],
): string {
  if (outcomes.length === 0 && missing.length === 0) return HELP[lang];
  const es = lang === "es";
  const say = summaries(lang);
  const lines = outcomes.map((o) => {
    if (!o.ok) {
      return es
        ? `No pude ${ACTION[o.toolName].es}: ${reason(o.error, lang)}`
        : `I could not ${ACTION[o.toolName].en}: ${reason(o.error, lang)}`;
    }
    try {
      return say[o.toolName](o.output);
    } catch {
      return es ? `Hecho: ${ACTION[o.toolName].es}.` : `Done: ${ACTION[o.toolName].en}.`;
    }
  });
  const needs = missing.map((m) =>
    m.need === "previous"
      ? es
        ? `No pude ${ACTION[m.toolName].es} porque el paso anterior falló.`
        : `I could not ${ACTION[m.toolName].en} because the step before it failed.`
      : es
        ? `Para ${ACTION[m.toolName].es} necesito ${NEED[m.need].es}.`
        : `To ${ACTION[m.toolName].en} I need ${NEED[m.need].en}.`,
  );
  const intro =
    outcomes.length === 0
      ? ""
      : es
        ? "Listo. Esto es lo que hice (sandbox: datos simulados, nada salió a servicios reales):\n\n"
        : "Done. Here is what I did (sandbox: simulated data, nothing reached a real service):\n\n";
  const body = lines.map((l) => `• ${l}`).join("\n");
  return `${intro}${body}${body && needs.length ? "\n\n" : ""}${needs.join("\n")}`;
}
