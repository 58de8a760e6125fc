import { fieldPath, findingsFromSites, type IssueSite, issueSites, parseMembers } from "../http/zod-findings";
import { formatPesos } from "../i18n/format-pesos";
import { type Finding, type FindingCode, finding } from "./finding-codes";
import {
  AUTOMATION_WORDS,
  CAPITAL_RULES,
  DEFAULT_SMVM_ARS,
  RESERVED_WORDS,
  SUFFIXES,
  TIPOS,
  type Tipo,
  VAGUE_OBJETO_PATTERNS,
} from "./legal-figures";
import { incorporationRequestSchema, LIMITS } from "./request-schema";

export { LIMITS } from "./request-schema";

/**
 * The incorporation rules, shared by POST /api/auto-incorporate, MCP and the /incorporar page,
 * which runs them as the user types: so this module imports nothing server-only. The request is
 * parsed with incorporationRequestSchema (the published contract); the rules that need more than
 * the shape (name words and suffix, capital minimums, a vague objeto) and the advice (warnings,
 * infos) run after the parse, on the members that parsed.
 */

/** A request that passed every error rule (its shape is `incorporationRequestSchema`). */
export interface IncorporationRequest {
  denominacion: string;
  tipo: Tipo;
  capitalSocial: number;
  objeto: string;
  sessionId?: string;
  representante?: { nombre: string; cuit: string };
  emailContacto?: string;
}

export interface ValidationOptions {
  lang?: "es" | "en";
  /** Salario mínimo, vital y móvil for the SAS minimum. */
  smvm?: number;
}

export interface ValidationResult {
  findings: Finding[];
  /** The request, when no finding is an error. */
  request: IncorporationRequest | null;
}

type Lang = "es" | "en";
type Parsed = Partial<{
  denominacion: string;
  tipo: Tipo;
  capitalSocial: number;
  objeto: string;
  sessionId: string;
  representante: { nombre: string; cuit: string } | null;
  emailContacto: string | null;
}>;

