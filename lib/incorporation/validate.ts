import { SESSION_ID_PATTERN } from "../audit/entry";
import { formatPesos } from "../i18n/format-pesos";
import { isValidCuit, normaliseCuit } from "../identity/cuit";
import { hasHiddenCharacters } from "../text/hidden-characters";
import { type Finding, finding } from "./finding-codes";
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

/**
 * The incorporation rules, shared by POST /api/auto-incorporate and the /incorporar page, which
 * runs them as the user types: so this module imports nothing server-only and no zod (it would add
 * tens of kilobytes to the page). The request's contract for the OpenAPI description is the zod
 * schema in request-schema.ts, built from the same limits.
 */
export const LIMITS = {
  denominacion: { min: 3, max: 120 },
  objeto: { min: 30, max: 2000 },
  representanteNombre: { min: 3, max: 120 },
} as const;

// The shape zod's z.email() accepts, without the library.
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

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

const KNOWN_FIELDS = new Set([
  "denominacion",
  "tipo",
  "capitalSocial",
  "objeto",
  "sessionId",
  "representante",
  "emailContacto",
]);
const NAME_CHARS = /^[\p{L}\p{M}0-9 .,&'()-]+$/u;

function normaliseSpaces(s: string): string {
  return s.trim().replace(/\s+/g, " ");
}

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

function checkDenominacion(name: string, tipo: Tipo | null, lang: "es" | "en", out: Finding[]) {
  const { min, max } = LIMITS.denominacion;
  if (name.length < min || name.length > max) {
    out.push(finding(lang, "denominacion_length", "denominacion", { min, max, length: name.length }));
    return;
  }
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
  if (!tipo) return;
  const own = SUFFIXES[tipo];
  if (FOLDED_FORMS.some((f) => f.t === tipo && endsWithForm(foldedName, f.folded))) return;
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
}

// The pages' money format, currency included, so a finding reads as the form's own hints.
const formatArs = (n: number, lang: "es" | "en") => formatPesos(n, lang);

/** Validates a parsed JSON body into findings; the request is returned only when nothing is an error. */
export function validateIncorporation(raw: unknown, options: ValidationOptions = {}): ValidationResult {
  const lang = options.lang ?? "es";
  const smvm = options.smvm ?? DEFAULT_SMVM_ARS;
  const out: Finding[] = [];
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    out.push(finding(lang, "invalid_type", "body", { expected: lang === "es" ? "un objeto JSON" : "a JSON object" }));
    return { findings: out, request: null };
  }
  const body = raw as Record<string, unknown>;
  for (const key of Object.keys(body)) if (!KNOWN_FIELDS.has(key)) out.push(finding(lang, "unknown_field", key));

  const str = (field: string): string | null => {
    const v = body[field];
    if (v === undefined || v === null) return null;
    if (typeof v !== "string") {
      out.push(finding(lang, "invalid_type", field, { expected: lang === "es" ? "un texto" : "a string" }));
      return null;
    }
    return v;
  };
  for (const field of ["denominacion", "tipo", "capitalSocial", "objeto"]) {
    if (body[field] === undefined || body[field] === null || body[field] === "")
      out.push(finding(lang, "required", field));
  }

  // tipo
  let tipo: Tipo | null = null;
  const rawTipo = body.tipo === "" ? null : str("tipo");
  if (rawTipo !== null) {
    const upper = rawTipo.trim().toUpperCase();
    if ((TIPOS as readonly string[]).includes(upper)) tipo = upper as Tipo;
    else out.push(finding(lang, "tipo_unknown", "tipo", { allowed: TIPOS.join(", ") }));
  }
  if (tipo === "SOCIEDAD-IA") out.push(finding(lang, "tipo_pending_law", "tipo"));

  // denominacion
  const rawName = body.denominacion === "" ? null : str("denominacion");
  const denominacion = rawName === null ? null : normaliseSpaces(rawName);
  if (denominacion !== null) checkDenominacion(denominacion, tipo, lang, out);

  // capitalSocial
  const capital = body.capitalSocial;
  if (capital !== undefined && capital !== null && capital !== "") {
    if (typeof capital !== "number") {
      out.push(finding(lang, "invalid_type", "capitalSocial", { expected: lang === "es" ? "un número" : "a number" }));
    } else if (!Number.isFinite(capital) || capital <= 0) {
      out.push(finding(lang, "capital_not_positive", "capitalSocial"));
    } else if (tipo) {
      const rule = CAPITAL_RULES[tipo];
      const minimum = rule.minimum(smvm);
      if (capital < minimum) {
        out.push(
          finding(lang, "capital_below_minimum", "capitalSocial", {
            tipo,
            minimum: formatArs(minimum, lang),
            source: rule.source[lang],
          }),
        );
      } else if (tipo === "SRL" && capital < 2 * smvm) {
        out.push(finding(lang, "capital_low", "capitalSocial", { capital: formatArs(capital, lang) }));
      }
    }
  }

  // objeto
  const rawObjeto = body.objeto === "" ? null : str("objeto");
  const objeto = rawObjeto === null ? null : normaliseSpaces(rawObjeto);
  if (objeto !== null) {
    const { min, max } = LIMITS.objeto;
    // Checked on the text as sent: it reaches the public log, the CSV and the generated README.
    if (hasHiddenCharacters(rawObjeto as string, { multiline: true })) {
      out.push(finding(lang, "objeto_characters", "objeto"));
    } else if (objeto.length < min || objeto.length > max) {
      out.push(finding(lang, "objeto_length", "objeto", { min, max, length: objeto.length }));
    } else if (VAGUE_OBJETO_PATTERNS.some((p) => p.test(objeto))) {
      out.push(finding(lang, "objeto_vague", "objeto"));
    } else if (tipo === "SOCIEDAD-IA" && !AUTOMATION_WORDS.test(objeto)) {
      out.push(finding(lang, "objeto_automation_undisclosed", "objeto"));
    }
  }

  // sessionId
  const sessionId = body.sessionId;
  if (sessionId !== undefined && (typeof sessionId !== "string" || !SESSION_ID_PATTERN.test(sessionId))) {
    out.push(finding(lang, "session_id_invalid", "sessionId"));
  }

  // representante
  const rep = body.representante;
  if (rep === undefined || rep === null) {
    out.push(finding(lang, "representante_missing", "representante"));
  } else if (typeof rep !== "object" || Array.isArray(rep)) {
    out.push(finding(lang, "invalid_type", "representante", { expected: lang === "es" ? "un objeto" : "an object" }));
  } else {
    const { nombre, cuit } = rep as Record<string, unknown>;
    const { min, max } = LIMITS.representanteNombre;
    if (typeof nombre !== "string" || normaliseSpaces(nombre).length < min || nombre.length > max) {
      out.push(finding(lang, "representante_nombre_length", "representante.nombre"));
    }
    if (typeof cuit !== "string" || !isValidCuit(normaliseCuit(cuit))) {
      out.push(finding(lang, "representante_cuit_invalid", "representante.cuit"));
    }
  }

  // emailContacto
  const email = body.emailContacto;
  if (email === undefined || email === null) out.push(finding(lang, "email_missing", "emailContacto"));
  else if (typeof email !== "string" || !EMAIL.test(email.trim())) {
    out.push(finding(lang, "email_invalid", "emailContacto"));
  }

  if (out.some((f) => f.severity === "error")) return { findings: out, request: null };
  const r = rep as { nombre: string; cuit: string } | undefined;
  return {
    findings: out,
    request: {
      denominacion: denominacion as string,
      tipo: tipo as Tipo,
      capitalSocial: capital as number,
      objeto: objeto as string,
      ...(typeof sessionId === "string" ? { sessionId } : {}),
      ...(r ? { representante: { nombre: normaliseSpaces(r.nombre), cuit: normaliseCuit(r.cuit) } } : {}),
      ...(typeof email === "string" ? { emailContacto: email.trim() } : {}),
    },
  };
}
