import type { Lang } from "../../i18n/lang";
import { clipText } from "../../text/well-formed";
import type { PlayToolName } from "../tools";
import { detectLang, fold } from "./detect-lang";
import { type ExtractedValues, extractValues } from "./extract-values";

/** One tool call the scripted model will make; `input` may be completed from earlier results. */
export interface PlannedCall {
  toolName: PlayToolName;
  input: Record<string, unknown>;
}

/** A value the message did not give, so a tool it asked for cannot run. */
export interface MissingValue {
  toolName: PlayToolName;
  need: "cuit" | "cbu" | "amount" | "phone" | "company";
}

export interface Plan {
  lang: Lang;
  calls: PlannedCall[];
  missing: MissingValue[];
}

/** At most this many tool calls per message, so that a plan always fits the step limit. */
export const MAX_PLANNED_CALLS = 6;

const VERB_CHECK = "(?:valid|verific|cheque|check|comprob|control|revis)";

/** What each tool listens for, on the message without accents and in lowercase. */
const TRIGGERS: Record<PlayToolName, RegExp> = {
  validar_cuit: new RegExp(
    `${VERB_CHECK}\\w*\\b[^.?!]{0,30}\\b(?:cuit|cuil)s?\\b|\\b(?:cuit|cuil)s?\\b[^.?!]{0,40}\\b(?:es valido|son validos|is valid|are valid|valido|correcto|correct)\\b`,
  ),
  consultar_padron_arca:
    /\b(?:padron|arca|afip|condicion (?:fiscal|frente al iva|ante el iva)|inscripcion fiscal|tax (?:registry|status|register)|taxpayer|razon social|legal name|monotribut\w*)\b/,
  validar_cbu: /\bcbus?\b/,
  consultar_central_deudores:
    /\b(?:central de deudores|deudor\w*|bcra|situacion crediticia|riesgo crediticio|credit (?:situation|status|check|history|report|standing)|debtors?|creditworth\w*)\b/,
  cotizacion_dolar_oficial: /\b(?:dolar\w*|usd|tipo de cambio|exchange rate|dollars?)\b/,
  validar_factura: new RegExp(`${VERB_CHECK}\\w*\\b[^.?!]{0,25}\\b(?:factura|invoice)s?\\b`),
  emitir_factura: /\b(?:facturas?|facturar|facturale|invoices?|bill)\b/,
  crear_link_de_pago:
    /\b(?:links? de pago|enlaces? de pago|link para pagar|payment links?|checkout|cobr(?:a|ar|ale|arle)|charge|collect)\b/,
  crear_suscripcion:
    /\b(?:suscrip\w*|subscri\w*|recurrente|recurring|debito automatico|cobro mensual|cobro semanal|cobro anual)\b/,
  enviar_whatsapp: /\b(?:whats ?app|wsp|wpp|wap)\b/,
  buscar_boletin_oficial: /\b(?:boletin oficial|official gazette|gazette|bora)\b/,
  consultar_igj:
    /\b(?:igj|inspeccion general de justicia|registro publico de comercio|registro de sociedades|company regist\w*|companies regist\w*|registro societario|busca\w* (?:la )?(?:empresa|sociedad)|consulta\w* (?:la )?(?:empresa|sociedad)|look ?up (?:the |a |this )?company)\b/,
};

/** Asking to issue, not only to check: "validá y emití la factura" issues it (issuing validates too). */
const ISSUE_VERB = /\b(?:emit\w*|hace\w*|genera\w*|crea\w*|issue\w*|create\w*|make|raise|facturale|facturar|bill)\b/;

/** Dictated message text: from "diciendo" / "saying" to the end of the sentence. */
const SAYING_WORDS =
  "(?:diciendo(?: que)?|que diga|saying(?: that)?|that says|with the (?:text|message)|con el (?:texto|mensaje))";
const SAYING = new RegExp(`\\b${SAYING_WORDS}\\b[^.?!\\n]*`, "g");

const COMPANY_PREFIXES = new Set(["30", "33", "34"]);

/** Text after `trigger` up to the end of the clause, without leading filler words. */
function phraseAfter(folded: string, original: string, trigger: RegExp, fillers: RegExp | null): string | null {
  const m = trigger.exec(folded);
  if (!m) return null;
  const tail = original.slice((m.index ?? 0) + m[0].length);
  const clause = (fillers ? tail.split(/[.;?!\n]|\s(?:y|and|e)\s/)[0] : tail.split(/[.?!\n]/)[0]) ?? "";
  const cleaned = (fillers ? clause.replace(fillers, "") : clause).replace(/^[\s,:]+/, "").trim();
  return cleaned.length >= 2 ? clipText(cleaned, 300) : null;
}

/** Words between "Boletín Oficial" and the search terms: "buscá en el Boletín Oficial sobre ...". */
const QUERY_FILLERS =
  /^[\s,:]*(?:(?:sobre|acerca de|de|del|por|para|about|for|on|with|con|the|la|el|las|los|a|un|una|avisos?|resultados|results|search|buscar|busca|buscá)\s+)*/i;

/**
 * Plans the scripted model's tool calls for one user message, Spanish or English: which tools it
 * asks for (by keyword), in the order a task runs through them, and their inputs read from the
 * text (CUITs, CBUs, amounts, phones, quoted text). Deterministic: the same message gives the same plan.
 */
