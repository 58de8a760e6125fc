import { tool } from "ai";
import { z } from "zod";
import { SANDBOX_HOST, SandboxSeed } from "../sandbox";

/** crear_link_de_pago: a mock of a payment provider's one-off checkout link. */
export const crearLinkDePago = tool({
  description:
    "Create a one-off payment link (checkout URL) to charge an amount in Argentine pesos, e.g. to collect an invoice. Sandbox: the link points to a reserved .example host and charges nothing.",
  inputSchema: z.object({
    monto: z.number().positive().max(1_000_000_000).describe("Amount to charge in ARS, e.g. 15000."),
    descripcion: z.string().trim().min(1).max(120).describe("What the payer sees, e.g. 'Factura B 00001-00001234'."),
    vencimientoDias: z.number().int().min(1).max(90).optional().describe("Days until the link expires; default 7."),
    referencia: z.string().trim().max(64).optional().describe("Your own reference, e.g. an invoice number."),
  }),
  execute: (input) => {
    const seed = new SandboxSeed("payment-link", input);
    const id = `pl_${seed.hex(16)}`;
    return {
      sandbox: true,
      id,
      url: `https://pagos.${SANDBOX_HOST}/checkout/${id}`,
      monto: Math.round(input.monto * 100) / 100,
      moneda: "ARS",
      descripcion: input.descripcion,
      referencia: input.referencia ?? null,
      venceEnDias: input.vencimientoDias ?? 7,
      estado: "pendiente",
    };
  },
});
