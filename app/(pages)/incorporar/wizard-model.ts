import type { RequestFailure } from "@/app/_components/feedback/request-failure";
import type { IncorporateMessages } from "@/app/(pages)/incorporar/words";
import type { Lang } from "@/lib/i18n";
import type { Finding, Severity } from "@/lib/incorporation/finding-codes";
import type { IncorporationSuccess } from "@/lib/incorporation/success";

// The wizard's data: what the visitor typed, how it maps onto the API's request, and the findings
// the page shows. No React here; use-incorporation.ts holds the state, the views render it.

/** The messages the wizard and its result render, in the page's language. */
export type WizardMessages = Pick<IncorporateMessages, "form" | "errors" | "result">;

export type ResultView = typeof import("./incorporation-result").IncorporationResult;

/** What the page knows about each tipo (from the endpoint's self-description). */
/** What the page hands the wizard: its words, language, the SMVM figure and the legal forms. */
export interface WizardProps {
  words: WizardMessages;
  lang: Lang;
  smvm: number;
  tipos: TipoInfo[];
  /** The rules' findings on the empty form, run by the server, shown until the page loads its own. */
  initialFindings: Finding[];
}

export interface TipoInfo {
  tipo: string;
  suffixes: string[];
  minimumCapital: number;
  /** Legal source of the minimum, in the page's language. */
  source: string;
  pendingLaw: boolean;
}

export interface Values {
  denominacion: string;
  tipo: string;
  capital: string;
  objeto: string;
  repNombre: string;
  repCuit: string;
  email: string;
  chain: boolean;
  sessionId: string;
  sessionToken: string;
}

export const EMPTY: Values = {
  denominacion: "",
  tipo: "SOCIEDAD-IA",
  capital: "",
  objeto: "",
  repNombre: "",
  repCuit: "",
  email: "",
  chain: false,
  sessionId: "",
  sessionToken: "",
};

/** A finding as the page shows it: the shared rules' findings, the server's, and two of the page's own. */
export interface Issue {
  field: string;
  severity: Severity;
  message: string;
}

/** The API member each input stands for: findings carry these in `field`. */
export const FIELD_OF: Record<Exclude<keyof Values, "chain">, string> = {
  denominacion: "denominacion",
  tipo: "tipo",
  capital: "capitalSocial",
  objeto: "objeto",
  repNombre: "representante.nombre",
  repCuit: "representante.cuit",
  email: "emailContacto",
  sessionId: "sessionId",
  sessionToken: "sessionToken",
};

/** Element ids, so every finding sits next to (and is linked from the summary to) its input. */
export const INPUT_ID: Record<string, string> = {
  denominacion: "inc-denominacion",
  tipo: "inc-tipo-0",
  capitalSocial: "inc-capital",
  objeto: "inc-objeto",
  representante: "inc-rep-nombre",
  "representante.nombre": "inc-rep-nombre",
  "representante.cuit": "inc-rep-cuit",
  emailContacto: "inc-email",
  sessionId: "inc-session-id",
  sessionToken: "inc-session-token",
};

export const FIELD_ORDER = Object.keys(INPUT_ID);

export const DRAFT_KEY = "incorporar-draft";

/**
 * Reads the capital as typed: plain digits, Argentine grouping (2.000.000,50) or English grouping
 * (2,000,000.50). Anything else goes to the rules as text, which they report as not a number.
 */
export function parseCapital(raw: string): number | string {
  const s = raw.replace(/[\s\u00a0$]/g, "").replace(/^ARS/i, "");
  if (s === "") return "";
  let plain: string | null = null;
  if (/^-?\d+(\.\d+)?$/.test(s) && !/^\d{1,3}\.\d{3}$/.test(s)) plain = s;
  else if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) plain = s.replace(/\./g, "").replace(",", ".");
  else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) plain = s.replace(/,/g, "");
  else if (/^\d+,\d{1,2}$/.test(s)) plain = s.replace(",", ".");
  return plain === null ? raw : Number(plain);
}

/** The request body the form stands for; optional parts only when the visitor filled them. */
export function toBody(v: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {
    denominacion: v.denominacion,
    tipo: v.tipo,
    capitalSocial: parseCapital(v.capital),
    objeto: v.objeto,
  };
  if (v.repNombre.trim() || v.repCuit.trim()) body.representante = { nombre: v.repNombre, cuit: v.repCuit };
  if (v.email.trim()) body.emailContacto = v.email;
  if (v.chain && v.sessionId.trim()) body.sessionId = v.sessionId.trim();
  return body;
}

/** The shared rules' messages, except the few that name API members rather than what to do. */
export function toIssue(f: Finding, m: WizardMessages): Issue {
  const { fields } = m.form;
  let message = f.message;
  if (f.code === "required" && f.field in fields) message = fields[f.field as keyof typeof fields] as string;
  if (f.code === "invalid_type" && f.field === "capitalSocial") message = fields.capitalNotNumber;
  if (f.code === "session_id_invalid") message = m.errors.invalidSessionId;
  return { field: f.field, severity: f.severity, message };
}

/** 32 hex characters; crypto.getRandomValues works on plain http too (randomUUID does not). */
export function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

export function isSuccess(data: unknown): data is IncorporationSuccess {
  const d = data as Partial<IncorporationSuccess> | null;
  return !!d && d.ok === true && typeof d.config === "object" && Array.isArray(d.checklist);
}

export function findingsOf(data: unknown): Finding[] | null {
  const findings = (data as { validation?: { findings?: unknown } } | null)?.validation?.findings;
  return Array.isArray(findings) ? (findings as Finding[]) : null;
}

/** Where the wizard stands: editing, waiting for the server, failed, or done with its result. */
export type Phase =
  | { kind: "editing" }
  | { kind: "sending" }
  | { kind: "failed"; failure: RequestFailure }
  | { kind: "done"; result: IncorporationSuccess; replayed: boolean; View: ResultView };
