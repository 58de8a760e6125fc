import type { AuditEntry } from "@sociedades-ia/incorporate";

/** The audit entry of DESIGN.md section 3, defined once in the client package; docs/audit-log.md describes it. */
export type { AuditEntry, AuditKind, AuditOutcome } from "@sociedades-ia/incorporate";

/** What a caller supplies; the log fills in id, seq, ts, prev, kid and hmac. */
export type AuditEvent = Pick<AuditEntry, "kind" | "action" | "actor" | "input" | "output" | "outcome">;

export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export function isSessionId(value: unknown): value is string {
  return typeof value === "string" && SESSION_ID_PATTERN.test(value);
}
