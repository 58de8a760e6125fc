import { tool } from "ai";
import { checkInvoice, invoiceInput } from "../invoice";

/** validar_factura: checks an electronic invoice before issuing it; issues nothing. */
export const validarFactura = tool({
  description:
    "Check an Argentine electronic invoice (factura A, B or C) before issuing it: the CUITs' check digits, that a type A invoice names the buyer, and the split of the total into net amount and VAT. Issues nothing.",
  inputSchema: invoiceInput,
  execute: (input) => {
    const check = checkInvoice(input);
    return {
      sandbox: true,
      valida: check.valid,
      hallazgos: check.findings,
      comprobante: `Factura ${check.tipo}`,
      cuitEmisor: check.cuitEmisor,
      cuitReceptor: check.cuitReceptor,
      alicuotaIva: check.alicuotaIva,
      neto: check.neto,
      iva: check.iva,
      total: check.total,
    };
  },
});
