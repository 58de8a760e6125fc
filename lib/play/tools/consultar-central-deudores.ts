import { tool } from "ai";
import { z } from "zod";
import { dateInArgentina } from "../../i18n/date-in-argentina";
import { cuitField, readCuit } from "../cuit-input";
import { SandboxSeed } from "../sandbox";
import { ToolRejection } from "../tool-rejection";

/** The BCRA's debtor classification (Central de Deudores del Sistema Financiero). */
const SITUATIONS = {
  1: "Normal",
  2: "Con seguimiento especial / riesgo bajo",
  3: "Con problemas / riesgo medio",
  4: "Con alto riesgo de insolvencia / riesgo alto",
  5: "Irrecuperable",
} as const;

const LENDERS = [
  "Banco de la Nación Argentina",
  "Banco de Galicia y Buenos Aires",
  "Banco Macro",
  "Banco Santander Argentina",
  "BBVA Argentina",
  "Banco Credicoop Cooperativo",
];

/** The month before `today`, as YYYY-MM: the latest period the BCRA would have published. */
function previousMonth(today: string): string {
  const [y, m] = today.split("-").map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

/** consultar_central_deudores: a mock of the BCRA debtor registry (credit situation) lookup. */
export const consultarCentralDeudores = tool({
  description:
    "Look up the credit situation of a CUIT in the BCRA's Central de Deudores (Argentine central bank debtor registry): situation 1 (normal) to 5 (unrecoverable), debts by lender and bounced cheques. Sandbox: made-up but deterministic data.",
  inputSchema: z.object({
    cuit: cuitField,
    periodo: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .optional()
      .describe("Month YYYY-MM; default the latest published (last month)."),
  }),
  execute: ({ cuit: raw, periodo }) => {
    const read = readCuit(raw);
    if (!read.valid) {
      throw new ToolRejection(`The CUIT ${read.cuit} is not valid (check digit), so the registry was not queried.`, [
        { code: "cuit_invalido", field: "cuit", message: "Invalid CUIT check digit or format." },
      ]);
    }
    const period = periodo ?? previousMonth(dateInArgentina());
    const seed = new SandboxSeed("deudores", { cuit: read.cuit, period });
    // Mostly normal, as in the real registry: 1 in 10 worse.
    const worst = (seed.int(10, 0) < 9 ? 1 : 2 + seed.int(4, 1)) as keyof typeof SITUATIONS;
    const count = seed.int(3, 2) + 1;
    const deudas = Array.from({ length: count }, (_, i) => ({
      entidad: LENDERS[(seed.int(LENDERS.length, 3) + i) % LENDERS.length] as string,
      situacion: i === 0 ? worst : 1,
      montoMilesDePesos: 50 + seed.int(5000, 4 + i),
    }));
    return {
      sandbox: true,
      cuit: read.cuit,
      periodo: period,
      situacion: worst,
      descripcion: SITUATIONS[worst],
      deudas,
      chequesRechazados: worst >= 3 ? seed.int(3, 7) : 0,
    };
  },
});
