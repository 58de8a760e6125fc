import { tool } from "ai";
import { z } from "zod";
import { addDays, SANDBOX_HOST, SandboxSeed } from "../sandbox";

const AGENCIES = [
  "Agencia de Recaudación y Control Aduanero",
  "Inspección General de Justicia",
  "Ministerio de Economía",
  "Comisión Nacional de Valores",
  "Banco Central de la República Argentina",
];

const SECTIONS = ["primera", "segunda", "tercera"] as const;
type Section = (typeof SECTIONS)[number];

function title(section: Section, query: string, seed: SandboxSeed, i: number): string {
  const n = 100 + seed.int(9000, i + 1);
  if (section === "primera") return `Resolución General ${n}/2026: ${query}`;
  if (section === "segunda") return `${query.toUpperCase()} S.A.S.: constitución`;
  return `Licitación Pública N.º ${n}/2026: ${query}`;
}

/** buscar_boletin_oficial: a mock search of the Boletín Oficial de la República Argentina. */
export const buscarBoletinOficial = tool({
  description:
    "Search the Boletín Oficial (Argentina's official gazette): first section laws, decrees and resolutions; second section company notices (incorporations, meetings); third section public procurement. Sandbox: the results are made-up but deterministic for a query.",
  inputSchema: z.object({
    consulta: z
      .string()
      .trim()
      .min(2)
      .max(120)
      .describe("Words to search for, e.g. 'sociedades por acciones simplificadas'."),
    seccion: z.enum(["primera", "segunda", "tercera", "todas"]).optional().describe("Section; default todas."),
    limite: z.number().int().min(1).max(5).optional().describe("How many results, 1-5; default 3."),
  }),
  execute: ({ consulta, seccion, limite }) => {
    const seed = new SandboxSeed("boletin", { consulta: consulta.toLowerCase(), seccion: seccion ?? "todas" });
    const resultados = Array.from({ length: limite ?? 3 }, (_, i) => {
      const section = seccion && seccion !== "todas" ? seccion : (SECTIONS[(seed.int(3, 0) + i) % 3] as Section);
      const id = `${section}-${seed.hex(8)}-${i + 1}`;
      return {
        id,
        seccion: section,
        fecha: addDays(seed.date("2025-01-02", 600, 2), -i * 17),
        organismo:
          section === "segunda" ? null : (AGENCIES[(seed.int(AGENCIES.length, 3) + i) % AGENCIES.length] as string),
        titulo: title(section, consulta, seed, i),
        url: `https://boletin.${SANDBOX_HOST}/aviso/${id}`,
      };
    });
    return { sandbox: true, consulta, total: resultados.length, resultados };
  },
});
