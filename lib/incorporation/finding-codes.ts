/**
 * The one table of incorporation finding codes (docs/incorporation.md mirrors it; a unit test
 * keeps both in step). Each has a fixed severity and a message in Spanish and English.
 */
export type Severity = "error" | "warning" | "info";
type P = Record<string, string | number>;
type Text = (p: P) => string;

export const FINDING_CODES = {
  required: { severity: "error", es: (p) => `Falta ${p.field}.`, en: (p) => `${p.field} is required.` },
  invalid_type: {
    severity: "error",
    es: (p) => `${p.field} debe ser ${p.expected}.`,
    en: (p) => `${p.field} must be ${p.expected}.`,
  },
  unknown_field: {
    severity: "warning",
    es: (p) => `${p.field} no es un campo conocido y se ignora.`,
    en: (p) => `${p.field} is not a known field and is ignored.`,
  },
  denominacion_length: {
    severity: "error",
    es: (p) => `La denominación debe tener entre ${p.min} y ${p.max} caracteres (tiene ${p.length}).`,
    en: (p) => `The name must have ${p.min} to ${p.max} characters (it has ${p.length}).`,
  },
  denominacion_characters: {
    severity: "error",
    es: () => "La denominación solo admite letras, números, espacios y . , & - ' ( ).",
    en: () => "The name may only contain letters, digits, spaces and . , & - ' ( ).",
  },
  denominacion_reserved_word: {
    severity: "error",
    es: (p) => `La denominación no puede incluir «${p.word}»: ${p.reason_es}.`,
    en: (p) => `The name cannot include "${p.word}": ${p.reason_en}.`,
  },
  denominacion_suffix_missing: {
    severity: "error",
    es: (p) => `Una sociedad de tipo ${p.tipo} debe terminar su denominación con «${p.suffix}» (${p.source}).`,
    en: (p) => `A company of type ${p.tipo} must end its name with "${p.suffix}" (${p.source}).`,
  },
  denominacion_suffix_mismatch: {
    severity: "error",
    es: (p) => `La denominación termina en «${p.found}», que corresponde al tipo ${p.other}, no a ${p.tipo}.`,
    en: (p) => `The name ends in "${p.found}", which belongs to type ${p.other}, not ${p.tipo}.`,
  },
  tipo_unknown: {
    severity: "error",
    es: (p) => `El tipo debe ser uno de: ${p.allowed}.`,
    en: (p) => `The type must be one of: ${p.allowed}.`,
  },
  tipo_pending_law: {
    severity: "warning",
    es: () => "La SOCIEDAD-IA está pendiente de ley: lo generado es una preparación, no una inscripción.",
    en: () => "The SOCIEDAD-IA form is pending law: what is generated is preparation, not a registration.",
  },
  capital_not_positive: {
    severity: "error",
    es: () => "El capital social debe ser un número mayor que cero.",
    en: () => "The share capital must be a number greater than zero.",
  },
  capital_below_minimum: {
    severity: "error",
    es: (p) => `El capital mínimo para ${p.tipo} es ${p.minimum} (${p.source}).`,
    en: (p) => `The minimum capital for ${p.tipo} is ${p.minimum} (${p.source}).`,
  },
  capital_low: {
    severity: "warning",
    es: (p) =>
      `Un capital de ${p.capital} puede resultar insuficiente para el objeto; el Registro Público puede objetarlo.`,
    en: (p) => `A capital of ${p.capital} may be too small for the purpose; the public company registry may object.`,
  },
  objeto_length: {
    severity: "error",
    es: (p) => `El objeto debe tener entre ${p.min} y ${p.max} caracteres (tiene ${p.length}).`,
    en: (p) => `The purpose must have ${p.min} to ${p.max} characters (it has ${p.length}).`,
  },
  objeto_characters: {
    severity: "error",
    es: () =>
      "El objeto tiene caracteres de control (como ESC o NUL), de ancho cero o que invierten la dirección del texto: sacalos.",
    en: () =>
      "The purpose holds control characters (such as ESC or NUL), zero-width ones or marks that reverse the text direction: remove them.",
  },
  objeto_vague: {
    severity: "error",
    es: () => "El objeto debe ser preciso y determinado: describí las actividades concretas, sin fórmulas genéricas.",
    en: () => "The purpose must be precise and determined: describe the concrete activities, not a catch-all.",
  },
  objeto_automation_undisclosed: {
    severity: "warning",
    es: () => "El objeto de una SOCIEDAD-IA debería decir que opera con agentes o sistemas automatizados (RFC-001).",
    en: () => "A SOCIEDAD-IA's purpose should say that it operates through agents or automated systems (RFC-001).",
  },
  representante_missing: {
    severity: "info",
    es: () => "Conviene indicar un representante humano con nombre y CUIT (RFC-001).",
    en: () => "Naming a human representative with name and CUIT is recommended (RFC-001).",
  },
  representante_nombre_length: {
    severity: "error",
    es: () => "El nombre del representante debe tener entre 3 y 120 caracteres.",
    en: () => "The representative's name must have 3 to 120 characters.",
  },
  representante_cuit_invalid: {
    severity: "error",
    es: () =>
      "El CUIT del representante no es válido: formato NN-NNNNNNNN-N (u 11 dígitos seguidos) con dígito verificador correcto.",
    en: () => "The representative's CUIT is not valid: format NN-NNNNNNNN-N (or 11 digits) with a correct check digit.",
  },
  email_missing: {
    severity: "info",
    es: () => "Conviene indicar un e-mail de contacto para las autoridades (RFC-001).",
    en: () => "A contact e-mail for the authorities is recommended (RFC-001).",
  },
  email_invalid: {
    severity: "error",
    es: () => "El e-mail de contacto no es una dirección válida.",
    en: () => "The contact e-mail is not a valid address.",
  },
  session_id_invalid: {
    severity: "error",
    es: () =>
      "sessionId debe ser un UUID (8-4-4-4-12 dígitos hexadecimales); sin sessionId el servicio crea una sesión nueva.",
    en: () => "sessionId must be a UUID (8-4-4-4-12 hex digits); without a sessionId the service makes a new session.",
  },
  idempotency_key_reused: {
    severity: "error",
    es: () => "Esta Idempotency-Key ya se usó con otro cuerpo; usá una clave nueva para un pedido nuevo.",
    en: () => "This Idempotency-Key was already used with a different body; use a new key for a new request.",
  },
} as const satisfies Record<string, { severity: Severity; es: Text; en: Text }>;

export type FindingCode = keyof typeof FINDING_CODES;

export interface Finding {
  code: FindingCode;
  severity: Severity;
  field: string;
  message: string;
}

/** Builds a finding in the given language from the table. */
export function finding(lang: "es" | "en", code: FindingCode, field: string, params: P = {}): Finding {
  const entry = FINDING_CODES[code];
  return { code, severity: entry.severity, field, message: entry[lang]({ field, ...params }) };
}
