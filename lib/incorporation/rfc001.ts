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
  /** No check failed. */
  conformant: boolean;
  checks: Rfc001Check[];
}

const CHECKS: { id: string; description: Rfc001Check["description"]; fail: string[]; warn: string[] }[] = [
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
  },
  {
    id: "defined-form-and-capital",
    description: {
      es: "El tipo es conocido y el capital alcanza su mínimo legal.",
      en: "The type is known and the capital meets its legal minimum.",
    },
    fail: ["tipo_unknown", "capital_not_positive", "capital_below_minimum"],
    warn: ["tipo_pending_law", "capital_low"],
  },
  {
    id: "disclosed-purpose",
    description: {
      es: "El objeto es preciso y declara la operación automatizada.",
      en: "The purpose is precise and discloses automated operation.",
    },
    fail: ["objeto_length", "objeto_vague"],
    warn: ["objeto_automation_undisclosed"],
  },
  {
    id: "accountable-human",
    description: {
      es: "Hay un representante humano identificado con CUIT válido.",
      en: "A human representative is identified with a valid CUIT.",
    },
    fail: ["representante_nombre_length", "representante_cuit_invalid"],
    warn: ["representante_missing"],
  },
  {
    id: "authority-channel",
    description: {
      es: "Hay un canal de contacto para las autoridades.",
      en: "There is a contact channel for authorities.",
    },
    fail: ["email_invalid"],
    warn: ["email_missing"],
  },
  {
    id: "audit-trail",
    description: {
      es: "Cada acción queda en un registro de auditoría firmado y encadenado (este servicio lo lleva).",
      en: "Every action is recorded in a signed, chained audit log (this service keeps it).",
    },
    fail: ["session_id_invalid"],
    warn: [],
  },
];

export function rfc001Report(findings: Finding[]): Rfc001Report {
  const codes = new Set(findings.map((f) => f.code as string));
  const checks = CHECKS.map(({ id, description, fail, warn }): Rfc001Check => {
    const failed = fail.filter((c) => codes.has(c));
    const warned = warn.filter((c) => codes.has(c));
    return {
      id,
      description,
      result: failed.length ? "fail" : warned.length ? "warn" : "pass",
      findings: [...failed, ...warned],
    };
  });
  return { version: "rfc-001-v1", conformant: checks.every((c) => c.result !== "fail"), checks };
}

/**
 * JSON.stringify(rfc001Report(findings)), serialised once per set of codes: a report depends only on
 * which codes were found, and valid requests tend to share a few sets.
 */
export const rfc001Json = boundedMemo(
  64,
  (findings: Finding[]) => JSON.stringify(rfc001Report(findings)),
  (findings) => [...new Set(findings.map((f) => f.code))].sort().join(" "),
);
