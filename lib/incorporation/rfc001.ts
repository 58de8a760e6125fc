import { boundedMemo } from "../cache/bounded-memo";
import type { Finding } from "./finding-codes";

/**
 * The RFC-001 supervision-regime report returned with every incorporation answer (422 included).
 * RFC-001 asks that an automated company be supervisable: a lawful name, a purpose that discloses
 * automated operation, an accountable human, a channel for authorities, and a tamper-evident record
 * of what it does. Each check is derived from the findings, so the two never disagree.
 */
export interface Rfc001Check {
  id: string;
  description: { es: string; en: string };
  /** "fail" blocks conformance; "warn" is advice; "pass" is met. */
  result: "pass" | "warn" | "fail";
  /** Finding codes behind a warn or fail. */
  findings: string[];
}

export interface Rfc001Report {
  version: "rfc-001-v1";
  /** Where the checks of this report are described: the endpoint's self-description, member `rfc001`. */
  url: string;
  /** No check failed and no finding is an error: a refused request is never conformant. */
  conformant: boolean;
  checks: Rfc001Check[];
}

/** Codes that say a field is absent or of the wrong type: they fail the check that owns the field. */
const SHAPE_CODES = new Set(["required", "invalid_type"]);

const CHECKS: {
  id: string;
  description: Rfc001Check["description"];
  fail: string[];
  warn: string[];
  /** Request fields this check judges: a missing or mistyped one fails it. */
  fields: string[];
}[] = [
  {
    id: "lawful-name",
    description: {
      es: "La denominación es admisible y lleva la sigla de su tipo.",
      en: "The name is admissible and carries its type's suffix.",
    },
    fail: [
      "denominacion_length",
      "denominacion_characters",
      "denominacion_reserved_word",
      "denominacion_suffix_missing",
      "denominacion_suffix_mismatch",
    ],
    warn: [],
    fields: ["denominacion"],
  },
  {
    id: "defined-form-and-capital",
    description: {
      es: "El tipo es conocido y el capital alcanza su mínimo legal.",
      en: "The type is known and the capital meets its legal minimum.",
    },
    fail: ["tipo_unknown", "capital_not_positive", "capital_below_minimum"],
    warn: ["tipo_pending_law", "capital_low"],
    fields: ["tipo", "capitalSocial"],
  },
  {
    id: "disclosed-purpose",
    description: {
      es: "El objeto es preciso y declara la operación automatizada.",
      en: "The purpose is precise and discloses automated operation.",
    },
    fail: ["objeto_characters", "objeto_length", "objeto_vague"],
    warn: ["objeto_automation_undisclosed"],
    fields: ["objeto"],
  },
  {
    id: "accountable-human",
    description: {
      es: "Hay un representante humano identificado con CUIT válido.",
      en: "A human representative is identified with a valid CUIT.",
    },
    fail: ["representante_nombre_length", "representante_cuit_invalid"],
    warn: ["representante_missing"],
    fields: ["representante", "representante.nombre", "representante.cuit"],
  },
  {
    id: "authority-channel",
    description: {
      es: "Hay un canal de contacto para las autoridades.",
      en: "There is a contact channel for authorities.",
    },
    fail: ["email_invalid"],
    warn: ["email_missing"],
    fields: ["emailContacto"],
  },
  {
    id: "audit-trail",
    description: {
      es: "Cada acción queda en una bitácora firmada y encadenada (este servicio la lleva).",
      en: "Every action is recorded in a signed, chained audit log (this service keeps it).",
    },
    fail: ["session_id_invalid"],
    warn: [],
    fields: ["sessionId"],
  },
];

/** The URL `rfc001.url` names: the incorporation endpoint's self-description lists these checks. */
export function rfc001Url(baseUrl: string): string {
  return `${baseUrl}/api/auto-incorporate`;
}

/** The checks as the self-description lists them: what each fails and warns on. */
export function rfc001Checks() {
  return CHECKS.map(({ id, description, fail, warn, fields }) => ({
    id,
    description,
    failsOn: [...fail, ...[...SHAPE_CODES].map((code) => `${code} (${fields.join(", ")})`)],
    warnsOn: warn,
  }));
}

export function rfc001Report(findings: Finding[], baseUrl: string): Rfc001Report {
  const codes = new Set(findings.map((f) => f.code as string));
  // A body that is not an object says nothing about any requirement: every check fails.
  const notAnObject = findings.some((f) => f.code === "invalid_type" && f.field === "body");
  const checks = CHECKS.map(({ id, description, fail, warn, fields }): Rfc001Check => {
    const failed = fail.filter((c) => codes.has(c));
    const shape = findings.filter((f) => SHAPE_CODES.has(f.code) && (notAnObject || fields.includes(f.field)));
    for (const f of shape) if (!failed.includes(f.code)) failed.push(f.code);
    const warned = warn.filter((c) => codes.has(c));
    return {
      id,
      description,
      result: failed.length ? "fail" : warned.length ? "warn" : "pass",
      findings: [...failed, ...warned],
    };
  });
  return {
    version: "rfc-001-v1",
    url: rfc001Url(baseUrl),
    // A request refused for an error no check owns (a reused Idempotency-Key) is no more conformant
    // than the refusal says it is valid: `valid: false` never comes with `conformant: true`.
    conformant: checks.every((c) => c.result !== "fail") && !findings.some((f) => f.severity === "error"),
    checks,
  };
}

/**
 * JSON.stringify(rfc001Report(findings, baseUrl)), serialised once per base URL and set of codes and
 * fields: a report depends only on those, and valid requests tend to share a few sets.
 */
export const rfc001Json = boundedMemo(
  64,
  ({ findings, baseUrl }: { findings: Finding[]; baseUrl: string }) => JSON.stringify(rfc001Report(findings, baseUrl)),
  ({ findings, baseUrl }) => `${baseUrl} ${[...new Set(findings.map((f) => `${f.code}@${f.field}`))].sort().join(" ")}`,
);
