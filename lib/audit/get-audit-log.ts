import { getStore } from "../store";
import { canonicalJson, hashOf } from "./canonical";
import { signCheckpoint } from "./checkpoint";
import { hmacKeys } from "./keys";
import { readAuditEntries } from "./log";
import { type VerificationReport, verifyEntries } from "./verify";

export interface AuditLogResult {
  sessionId: string;
  backend: "embedded" | "upstash";
  count: number;
  entries: unknown[];
  /** Compact JWS over `{sessionId, size, head, ts}`. */
  checkpoint: string;
  verification?: VerificationReport;
}

/** The head a verifier recomputes: the hash of the last entry's canonical form, null when empty. */
export function headOf(entries: unknown[]): string | null {
  return entries.length === 0 ? null : hashOf(canonicalJson(entries[entries.length - 1]));
}

/** Reads a session's log with a freshly signed checkpoint and, on request, the verification report. */
export async function getAuditLog(sessionId: string, options: { verify?: boolean } = {}): Promise<AuditLogResult> {
  const store = getStore();
  const entries = await readAuditEntries(sessionId, store);
  const verification = options.verify ? verifyEntries(sessionId, entries, hmacKeys()) : undefined;
  const head = verification ? verification.head.hash : headOf(entries);
  const checkpoint = await signCheckpoint({ sessionId, size: entries.length, head });
  return {
    sessionId,
    backend: store.backend,
    count: entries.length,
    entries,
    checkpoint,
    ...(verification ? { verification } : {}),
  };
}
