import { tool } from "ai";
import { z } from "zod";
import { dateInArgentina } from "../../i18n/date-in-argentina";
import { isoDateInput } from "../iso-date";
import { SandboxSeed } from "../sandbox";

const round2 = (n: number) => Math.round(n * 100) / 100;

/** cotizacion_dolar_oficial: a mock of the official USD exchange rate. */
export const cotizacionDolarOficial = tool({
  description:
    "Get the official US dollar exchange rate in Argentine pesos for a date: the BCRA wholesale reference (Comunicación A 3500) and the retail buy/sell rate. Sandbox: made-up but deterministic per date.",
  inputSchema: z.object({
    fecha: isoDateInput().optional().describe("Date YYYY-MM-DD; default today in Buenos Aires."),
  }),
  execute: ({ fecha }) => {
    const date = fecha ?? dateInArgentina();
    const seed = new SandboxSeed("usd", date);
    const mayorista = round2(1000 + seed.int(40_000, 0) / 100);
    return {
      sandbox: true,
      fecha: date,
      moneda: "USD",
      mayoristaA3500: mayorista,
      minorista: { comprador: round2(mayorista - 25), vendedor: round2(mayorista + 25) },
      unidad: "ARS por USD",
    };
  },
});
