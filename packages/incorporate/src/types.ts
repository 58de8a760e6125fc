/** Types of the incorporation API (SPEC 2.4-2.7). */

import type { TransparencyProof } from "./log-inclusion.ts";

export type Tipo = "SOCIEDAD-IA" | "SAS" | "SRL" | "SA";

export interface IncorporationInput {
  denominacion: string;
  tipo: Tipo | (string & {});
  capitalSocial: number;
  objeto: string;
  /**
   * Chains this call into an audit session: a UUID (any other is refused, and nothing is recorded).
   * The client's session helper fills it in.
   */
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
  /** Where the checks are described (the endpoint's self-description). */
  url?: string;
  /** False when a check failed, a required field is missing, or the body was not an object. */
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
  deploy: {
    /** The platform the one-click link deploys to ("vercel"). */
    target?: string;
    oneClickUrl: string;
    /** The starter repository the link clones. */
    sourceUrl?: string;
    /** The steps that stay manual: the same list as `checklist`. */
    manualSteps?: ChecklistStep[];
  };
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
  validation?: { valid?: true; findings: Finding[] };
  rfc001?: Rfc001Report;
  /** When the answer was made; a replay keeps the first answer's. */
  generatedAt?: string;
  /**
   * About the service that answered, not the request: `local_origin` (its origin is this machine or
   * a private network, which a hosted deployment cannot reach) and `client_package_by_name`
   * (package.json names this library instead of pinning the service's tarball).
   */
  warnings?: { code: string; message: { es: string; en: string } }[];
}

/**
 * A 422 answer: the request was understood and refused (SPEC 2.6). A refused body is recorded in the
 * audit log (`audit`); a `sessionId` that is not a UUID (finding `session_id_invalid`) and a reused
 * Idempotency-Key are not, the latter and comes with problem+json members (`code`
 * `idempotency_key_reused`, also the first finding's code).
 */
export interface IncorporationFailure {
  ok: false;
  validation: { valid?: false; findings: Finding[] };
  rfc001: Rfc001Report;
  /** The refusal's audit entry and links; `sessionToken` only when this refused call created the session. */
  audit?: {
    sessionId: string;
    backend: string;
    entry: AuditEntry;
    url: string;
    verifyUrl: string;
    dashboardUrl: string;
    badgeUrl?: string;
    sessionToken?: string;
  };
  generatedAt?: string;
  /** problem+json members, on a reused Idempotency-Key. */
  code?: string;
  detail?: string;
  /** Added by this library: the session the refusal was recorded in (`x-session-id`). */
  sessionId?: string;
  /**
   * Added by this library: the session's write token when this refused call created the session
   * (`x-session-token`, also `audit.sessionToken`), else null. Shown once.
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
  /** Entries in this document: a page of the log, or the whole log as fetchAudit returns it. */
  count: number;
  entries: AuditEntry[];
  /**
   * Where a page of `GET /api/play/audit/{sessionId}` sits in the whole log (`total` entries); `next`
   * is the `after` of the next page, null on the last. Absent from what fetchAudit returns.
   */
  page?: { after: number; limit: number; total: number; next: number | null };
  checkpoint: string;
  /** The head entry's leaf in the transparency log, with its inclusion proof; null for an empty log. */
  transparency?: TransparencyProof | null;
  verification?: VerificationReport;
}
