import type { AuditEntry } from "../audit/entry";
import { auditPaths } from "../audit/paths";
import { ERROR_CODES } from "../http/error-codes";
import type { StoreBackend } from "../store/types";
import { type Finding, finding } from "./finding-codes";
import { type Rfc001Report, rfc001Report } from "./rfc001";
import { validateIncorporation } from "./validate";

/**
 * A 422 of POST /api/auto-incorporate: SPEC 2.6 (`ok: false`, `validation.findings`, `rfc001`), plus
 * `validation.valid` and `generatedAt` as the earlier ar-agents API sent them, and `audit` when the
 * refusal was recorded (every validation refusal is, but one whose sessionId is not a UUID; a reused
 * Idempotency-Key is not).
 */
export interface IncorporationRefusal {
  ok: false;
  validation: { valid: false; findings: Finding[] };
  rfc001: Rfc001Report;
  audit?: {
    sessionId: string;
    backend: StoreBackend;
    entry: AuditEntry;
    url: string;
    verifyUrl: string;
    dashboardUrl: string;
    badgeUrl: string;
    /** The session's write token, only in the answer of the call that created the session. */
    sessionToken?: string;
  };
  generatedAt: string;
}

/** A refusal that was recorded: its `audit` is always there. */
export type RecordedRefusal = IncorporationRefusal & { audit: NonNullable<IncorporationRefusal["audit"]> };

/** What a refusal's answer is built from. */
export interface RefusalFacts {
  findings: Finding[];
  baseUrl: string;
  backend: StoreBackend;
  entry: AuditEntry;
  sessionToken?: string | null;
}

/** The refusal of a request that failed validation, recorded as `entry`. */
export function refusalAnswer(facts: RefusalFacts): RecordedRefusal {
  const { baseUrl, entry } = facts;
  const paths = auditPaths(entry.sessionId);
  return {
    ok: false,
    validation: { valid: false, findings: facts.findings },
    rfc001: rfc001Report(facts.findings, baseUrl),
    audit: {
      sessionId: entry.sessionId,
      backend: facts.backend,
      entry,
      url: `${baseUrl}${paths.log}`,
      verifyUrl: `${baseUrl}${paths.verified}`,
      dashboardUrl: `${baseUrl}${paths.dashboard}`,
      badgeUrl: `${baseUrl}${paths.badge}`,
      ...(facts.sessionToken ? { sessionToken: facts.sessionToken } : {}),
    },
    generatedAt: entry.ts,
  };
}

/** A refusal that recorded nothing (a sessionId that is not a UUID): SPEC 2.6 without `audit`. */
export function unrecordedRefusal(facts: { findings: Finding[]; baseUrl: string; now: Date }): IncorporationRefusal {
  return {
    ok: false,
    validation: { valid: false, findings: facts.findings },
    rfc001: rfc001Report(facts.findings, facts.baseUrl),
    generatedAt: facts.now.toISOString(),
  };
}

/**
 * The refusal of a reused Idempotency-Key: the SPEC 2.6 body, so that clients reading
 * `validation.findings` see why, with the problem+json members beside it. Its findings are the
 * reused key's, then those of the body as sent (its RFC-001 report is that body's). Nothing is
 * recorded, so it has no `audit`.
 */
export function reusedKeyAnswer(facts: { body: unknown; lang: "es" | "en"; baseUrl: string; smvm: number; now: Date }) {
  const reused = finding(facts.lang, "idempotency_key_reused", "Idempotency-Key");
  const findings = [reused, ...validateIncorporation(facts.body, { lang: facts.lang, smvm: facts.smvm }).findings];
  const { status, title } = ERROR_CODES.idempotency_key_reused;
  const refusal: IncorporationRefusal = {
    ok: false,
    validation: { valid: false, findings },
    rfc001: rfc001Report(findings, facts.baseUrl),
    generatedAt: facts.now.toISOString(),
  };
  return {
    type: "urn:sociedades-ia:problem:idempotency_key_reused",
    title,
    status,
    detail: reused.message,
    code: "idempotency_key_reused" as const,
    instance: "/api/auto-incorporate",
    ...refusal,
  };
}