export function planToolCalls(message: string): Plan {
  const lang = detectLang(message);
  const folded = fold(message);
  const v: ExtractedValues = extractValues(message);
  // What the user asks for, without what they quote or dictate: "saying the invoice is ready" asks for no invoice.
  let asked = folded.replace(SAYING, (m) => " ".repeat(m.length));
  for (const q of v.quoted)
    asked = asked.slice(0, q.at) + " ".repeat(q.text.length + 2) + asked.slice(q.at + q.text.length + 2);
  const wants = (name: PlayToolName) => TRIGGERS[name].test(asked);
  const calls: PlannedCall[] = [];
  const missing: MissingValue[] = [];
  const usedQuotes = new Set<number>();

  /** The first quoted text after the tool's own mention, so "WhatsApp ... "hola"" goes to WhatsApp. */
  const quoteAfter = (name: PlayToolName): string | undefined => {
    const at = TRIGGERS[name].exec(folded)?.index ?? 0;
    const index = v.quoted.findIndex((q, i) => q.at >= at && !usedQuotes.has(i));
    if (index < 0) return undefined;
    usedQuotes.add(index);
    return v.quoted[index]?.text;
  };

  const invoice = wants("emitir_factura") || wants("validar_factura");
  const issueInvoice = invoice && (!wants("validar_factura") || ISSUE_VERB.test(folded));
  const subscription = wants("crear_suscripcion");
  const link = wants("crear_link_de_pago") && !(subscription && !/link|enlace|checkout/.test(folded));
  const cuit = v.cuits[0];

  // Identity
  const checkCuit = wants("validar_cuit");
  if (checkCuit) {
    if (v.cuits.length === 0) missing.push({ toolName: "validar_cuit", need: "cuit" });
    for (const c of v.cuits.slice(0, 3)) calls.push({ toolName: "validar_cuit", input: { cuit: c } });
  }
  if (wants("consultar_padron_arca")) {
    if (cuit) calls.push({ toolName: "consultar_padron_arca", input: { cuit } });
    else missing.push({ toolName: "consultar_padron_arca", need: "cuit" });
  }
  // Banking
  if (wants("validar_cbu") || v.cbus.length > 0) {
    if (v.cbus.length === 0) missing.push({ toolName: "validar_cbu", need: "cbu" });
    for (const cbu of v.cbus.slice(0, 2)) calls.push({ toolName: "validar_cbu", input: { cbu } });
  }
  if (wants("consultar_central_deudores")) {
    if (cuit) calls.push({ toolName: "consultar_central_deudores", input: { cuit } });
    else missing.push({ toolName: "consultar_central_deudores", need: "cuit" });
  }
  if (wants("cotizacion_dolar_oficial")) {
    calls.push({ toolName: "cotizacion_dolar_oficial", input: v.dates[0] ? { fecha: v.dates[0] } : {} });
  }
  // Invoicing
  if (invoice) {
    const toolName = issueInvoice ? "emitir_factura" : "validar_factura";
    const amount = v.amounts[0];
    if (amount === undefined) missing.push({ toolName, need: "amount" });
    else {
      calls.push({
        toolName,
        input: {
          tipo: v.invoiceType ?? "B",
          importeTotal: amount,
          ...(cuit ? { cuitReceptor: cuit } : {}),
          ...(v.dates[0] ? { fecha: v.dates[0] } : {}),
        },
      });
    }
  }
  // Payments: an amount may also come from the invoice issued before (completed at run time).
  if (link) {
    const amount = v.amounts[0];
    if (amount === undefined && !issueInvoice) missing.push({ toolName: "crear_link_de_pago", need: "amount" });
    else calls.push({ toolName: "crear_link_de_pago", input: issueInvoice ? {} : { monto: amount } });
  }
  if (subscription) {
    const amount = v.amounts[0];
    if (amount === undefined) missing.push({ toolName: "crear_suscripcion", need: "amount" });
    else {
      calls.push({
        toolName: "crear_suscripcion",
        input: { monto: amount, frecuencia: v.frequency ?? "mensual" },
      });
    }
  }
  // Messaging
  if (wants("enviar_whatsapp")) {
    const phone = v.phones[0];
    if (!phone) missing.push({ toolName: "enviar_whatsapp", need: "phone" });
    else {
      const text =
        quoteAfter("enviar_whatsapp") ?? phraseAfter(folded, message, new RegExp(`\\b${SAYING_WORDS}\\b:?`), null);
      calls.push({ toolName: "enviar_whatsapp", input: { telefono: phone, ...(text ? { mensaje: text } : {}) } });
    }
  }
  // Official gazette
  if (wants("buscar_boletin_oficial")) {
    const phrase = phraseAfter(folded, message, TRIGGERS.buscar_boletin_oficial, QUERY_FILLERS);
    const consulta =
      quoteAfter("buscar_boletin_oficial") ??
      (phrase === null ? null : clipText(phrase, 120)) ??
      (lang === "es" ? "sociedades por acciones simplificadas" : "simplified joint-stock companies");
    calls.push({ toolName: "buscar_boletin_oficial", input: { consulta } });
  }
  // Company registry
  if (wants("consultar_igj")) {
    const companyCuit = v.cuits.find((c) => COMPANY_PREFIXES.has(c.slice(0, 2))) ?? cuit;
    const name = quoteAfter("consultar_igj");
    if (companyCuit) calls.push({ toolName: "consultar_igj", input: { cuit: companyCuit } });
    else if (name) calls.push({ toolName: "consultar_igj", input: { denominacion: name } });
    else missing.push({ toolName: "consultar_igj", need: "company" });
  }
  // A bare CUIT with nothing else asked: validate it.
  if (calls.length === 0 && missing.length === 0 && cuit) {
    for (const c of v.cuits.slice(0, 3)) calls.push({ toolName: "validar_cuit", input: { cuit: c } });
  }
  return { lang, calls: calls.slice(0, MAX_PLANNED_CALLS), missing };
}
