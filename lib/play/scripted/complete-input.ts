import type { Lang } from "../../i18n/lang";
import { money } from "./format";
import type { PlannedCall } from "./plan-tool-calls";
import type { ToolOutcome } from "./tool-outcome";

function lastOk(prior: ToolOutcome[], toolName: string): Record<string, unknown> | null {
  for (let i = prior.length - 1; i >= 0; i--) {
    const o = prior[i] as ToolOutcome;
    if (o.toolName === toolName && o.ok) return o.output;
  }
  return null;
}

/**
 * A planned call's final input, filled in from the results of the calls before it the way an agent
 * chains tools: a payment link for the invoice just issued, a WhatsApp message that carries that
 * link. Null when a required value is still missing (the invoice it depended on failed).
 */
export function completeInput(call: PlannedCall, prior: ToolOutcome[], lang: Lang): Record<string, unknown> | null {
  const input = { ...call.input };
  const es = lang === "es";
  if (call.toolName === "crear_link_de_pago") {
    const invoice = lastOk(prior, "emitir_factura");
    if (input.monto === undefined) {
      if (!invoice) return null;
      input.monto = invoice.total;
      input.descripcion = `${invoice.comprobante} ${invoice.numero}`;
      input.referencia = invoice.numero;
    }
    input.descripcion ??= es ? "Cobro" : "Payment";
  }
  if (call.toolName === "crear_suscripcion") {
    const frequency = String(input.frecuencia ?? "mensual");
    const en = { semanal: "Weekly", mensual: "Monthly", anual: "Yearly" }[frequency] ?? "Monthly";
    input.descripcion ??= es ? `Suscripción ${frequency}` : `${en} subscription`;
  }
  if (call.toolName === "enviar_whatsapp" && input.mensaje === undefined) {
    const link = lastOk(prior, "crear_link_de_pago");
    const subscription = lastOk(prior, "crear_suscripcion");
    const invoice = lastOk(prior, "emitir_factura");
    if (link) {
      input.mensaje = es
        ? `Hola, te envío el link para pagar ${money(link.monto, lang)}: ${link.url}`
        : `Hi, here is the link to pay ${money(link.monto, lang)}: ${link.url}`;
    } else if (subscription) {
      input.mensaje = es
        ? `Hola, autorizá la suscripción de ${money(subscription.monto, lang)} acá: ${subscription.urlDeAutorizacion}`
        : `Hi, please authorise the ${money(subscription.monto, lang)} subscription here: ${subscription.urlDeAutorizacion}`;
    } else if (invoice) {
      input.mensaje = es
        ? `Hola, te enviamos la ${invoice.comprobante} ${invoice.numero} por ${money(invoice.total, lang)} (CAE ${invoice.cae}).`
        : `Hi, we have issued ${invoice.comprobante} ${invoice.numero} for ${money(invoice.total, lang)} (CAE ${invoice.cae}).`;
    } else {
      input.mensaje = es ? "Hola, te escribo desde la demo de Sociedades-IA." : "Hi, this is the Sociedades-IA demo.";
    }
  }
  return input;
}
