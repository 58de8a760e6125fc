/** Types of the incorporation API (SPEC 2.4-2.7). */

export type Tipo = "SOCIEDAD-IA" | "SAS" | "SRL" | "SA";

export interface IncorporationInput {
  denominacion: string;
  tipo: Tipo | (string & {});
  capitalSocial: number;
  objeto: string;
  /** Chains this call into an audit session; the client's session helper fills it in. */
  sessionId?: string;
  representante?: { nombre: string; cuit: string };
  emailContacto?: string;
}

export interface Finding {
  code: string;
  severity: "error" | "warning" | "info";
  field: string;
  message: string;
}

export interface Rfc001Report {
  version: string;
  conformant: boolean;
  checks: {
    id: string;
    description: { es: string; en: string };
    result: "pass" | "warn" | "fail";
    findings: string[];
  }[];
}

export interface AuditEntry {
  id: string;
  sessionId: string;
  seq: number;
  ts: string;
  kind: "incorporation" | "tool-call" | "registry";
  action: string;
  actor: string;
  input: unknown;
  output: unknown;
  outcome: "ok" | "rejected" | "error";
  prev: string | null;
  kid: string;
  hmac: string;
  signature?: string;
}

export interface ChecklistStep {
  id: string;
  order: number;
  title: { es: string; en: string };
  description: { es: string; en: string };
  authority: string;
  link: string;
  /** Env vars this step yields, all listed in `envVars` and `.env.example`. */
  envVars: string[];
  state: "pending" | "done";
}

/** A 200 answer of POST /api/auto-incorporate. */
export interface IncorporationSuccess {
  ok: true;
  sociedad: { denominacion: string; tipo: string; capitalSocial: number; slug: string };
  config: { "package.json": string; "lib/agent.ts": string; ".env.example": string; "README.md": string };
  envVars: { name: string; description: string }[];
  checklist: ChecklistStep[];
  deploy: { oneClickUrl: string };
  audit: {
    sessionId: string;
    backend: string;
    entry: AuditEntry;
    url: string;
    verifyUrl: string;
    dashboardUrl: string;
    badgeUrl?: string;
    /** The session write token, only on the call that created the session. */
    sessionToken?: string;
  };
  registry?: { record: Record<string, unknown>; url: string; claimUrl: string; claimToken: string | null };
  validation?: { findings: Finding[] };
  rfc001?: Rfc001Report;
}

/** A 422 answer: the request was understood and refused (SPEC 2.6). */
export interface IncorporationFailure {
  ok: false;
  validation: { findings: Finding[] };
  rfc001: Rfc001Report;
  /**
   * Added by this library from the answer's `x-session-id` header (the 422 body has no `audit`):
   * the session the refusal was recorded in.
   */
  sessionId?: string;
  /**
   * Added by this library from the answer's `x-session-token` header: the session's write token when
   * this refused call created the session (a refusal is recorded too), else null. Shown once.
   */
  sessionToken?: string | null;
}

export type IncorporationResult = IncorporationSuccess | IncorporationFailure;

export interface VerificationReport {
  total: number;
  verified: number;
  tampered: number;
  unsigned: number;
  firstBadSeq: number | null;
  head: { size: number; hash: string | null };
  problems: { seq: number; reasons: string[] }[];
}

/** GET /api/play/audit/{sessionId}: the log, a signed checkpoint and, on request, the server's report. */
export interface AuditLog {
  sessionId: string;
  backend: string;
  count: number;
  entries: AuditEntry[];
  checkpoint: string;
  verification?: VerificationReport;
}
