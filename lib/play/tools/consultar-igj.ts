import { tool } from "ai";
import { z } from "zod";
import { cuitCheckDigit } from "../../identity/cuit";
import { cuitField, readCuit } from "../cuit-input";
import { SandboxSeed } from "../sandbox";
import { ToolRejection } from "../tool-rejection";

const TYPES = ["SOCIEDAD POR ACCIONES SIMPLIFICADA", "SOCIEDAD DE RESPONSABILIDAD LIMITADA", "SOCIEDAD ANONIMA"];
const SUFFIX: Record<string, string> = {
  "SOCIEDAD POR ACCIONES SIMPLIFICADA": "S.A.S.",
  "SOCIEDAD DE RESPONSABILIDAD LIMITADA": "S.R.L.",
  "SOCIEDAD ANONIMA": "S.A.",
};
const WORDS = ["ANDES", "PAMPA", "DELTA", "AUSTRAL", "LITORAL", "CUYO", "PATAGONIA", "PLATA", "IGUAZU", "ACONCAGUA"];

/** A valid company CUIT made from the seed: prefix 30, or 33 when 30 has no valid check digit (AFIP's rule). */
function companyCuit(seed: SandboxSeed): string {
  const body = `7${seed.digits(7)}`;
  const d30 = cuitCheckDigit(`30${body}`);
  return d30 === null ? `33-${body}-${cuitCheckDigit(`33${body}`)}` : `30-${body}-${d30}`;
}

/** consultar_igj: a mock lookup in the company registry of the Inspección General de Justicia (IGJ). */
export const consultarIgj = tool({
  description:
    "Look up a company in the registry of the Inspección General de Justicia (IGJ, the Buenos Aires City company registry) by CUIT or by name: company type, registration number and date, status. Sandbox: made-up but deterministic data.",
  inputSchema: z
    .object({
      cuit: cuitField.optional().describe("The company's CUIT (prefix 30, 33 or 34)."),
      denominacion: z.string().trim().min(2).max(120).optional().describe("The company name, e.g. 'Andes Tecnologia'."),
    })
    .refine((v) => v.cuit !== undefined || v.denominacion !== undefined, "Give cuit or denominacion."),
  execute: ({ cuit: raw, denominacion }) => {
    const read = raw === undefined ? null : readCuit(raw);
    if (read && !read.valid) {
      throw new ToolRejection(`The CUIT ${read.cuit} is not valid (check digit), so the registry was not queried.`, [
        { code: "cuit_invalido", field: "cuit", message: "Invalid CUIT check digit or format." },
      ]);
    }
    if (read && read.kind !== "persona_juridica") {
      return {
        sandbox: true,
        encontrada: false,
        cuit: read.cuit,
        motivo: "The IGJ registers companies; this CUIT is a person's.",
      };
    }
    const seed = new SandboxSeed("igj", read ? read.cuit : (denominacion as string).toUpperCase());
    const tipoSocietario = seed.pick(TYPES, 0);
    const name = denominacion ? denominacion.toUpperCase() : `${seed.pick(WORDS, 1)} TECNOLOGIA`;
    return {
      sandbox: true,
      encontrada: true,
      denominacion: `${name} ${SUFFIX[tipoSocietario]}`,
      cuit: read ? read.cuit : companyCuit(seed),
      tipoSocietario,
      numeroCorrelativo: String(1_800_000 + seed.int(200_000, 2)),
      fechaInscripcion: seed.date("2010-01-01", 5800, 3),
      jurisdiccion: "Ciudad Autónoma de Buenos Aires",
      estado: seed.int(10, 4) < 9 ? "INSCRIPTA" : "EN TRÁMITE DE DISOLUCIÓN",
    };
  },
});
