import { tool } from "ai";
import { dateInArgentina } from "../../i18n/date-in-argentina";
import { checkInvoice, invoiceInput } from "../invoice";
import { addDays, SandboxSeed } from "../sandbox";
import { ToolRejection } from "../tool-rejection";

/**
 * emitir_factura: a mock of issuing an electronic invoice through ARCA's web service (WSFE). The CAE
 * (the 14-digit authorisation code) and the invoice number are synthetic, derived from the input, so
 * the same invoice always gets the same CAE.
 */
export const emitirFactura = tool({
  description:
    "Issue an Argentine electronic invoice (factura A, B or C) and get its CAE (authorisation code) and number. Validates it first and refuses an invalid one. Sandbox: the CAE is synthetic and nothing is sent to ARCA (ex AFIP).",
  inputSchema: invoiceInput,
  execute: (input) => {
    const check = checkInvoice(input);
    if (!check.valid) {
      throw new ToolRejection(
        `The invoice was not issued: ${check.findings.map((f) => f.message).join(" ")}`,
        check.findings,
      );
    }
    const fecha = input.fecha ?? dateInArgentina();
    const puntoDeVenta = input.puntoDeVenta ?? 1;
    const seed = new SandboxSeed("cae", { ...input, fecha, puntoDeVenta });
    return {
      sandbox: true,
      comprobante: `Factura ${check.tipo}`,
      numero: `${String(puntoDeVenta).padStart(5, "0")}-${String(1 + seed.int(99_999_999, 0)).padStart(8, "0")}`,
      cae: seed.digits(14, true),
      vencimientoCae: addDays(fecha, 10),
      fecha,
      cuitEmisor: check.cuitEmisor,
      cuitReceptor: check.cuitReceptor,
      descripcion: input.descripcion ?? "Servicios",
      alicuotaIva: check.alicuotaIva,
      neto: check.neto,
      iva: check.iva,
      total: check.total,
      moneda: "ARS",
    };
  },
});
