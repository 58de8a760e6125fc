import type { WitnessCheck } from "./audit-completeness.ts";
import type { Tally } from "./audit-rules.ts";
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

/** The audit entry of DESIGN.md section 3 (docs/audit-log.md), as the service stores and serves it. */
export type AuditKind = "incorporation" | "tool-call" | "registry";
export type AuditOutcome = "ok" | "rejected" | "error";

export interface AuditEntry {
  /** `<sessionId>:<seq>` */
  id: string;
  sessionId: string;
  /** 0-based, contiguous within the session. */
  seq: number;
  /** ISO 8601 UTC with milliseconds. */
  ts: string;
  kind: AuditKind;
  /** What happened, e.g. `auto_incorporate` or a tool name. */
  action: string;
  /** Who caused it: `ip:<keyed hash>`, `key:<key id>`, `system`. Never a raw IP. */
  actor: string;
  input: unknown;
  output: unknown;
  outcome: AuditOutcome;
  /** `sha256:<hex>` of the previous entry's full canonical form; null for seq 0. */
  prev: string | null;
  /** Id of the HMAC key that signed this entry. */
  kid: string;
  /** `sha256:<hex>` HMAC-SHA256 over the canonical form without `hmac` and `signature`. */
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

/**
 * The stored checkpoint against the entries served with it: `valid` (signed by the service for this
 * session, same size and head), `mismatch` (entries edited, re-linked, cut or spliced since it was
 * signed), `invalid` (not a checkpoint the service signed for this session), `missing` (entries
 * without any checkpoint), `none` (an empty log that never had one, e.g. an unknown session).
 */
export type CheckpointStatus = "valid" | "mismatch" | "invalid" | "missing" | "none";

/** The served head against the session's latest leaf in the log's index (GET /log/index/session/{id}). */
export type IndexStatus = "latest" | "pending" | "cut" | "unavailable";

export interface SessionInLog {
  status: IndexStatus;
  /** The seq and log index of the session's latest leaf at the latest checkpoint. */
  seq: number | null;
  leafIndex: number | null;
}

/** The session's header (who may write) against the service's seal. */
export type HeaderStatus = "sealed" | "invalid" | "none";

/** The server's report of `?verify=1` (docs/audit-log.md, "Verification report"). */
export interface VerificationReport extends Tally {
  /** The head the next entry's `prev` will take; `hash` is null for an empty log. */
  head: { size: number; hash: string | null };
  /** Set on reports of a stored log (every read); absent where no checkpoint applies (tamper demo). */
  checkpoint?: CheckpointStatus;
  /** Set on reports of a stored log: its head against the session's latest leaf in the log's index. */
  index?: SessionInLog;
  /** Set on reports of a stored log: whether its header is one the service sealed for it. */
  header?: HeaderStatus;
  /** Set on verified reads of a stored log: the head against the service's witness policy (/log/policy). */
  witnesses?: WitnessCheck;
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
