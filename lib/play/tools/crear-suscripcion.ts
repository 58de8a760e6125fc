import { tool } from "ai";
import { z } from "zod";
import { SANDBOX_HOST, SandboxSeed } from "../sandbox";

/** crear_suscripcion: a mock of a payment provider's recurring charge (subscription). */
export const crearSuscripcion = tool({
  description:
    "Create a subscription that charges an amount in Argentine pesos every week, month or year, and get the link the payer uses to authorise it. Sandbox: nothing is ever charged.",
  inputSchema: z.object({
    monto: z.number().positive().max(1_000_000_000).describe("Amount of each charge in ARS."),
    descripcion: z.string().trim().min(1).max(120).describe("What the subscription is for."),
    frecuencia: z.enum(["semanal", "mensual", "anual"]).optional().describe("How often to charge; default mensual."),
    diaDeCobro: z.number().int().min(1).max(28).optional().describe("Day of the month to charge (1-28); default 10."),
  }),
  execute: (input) => {
    const seed = new SandboxSeed("subscription", input);
    const id = `sub_${seed.hex(16)}`;
    return {
      sandbox: true,
      id,
      urlDeAutorizacion: `https://pagos.${SANDBOX_HOST}/suscripciones/${id}`,
      monto: Math.round(input.monto * 100) / 100,
      moneda: "ARS",
      descripcion: input.descripcion,
      frecuencia: input.frecuencia ?? "mensual",
      diaDeCobro: input.diaDeCobro ?? 10,
      estado: "pendiente_de_autorizacion",
    };
  },
});
