import { tool } from "ai";
import { z } from "zod";
import { checkCbu } from "../../banking/cbu";

/** A few BCRA entity codes; any other code is reported without a name. */
const BANKS: Record<string, string> = {
  "007": "Banco de Galicia y Buenos Aires",
  "011": "Banco de la Nación Argentina",
  "014": "Banco de la Provincia de Buenos Aires",
  "015": "Industrial and Commercial Bank of China (Argentina)",
  "017": "BBVA Argentina",
  "027": "Banco Supervielle",
  "029": "Banco de la Ciudad de Buenos Aires",
  "034": "Banco Patagonia",
  "044": "Banco Hipotecario",
  "072": "Banco Santander Argentina",
  "150": "HSBC Bank Argentina",
  "191": "Banco Credicoop Cooperativo",
  "285": "Banco Macro",
};

/** validar_cbu: the real two check digits of a CBU (lib/banking/cbu.ts); needs no bank. */
export const validarCbu = tool({
  description:
    "Validate an Argentine CBU (22-digit bank account key) offline with its two check digits, and split it into bank, branch and account. Use it when the user gives a CBU or asks to check bank details.",
  inputSchema: z.object({
    cbu: z.string().trim().min(1).max(40).describe("The CBU: 22 digits; spaces or hyphens between digits are ignored."),
  }),
  execute: ({ cbu }) => {
    const check = checkCbu(cbu);
    return {
      sandbox: true,
      cbu: check.cbu,
      valido: check.valid,
      motivo:
        check.problem === null
          ? null
          : check.problem === "format"
            ? "formato"
            : check.problem === "both"
              ? "digitos_verificadores"
              : check.problem === "block1"
                ? "digito_verificador_bloque_1"
                : "digito_verificador_bloque_2",
      banco: check.bankCode ? { codigo: check.bankCode, nombre: BANKS[check.bankCode] ?? null } : null,
      sucursal: check.branchCode,
      cuenta: check.accountNumber,
    };
  },
});
