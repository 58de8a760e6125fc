import { type AuditVerdict, VERIFICATION_WORDS, type VerificationLine } from "@sociedades-ia/incorporate";
import type { SessionChecks } from "./session-checks";

// The index check is the server's own (the client reads the leaves after the head instead).
const LATEST = {
  es: {
    pass: (leaf: number) =>
      `Completa: el índice del registro de transparencia nombra esta entrada como la última de la sesión (hoja ${leaf}).`,
    pending:
      "Completa: el registro de transparencia todavía no integró las últimas entradas; volvé a leerla en unos segundos.",
    cut: (seq: number, leaf: number) =>
      `el índice del registro de transparencia tiene una entrada posterior de esta sesión (seq ${seq}, hoja ${leaf}): el almacén sirve menos de lo que el registro de transparencia guardó`,
    unavailable: "el índice del registro de transparencia no está disponible",
  },
  en: {
    pass: (leaf: number) => `Complete: the log's index names this entry as the session's latest (leaf ${leaf}).`,
    pending: "Complete: the log has not integrated the latest entries yet; read it again in a few seconds.",
    cut: (seq: number, leaf: number) =>
      `the log's index holds a later entry of this session (seq ${seq}, leaf ${leaf}): the store serves less than the log recorded`,
    unavailable: "the log's index is not available",
  },
} as const;

/**
 * The verdict and one line per check of the service's verification of a session, in the words of
 * the client package's describeVerification (reasons from the checks themselves are in English).
 */
export function describeSessionChecks(
  checks: SessionChecks,
  lang: "es" | "en",
): { verdict: AuditVerdict; summary: string; lines: VerificationLine[] } {
  const t = VERIFICATION_WORDS[lang];
  const l = LATEST[lang];
  const why = (text: string | null) => `${t.reasonInEnglish}${text ?? "?"}`;
  const { status, log, index } = checks;
  const w = checks.witnesses;
  const lines: VerificationLine[] = [
    {
      check: "entries",
      status: status.entries,
      text: status.entries === "pass" ? t.entries.pass(checks.head.size) : t.entries.fail,
    },
  ];
  const logText =
    status.log === "pass"
      ? t.log.pass(log.index as number, log.size as number)
      : status.log === "pending"
        ? t.log.pending
        : t.log.fail(why(log.error));
  lines.push({ check: "log", status: status.log, text: logText });
  const latestText =
    status.latest === "pass"
      ? l.pass(index?.leafIndex ?? (log.index as number))
      : status.latest === "fail"
        ? t.latest.fail(l.cut(index?.seq ?? 0, index?.leafIndex ?? 0))
        : status.latest === "pending"
          ? l.pending
          : t.latest.unchecked(l.unavailable);
  lines.push({ check: "latest", status: status.latest, text: latestText });
  const witnessText =
    status.witnesses === "pass"
      ? t.witnesses.pass(w?.cosigned.length ?? 0, w?.quorum ?? 0, w?.cosigned.join(", ") || "—")
      : status.witnesses === "fail"
        ? t.witnesses.fail(why(w?.error ?? null))
        : status.witnesses === "pending"
          ? t.witnesses.pending(w?.cosigned.length ?? 0, w?.quorum ?? 0)
          : t.witnesses.unchecked(why(w?.error ?? null));
  lines.push({ check: "witnesses", status: status.witnesses, text: witnessText });
  return { verdict: checks.verdict, summary: t.verdict[checks.verdict], lines };
}