const REQUIRED = ["denominacion", "tipo", "capitalSocial", "objeto"];
/** Members in the order their findings are listed (tipo first: the name's suffix depends on it). */
const MEMBER_ORDER = ["tipo", "denominacion", "capitalSocial", "objeto", "sessionId", "representante", "emailContacto"];
const NAME_CHARS = /^[\p{L}\p{M}0-9 .,&'()-]+$/u;

const EXPECTED = {
  string: { es: "un texto", en: "a string" },
  number: { es: "un número", en: "a number" },
  object: { es: "un objeto", en: "an object" },
  body: { es: "un objeto JSON", en: "a JSON object" },
} as const;

function fold(s: string): string {
  return s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

// The tables folded once, not on every request.
const FOLDED_RESERVED = RESERVED_WORDS.map((w) => ({ ...w, folded: ` ${fold(w.word)} ` }));
const FOLDED_FORMS = (Object.keys(SUFFIXES) as Tipo[])
  .flatMap((t) => SUFFIXES[t].forms.map((form) => ({ t, form, folded: fold(form) })))
  // Longest forms first, so "S.A.S." is not mistaken for "S.A."
  .sort((a, b) => b.form.length - a.form.length);

function endsWithForm(foldedName: string, foldedForm: string): boolean {
  return foldedName === foldedForm || foldedName.endsWith(` ${foldedForm}`);
}

/** The code of what zod found by itself in a member, when its value is of the right type. */
const MEMBER_CODES: Record<string, FindingCode> = {
  denominacion: "denominacion_length",
  capitalSocial: "capital_not_positive",
  objeto: "objeto_length",
  sessionId: "session_id_invalid",
  "representante.nombre": "representante_nombre_length",
  "representante.cuit": "representante_cuit_invalid",
  emailContacto: "email_invalid",
};

/** The type a member must have, for invalid_type; members without one have a single code. */
const EXPECTED_TYPE: Record<string, keyof typeof EXPECTED> = {
  denominacion: "string",
  tipo: "string",
  capitalSocial: "number",
  objeto: "string",
  representante: "object",
};

/** The finding of one problem zod found in a request. */
function siteFinding(site: IssueSite, lang: Lang): Finding {
  const field = fieldPath(site.path);
  const { sent } = site;
  if (REQUIRED.includes(field) && (sent === undefined || sent === null || sent === "")) {
    return finding(lang, "required", field);
  }
  const expected = EXPECTED_TYPE[field];
  const typeOk = expected === undefined || typeof sent === expected;
  const code = site.code ?? (typeOk ? MEMBER_CODES[field] : undefined) ?? "invalid_type";
  // What a check saw: the text with its spaces collapsed.
  const length = typeof site.issue.input === "string" ? site.issue.input.length : 0;
  switch (code) {
    case "invalid_type":
      return finding(lang, code, field, { expected: EXPECTED[expected ?? "string"][lang] });
    case "tipo_unknown":
      return finding(lang, code, field, { allowed: TIPOS.join(", ") });
    case "denominacion_length":
      return finding(lang, code, field, { ...LIMITS.denominacion, length });
    case "objeto_length":
      return finding(lang, code, field, { ...LIMITS.objeto, length });
    default:
      return finding(lang, code as FindingCode, field);
  }
}

function checkDenominacion(name: string, tipo: Tipo | undefined, lang: Lang): Finding[] {
  const out: Finding[] = [];
  if (!NAME_CHARS.test(name)) out.push(finding(lang, "denominacion_characters", "denominacion"));
  const foldedName = fold(name);
  const words = ` ${foldedName.replace(/[^a-z0-9 ]/g, " ")} `;
  for (const { word, reason, folded } of FOLDED_RESERVED) {
    if (words.includes(folded)) {
      out.push(
        finding(lang, "denominacion_reserved_word", "denominacion", {
          word,
          reason_es: reason.es,
          reason_en: reason.en,
        }),
      );
    }
  }
  if (!tipo) return out;
  const own = SUFFIXES[tipo];
  if (FOLDED_FORMS.some((f) => f.t === tipo && endsWithForm(foldedName, f.folded))) return out;
  const other = FOLDED_FORMS.find((f) => f.t !== tipo && endsWithForm(foldedName, f.folded));
  if (other) {
    out.push(
      finding(lang, "denominacion_suffix_mismatch", "denominacion", { found: other.form, other: other.t, tipo }),
    );
  } else {
    out.push(
      finding(lang, "denominacion_suffix_missing", "denominacion", {
        tipo,
        suffix: own.forms[0] as string,
        source: own.source[lang],
      }),
    );
  }
  return out;
}

function checkCapital(capital: number, tipo: Tipo, smvm: number, lang: Lang): Finding[] {
  const rule = CAPITAL_RULES[tipo];
  const minimum = rule.minimum(smvm);
  // The pages' money format, currency included, so a finding reads as the form's own hints.
  if (capital < minimum) {
    return [
      finding(lang, "capital_below_minimum", "capitalSocial", {
        tipo,
        minimum: formatPesos(minimum, lang),
        source: rule.source[lang],
      }),
    ];
  }
  if (tipo === "SRL" && capital < 2 * smvm) {
    return [finding(lang, "capital_low", "capitalSocial", { capital: formatPesos(capital, lang) })];
  }
  return [];
}

function checkObjeto(objeto: string, tipo: Tipo | undefined, lang: Lang): Finding[] {
  if (VAGUE_OBJETO_PATTERNS.some((p) => p.test(objeto))) return [finding(lang, "objeto_vague", "objeto")];
  if (tipo === "SOCIEDAD-IA" && !AUTOMATION_WORDS.test(objeto)) {
    return [finding(lang, "objeto_automation_undisclosed", "objeto")];
  }
  return [];
}

/** Validates a parsed JSON body into findings; the request is returned only when nothing is an error. */
export function validateIncorporation(raw: unknown, options: ValidationOptions = {}): ValidationResult {
  const lang = options.lang ?? "es";
  const smvm = options.smvm ?? DEFAULT_SMVM_ARS;
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    return {
      findings: [finding(lang, "invalid_type", "body", { expected: EXPECTED.body[lang] })],
      request: null,
    };
  }
  const body = raw as Record<string, unknown>;
  const parsed = parseMembers(incorporationRequestSchema, body);
  const values = parsed.values as Parsed;
  const shape = findingsFromSites(issueSites(parsed.issues, body), (site) => siteFinding(site, lang));

  const { tipo, denominacion, capitalSocial, objeto } = values;
  const rules: Finding[] = [];
  if (tipo === "SOCIEDAD-IA") rules.push(finding(lang, "tipo_pending_law", "tipo"));
  if (denominacion !== undefined) rules.push(...checkDenominacion(denominacion, tipo, lang));
  if (capitalSocial !== undefined && tipo) rules.push(...checkCapital(capitalSocial, tipo, smvm, lang));
  if (objeto !== undefined) rules.push(...checkObjeto(objeto, tipo, lang));
  if (body.representante === undefined || body.representante === null) {
    rules.push(finding(lang, "representante_missing", "representante"));
  }
  if (body.emailContacto === undefined || body.emailContacto === null) {
    rules.push(finding(lang, "email_missing", "emailContacto"));
  }

  // Unknown members first, then every missing one, then member by member.
  const rank = (f: Finding) => (f.code === "required" ? -1 : MEMBER_ORDER.indexOf(f.field.split(".")[0] as string));
  const findings = [
    ...Object.keys(body)
      .filter((key) => !Object.hasOwn(incorporationRequestSchema.def.shape, key))
      .map((key) => finding(lang, "unknown_field", key)),
    ...[...shape, ...rules].sort((a, b) => rank(a) - rank(b)),
  ];
  if (findings.some((f) => f.severity === "error")) return { findings, request: null };
  const { sessionId, representante, emailContacto } = values;
  return {
    findings,
    request: {
      denominacion: denominacion as string,
      tipo: tipo as Tipo,
      capitalSocial: capitalSocial as number,
      objeto: objeto as string,
      ...(sessionId !== undefined ? { sessionId } : {}),
      ...(representante ? { representante } : {}),
      ...(typeof emailContacto === "string" ? { emailContacto } : {}),
    },
  };
}
