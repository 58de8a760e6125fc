/**
 * Legal figures the validation uses, with their sources. They change by decree: review them when
 * the law moves (docs/incorporation.md lists them too). Amounts are Argentine pesos.
 */
export const TIPOS = ["SOCIEDAD-IA", "SAS", "SRL", "SA"] as const;
export type Tipo = (typeof TIPOS)[number];

/**
 * Salario mínimo, vital y móvil used for the SAS minimum (2 x SMVM). Default: the figure set by
 * the Consejo Nacional del Empleo, la Productividad y el SMVM for November 2025; the Consejo updates
 * it often, so a deployment sets SMVM_ARS to the current one.
 */
export const DEFAULT_SMVM_ARS = 328_400;

export interface CapitalRule {
  minimum: (smvm: number) => number;
  source: { es: string; en: string };
}

export const CAPITAL_RULES: Record<Tipo, CapitalRule> = {
  SA: {
    minimum: () => 30_000_000,
    source: {
      es: "Ley General de Sociedades 19.550, art. 186; monto fijado por el Decreto 209/2024 (B.O. 1/3/2024).",
      en: "General Companies Law 19.550, art. 186; amount set by Decree 209/2024 (Official Gazette, 1 March 2024).",
    },
  },
  SAS: {
    minimum: (smvm) => 2 * smvm,
    source: {
      es: "Ley 27.349, art. 40: no inferior a dos salarios mínimos, vitales y móviles.",
      en: "Law 27.349, art. 40: no less than twice the minimum living wage (SMVM).",
    },
  },
  SRL: {
    minimum: () => 0,
    source: {
      es: "La Ley 19.550 (arts. 146 a 162) no fija un mínimo para la SRL; el Registro Público puede objetar un capital insuficiente para el objeto.",
      en: "Law 19.550 (arts. 146 to 162) sets no minimum for an SRL; the public company registry may object to capital too small for the purpose.",
    },
  },
  "SOCIEDAD-IA": {
    minimum: (smvm) => 2 * smvm,
    source: {
      es: "Forma pendiente de ley: este servicio aplica el mínimo de la SAS (2 SMVM) hasta que la ley fije otro.",
      en: "Form pending law: this service applies the SAS minimum (2 x SMVM) until the law sets another.",
    },
  },
};

/** The suffix a company of each tipo must carry at the end of its name (abbreviated or in full). */
export const SUFFIXES: Record<Tipo, { forms: string[]; source: { es: string; en: string } }> = {
  SA: { forms: ["S.A.", "SA", "Sociedad Anónima"], source: { es: "Ley 19.550, art. 164", en: "Law 19.550, art. 164" } },
  SAS: {
    forms: ["S.A.S.", "SAS", "Sociedad por Acciones Simplificada"],
    source: { es: "Ley 27.349, art. 36", en: "Law 27.349, art. 36" },
  },
  SRL: {
    forms: ["S.R.L.", "SRL", "Sociedad de Responsabilidad Limitada"],
    source: { es: "Ley 19.550, art. 147", en: "Law 19.550, art. 147" },
  },
  "SOCIEDAD-IA": { forms: ["SOCIEDAD-IA"], source: { es: "forma pendiente de ley", en: "a form pending law" } },
};

/**
 * Words a registry refuses in a company name without special authorisation: names of regulated
 * activities (banking: Ley 21.526, art. 19; insurance: Ley 20.091, art. 3; cooperatives and mutuals
 * have their own laws) and words suggesting an official character, which the IGJ's rules on names
 * forbid because they mislead.
 */
export const RESERVED_WORDS: { word: string; reason: { es: string; en: string } }[] = [
  ...["banco", "bancaria", "bancario", "financiera", "financiero", "cambiaria"].map((word) => ({
    word,
    reason: { es: "actividad financiera regulada (Ley 21.526)", en: "regulated financial activity (Law 21.526)" },
  })),
  ...["seguros", "aseguradora", "reaseguros"].map((word) => ({
    word,
    reason: { es: "actividad aseguradora regulada (Ley 20.091)", en: "regulated insurance activity (Law 20.091)" },
  })),
  ...["cooperativa", "mutual", "fundación", "asociación civil"].map((word) => ({
    word,
    reason: { es: "corresponde a otra forma jurídica", en: "belongs to another legal form" },
  })),
  ...["nacional", "oficial", "estatal", "gobierno", "ministerio", "municipal", "provincial", "república"].map(
    (word) => ({
      word,
      reason: { es: "sugiere carácter oficial", en: "suggests an official character" },
    }),
  ),
];

/** Catch-all wording that makes an objeto imprecise (registries require a precise, determined one). */
export const VAGUE_OBJETO_PATTERNS = [
  /cualquier (tipo de )?actividad/i,
  /todo tipo de actividad(es)?/i,
  /toda actividad l[ií]cita/i,
  /actividades l[ií]citas en general/i,
  /any (lawful )?(business|activity)/i,
];

/** Words that disclose automated operation, which RFC-001 expects of a SOCIEDAD-IA's objeto. */
export const AUTOMATION_WORDS =
  /\b(agentes?|autónom[oa]s?|automatizad[oa]s?|automatizaci[oó]n|inteligencia artificial|IA|AI|software|algoritm[oa]s?|bots?)\b/iu;
