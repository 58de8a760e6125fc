/** The audit entry of DESIGN.md section 3; docs/audit-log.md describes it for third-party verifiers. */
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

/** What a caller supplies; the log fills in id, seq, ts, prev, kid and hmac. */
export type AuditEvent = Pick<AuditEntry, "kind" | "action" | "actor" | "input" | "output" | "outcome">;

export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export function isSessionId(value: unknown): value is string {
  return typeof value === "string" && SESSION_ID_PATTERN.test(value);
}
