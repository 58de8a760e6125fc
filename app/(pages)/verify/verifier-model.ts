import {
  type AuditLogDocument,
  type AuditVerification,
  type CheckpointVerification,
  DuplicateMemberError,
  parseStrictJson,
} from "@sociedades-ia/incorporate";
import type { AuditMessages } from "@/app/_i18n/audit-words";
import type { VerifyMessages } from "@/app/(pages)/verify/words";
import { fill } from "@/lib/i18n/template";
import { jsonFailure } from "./json-error";

export type Messages = VerifyMessages["paste"];
export type InclusionMessages = VerifyMessages["inclusion"];
/** The audit messages the verifier uses, in the page's language. */
export type LogAuditMessages = Pick<AuditMessages, "entry" | "verdict" | "reasons" | "request">;
/** A finding under the text field; `detail` is the browser's own (English) message. */
export type FieldError = { message: string; detail?: string };
type Parsed = { ok: true; log: AuditLogDocument } | ({ ok: false } & FieldError);
export type CheckpointState =
  | "valid"
  | "missing"
  | "unknownKey"
  | "badSignature"
  | "mismatch"
  | "malformed"
  | "headOnly";

/** Reads pasted text as an exported log: the audit endpoint's JSON, or at least `{entries}`. */
export function parseLog(text: string, t: Messages): Parsed {
  if (text.trim() === "") return { ok: false, message: t.errors.empty };
  let value: unknown;
  try {
    value = parseStrictJson(text);
  } catch (err) {
    if (err instanceof DuplicateMemberError) {
      return { ok: false, message: fill(t.errors.duplicateMember, { name: err.member }) };
    }
    return { ok: false, ...jsonFailure(text, err, t.errors) };
  }
  if (!value || typeof value !== "object" || !Array.isArray((value as { entries?: unknown }).entries)) {
    return { ok: false, message: t.errors.shape };
  }
  const doc = value as { sessionId?: unknown; entries: unknown[]; checkpoint?: unknown; transparency?: unknown };
  const first = doc.entries[0] as { sessionId?: unknown } | undefined;
  const sessionId =
    typeof doc.sessionId === "string" ? doc.sessionId : typeof first?.sessionId === "string" ? first.sessionId : null;
  if (sessionId === null) return { ok: false, message: t.errors.sessionId };
  const checkpoint = typeof doc.checkpoint === "string" ? doc.checkpoint : null;
  // Only a log exported with its transparency proof is checked against the log; an older export
  // without the field verifies as before.
  const transparency = "transparency" in doc ? (doc.transparency as AuditLogDocument["transparency"]) : undefined;
  return { ok: true, log: { sessionId, entries: doc.entries, checkpoint, transparency } };
}

function checkpointState(c: CheckpointVerification | null): CheckpointState {
  if (c === null) return "missing";
  if (c.error === null) return "valid";
  if (c.signatureValid && !c.matchesLog) return "mismatch";
  if (!c.keyFound) return c.kid === null ? "malformed" : "unknownKey";
  if (!c.signatureValid) return "badSignature";
  return "malformed";
}

/** The browser's verdict on a log, in the words the report shows. */
export function reportVerdict(report: AuditVerification, t: Messages, a: LogAuditMessages) {
  // A checkpoint signs the last entry only: on a log whose chain fails it is never shown as valid.
  const signed = checkpointState(report.checkpoint);
  const cp: CheckpointState = signed === "valid" && report.tampered > 0 ? "headOnly" : signed;
  const empty = report.total === 0;
  // Chained but without a checkpoint: not shown to be altered, not shown to be genuine either.
  const unattested = report.tampered === 0 && cp === "missing";
  const tone = unattested || (report.ok && empty) ? "warn" : report.ok ? "ok" : "bad";
  const pill = unattested
    ? a.verdict.logUnattested
    : !report.ok
      ? a.verdict.logTampered
      : empty
        ? a.verdict.logEmpty
        : a.verdict.logVerified;
  const one = report.total === 1;
  const sentence = unattested
    ? empty
      ? t.verdictEmptyNoCheckpoint
      : one
        ? t.verdictOkNoCheckpointOne
        : fill(t.verdictOkNoCheckpoint, { n: report.total })
    : !report.ok
      ? t.verdictBad
      : empty
        ? t.verdictEmpty
        : one
          ? t.verdictOkOne
          : fill(t.verdictOk, { n: report.total });
  return { cp, unattested, tone, pill, sentence } as const;
}
