import { tool } from "ai";
import { z } from "zod";
import { cuitField, readCuit } from "../cuit-input";
import { SandboxSeed } from "../sandbox";
import { ToolRejection } from "../tool-rejection";

const SURNAMES = [
  "GONZALEZ",
  "RODRIGUEZ",
  "FERNANDEZ",
  "LOPEZ",
  "MARTINEZ",
  "PEREZ",
  "GOMEZ",
  "DIAZ",
  "SOSA",
  "ROMERO",
];
const NAMES = ["MARIA", "JUAN", "LUCIA", "MARTIN", "SOFIA", "DIEGO", "VALENTINA", "PABLO", "CAMILA", "TOMAS"];
const WORDS = ["ANDES", "PAMPA", "DELTA", "AUSTRAL", "LITORAL", "CUYO", "PATAGONIA", "PLATA", "IGUAZU", "ACONCAGUA"];
const SUFFIXES = ["TECNOLOGIA S.A.S.", "SERVICIOS DIGITALES S.R.L.", "AGENTES AUTOMATIZADOS S.A.", "SOFTWARE S.A.S."];
const ACTIVITIES = [
  {
    codigo: "620100",
    descripcion: "Servicios de consultores en informática y suministros de programas de informática",
  },
  { codigo: "631110", descripcion: "Procesamiento de datos" },
  { codigo: "702099", descripcion: "Servicios de asesoramiento, dirección y gestión empresarial n.c.p." },
  { codigo: "474020", descripcion: "Venta al por menor de equipos y periféricos de informática" },
];
const PLACES = [
  { provincia: "CIUDAD AUTONOMA BUENOS AIRES", localidad: "CIUDAD AUTONOMA BUENOS AIRES" },
  { provincia: "BUENOS AIRES", localidad: "LA PLATA" },
  { provincia: "CORDOBA", localidad: "CORDOBA" },
  { provincia: "SANTA FE", localidad: "ROSARIO" },
  { provincia: "MENDOZA", localidad: "MENDOZA" },
];

/** consultar_padron_arca: a mock of ARCA's (ex AFIP) taxpayer registry ("padrón") lookup. */
export const consultarPadronArca = tool({
  description:
    "Look up a CUIT in the tax registry of ARCA (ex AFIP, the 'padrón'): legal name, person or company, VAT status, main activity and tax address. Sandbox: made-up but deterministic data; the real registry is never contacted.",
  inputSchema: z.object({ cuit: cuitField }),
  execute: ({ cuit: raw }) => {
    const read = readCuit(raw);
    if (!read.valid) {
      throw new ToolRejection(`The CUIT ${read.cuit} is not valid (check digit), so the registry was not queried.`, [
        { code: "cuit_invalido", field: "cuit", message: "Invalid CUIT check digit or format." },
      ]);
    }
    const seed = new SandboxSeed("padron", read.cuit);
    const human = read.kind === "persona_humana";
    return {
      sandbox: true,
      cuit: read.cuit,
      denominacion: human
        ? `${seed.pick(SURNAMES, 0)}, ${seed.pick(NAMES, 1)}`
        : `${seed.pick(WORDS, 0)} ${seed.pick(SUFFIXES, 1)}`,
      tipoPersona: human ? "FISICA" : "JURIDICA",
      estadoClave: "ACTIVO",
      condicionIva: human
        ? seed.pick(["MONOTRIBUTO", "IVA RESPONSABLE INSCRIPTO"], 2)
        : seed.pick(["IVA RESPONSABLE INSCRIPTO", "IVA RESPONSABLE INSCRIPTO", "IVA EXENTO"], 2),
      actividadPrincipal: seed.pick(ACTIVITIES, 3),
      domicilioFiscal: seed.pick(PLACES, 4),
      fechaInscripcion: seed.date("2005-01-01", 7300, 5),
    };
  },
});
