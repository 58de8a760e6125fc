import { z } from "zod";
import { cuitField, readCuit } from "./cuit-input";
import { isoDateInput } from "./iso-date";

/** The issuer of every sandbox invoice unless the caller names another: a made-up company. */
export const SANDBOX_ISSUER_CUIT = "30-71659554-0";

const VAT_RATES = [0, 2.5, 5, 10.5, 21, 27];

/** Input of both invoice tools (validate, issue): an electronic invoice as ARCA's WSFE takes it, simplified. */
export const invoiceInput = z.object({
  tipo: z
    .enum(["A", "B", "C"])
    .describe(
      "Invoice letter: A between VAT-registered businesses (needs the buyer's CUIT), B to final consumers or exempt buyers, C when the issuer is a monotributista (no VAT shown).",
    ),
  importeTotal: z
    .number()
    .positive()
    .max(10_000_000_000)
    .describe("Final amount in Argentine pesos (ARS), VAT included, e.g. 15000 or 15000.5."),
  cuitReceptor: cuitField.optional().describe("Buyer's CUIT; required for type A, optional for B and C."),
  cuitEmisor: cuitField.optional().describe(`Issuer's CUIT; defaults to the sandbox company ${SANDBOX_ISSUER_CUIT}.`),
  descripcion: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe("What is being billed, e.g. 'Servicios de software'."),
  alicuotaIva: z
    .literal(VAT_RATES)
    .optional()
    .describe("VAT rate in percent included in the total for types A and B: 0, 2.5, 5, 10.5, 21 (default) or 27."),
  puntoDeVenta: z.number().int().min(1).max(99_998).optional().describe("Point of sale number, default 1."),
  fecha: isoDateInput().optional().describe("Invoice date YYYY-MM-DD; default today in Buenos Aires."),
});

export type InvoiceInput = z.infer<typeof invoiceInput>;

export interface InvoiceFinding {
  code: string;
  field: string;
  message: string;
}

export interface InvoiceCheck {
  valid: boolean;
  findings: InvoiceFinding[];
  tipo: "A" | "B" | "C";
  cuitEmisor: string;
  cuitReceptor: string | null;
  alicuotaIva: number;
  neto: number;
  iva: number;
  total: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Checks an invoice the way the sandbox issues it (CUITs by check digit, type A needs a buyer CUIT)
 * and splits the total into net and VAT. C invoices show no VAT: the whole total is net.
 */
export function checkInvoice(input: InvoiceInput): InvoiceCheck {
  const findings: InvoiceFinding[] = [];
  const emisor = readCuit(input.cuitEmisor ?? SANDBOX_ISSUER_CUIT);
  if (!emisor.valid) {
    findings.push({ code: "cuit_emisor_invalido", field: "cuitEmisor", message: `CUIT ${emisor.cuit} is not valid.` });
  }
  const receptor = input.cuitReceptor === undefined ? null : readCuit(input.cuitReceptor);
  if (receptor && !receptor.valid) {
    findings.push({
      code: "cuit_receptor_invalido",
      field: "cuitReceptor",
      message: `CUIT ${receptor.cuit} is not valid.`,
    });
  }
  if (input.tipo === "A" && !receptor) {
    findings.push({
      code: "receptor_requerido",
      field: "cuitReceptor",
      message: "A type A invoice needs the buyer's CUIT.",
    });
  }
  const alicuotaIva = input.tipo === "C" ? 0 : (input.alicuotaIva ?? 21);
  const total = round2(input.importeTotal);
  const neto = round2(total / (1 + alicuotaIva / 100));
  return {
    valid: findings.length === 0,
    findings,
    tipo: input.tipo,
    cuitEmisor: emisor.cuit,
    cuitReceptor: receptor?.cuit ?? null,
    alicuotaIva,
    neto,
    iva: round2(total - neto),
    total,
  };
}
