import { tool } from "ai";
import { z } from "zod";
import { cuitCheckDigit } from "../../identity/cuit";
import { cuitField, readCuit } from "../cuit-input";

/** validar_cuit: the real modulo-11 check of a CUIT/CUIL (lib/identity/cuit.ts); needs no registry. */
export const validarCuit = tool({
  description:
    "Validate an Argentine CUIT/CUIL (tax id) offline with its modulo-11 check digit, and say whether it belongs to a person or a company. Use it when the user asks to validate or check a CUIT.",
  inputSchema: z.object({ cuit: cuitField }),
  execute: ({ cuit: raw }) => {
    const read = readCuit(raw);
    const [prefix = "", body = ""] = read.cuit.split("-");
    const expected = read.format ? cuitCheckDigit(prefix + body.padStart(8, "0")) : null;
    return {
      sandbox: true,
      cuit: read.cuit,
      valido: read.valid,
      motivo: read.valid
        ? null
        : !read.format
          ? "formato"
          : expected === null
            ? "sin_digito_valido"
            : "digito_verificador",
      digitoVerificadorEsperado: expected,
      tipo: read.kind,
    };
  },
});
