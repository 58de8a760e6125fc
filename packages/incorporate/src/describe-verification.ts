import {
  type AuditCheckStatuses,
  type AuditVerdict,
  auditVerdict,
  type CheckStatus,
  checkStatusesOf,
} from "./audit-verdict.ts";
import type { AuditVerificationReport } from "./verify-audit.ts";

/** One check of a verification, as a person reads it. */
export interface VerificationLine {
  check: keyof AuditCheckStatuses;
  /** pass; fail (a contradiction); pending (not witnessed yet); unchecked (could not be checked). */
  status: CheckStatus;
  text: string;
}

const WORDS = {
  es: {
    verdict: {
      verified: "VERIFICADO: todas las comprobaciones pasaron.",
      not_witnessed:
        "TODAVÍA NO ATESTIGUADO: nada lo contradice, pero los testigos aún no cosignaron un checkpoint que lo incluya.",
      unchecked: "SIN VERIFICAR: nada lo contradice, pero una comprobación no se pudo hacer.",
      failed: "FALLÓ: algo contradice esta bitácora.",
    } satisfies Record<AuditVerdict, string>,
    entries: {
      pass: (n: number) =>
        `Entradas: las ${n} verifican, la cadena está entera y el checkpoint de la sesión está firmado por el servicio.`,
      fail: "Entradas: alguna entrada, la cadena o el checkpoint de la sesión no verifica.",
    },
    log: {
      pass: (i: number, size: number) =>
        `Registro de transparencia: la última entrada está en la hoja ${i} del árbol de ${size} hojas.`,
      pending:
        "Registro de transparencia: la última entrada todavía no está integrada; volvé a leerla en unos segundos.",
      fail: (why: string) => `Registro de transparencia: no se prueba que la última entrada esté en el árbol (${why}).`,
    },
    latest: {
      pass: (from: number, to: number) =>
        `Completa: ninguna hoja posterior del árbol (de la ${from} a la ${to - 1}) es de esta sesión, así que lo que ves es su última entrada.`,
      fail: (why: string) => `Completa: NO. ${why}.`,
      unchecked: (why: string) => `Completa: sin comprobar (${why}).`,
    },
    witnesses: {
      pass: (n: number, q: number, names: string) =>
        `Testigos: el checkpoint tiene ${n} de las ${q} cosignaturas que pide la política (${names}).`,
      pending: (n: number, q: number) =>
        `Testigos: todavía no atestiguado, ${n} de las ${q} cosignaturas que pide la política.`,
      fail: (why: string) => `Testigos: contradicción (${why}).`,
      unchecked: (why: string) => `Testigos: sin comprobar (${why}).`,
    },
    reasonInEnglish: "motivo en inglés: ",
  },
  en: {
    verdict: {
      verified: "VERIFIED: every check passed.",
      not_witnessed:
        "NOT WITNESSED YET: nothing contradicts it, but witnesses have not cosigned a checkpoint that includes it.",
      unchecked: "NOT VERIFIED: nothing contradicts it, but a check could not be made.",
      failed: "FAILED: something contradicts this audit log.",
    } satisfies Record<AuditVerdict, string>,
    entries: {
      pass: (n: number) =>
        `Entries: all ${n} verify, the chain is whole and the session checkpoint is signed by the service.`,
      fail: "Entries: an entry, the chain or the session checkpoint does not verify.",
    },
    log: {
      pass: (i: number, size: number) =>
        `Transparency log: the latest entry is leaf ${i} of the log of ${size} leaves.`,
      pending: "Transparency log: the latest entry is not integrated yet; read it again in a few seconds.",
      fail: (why: string) => `Transparency log: the latest entry is not proved in the log (${why}).`,
    },
    latest: {
      pass: (from: number, to: number) =>
        `Complete: no later leaf of the log (${from} to ${to - 1}) belongs to this session, so what you see is its latest entry.`,
      fail: (why: string) => `Complete: NO. ${why}.`,
      unchecked: (why: string) => `Complete: not checked (${why}).`,
    },
    witnesses: {
      pass: (n: number, q: number, names: string) =>
        `Witnesses: the checkpoint has ${n} of the ${q} cosignatures the policy requires (${names}).`,
      pending: (n: number, q: number) =>
        `Witnesses: not witnessed yet, ${n} of the ${q} cosignatures the policy requires.`,
      fail: (why: string) => `Witnesses: contradiction (${why}).`,
      unchecked: (why: string) => `Witnesses: not checked (${why}).`,
    },
    reasonInEnglish: "",
  },
} as const;

/**
 * The verdict and one line per check of a `verifyAudit` report, in Spanish or English: the
 * entries, the head in the transparency log, the head being the session's latest entry, and the
 * witness quorum. Reasons from the checks themselves are in English.
 */
export function describeVerification(
  report: AuditVerificationReport,
  lang: "es" | "en" = "es",
): { verdict: AuditVerdict; summary: string; lines: VerificationLine[] } {
  const t = WORDS[lang];
  const why = (text: string | null) => `${t.reasonInEnglish}${text ?? "?"}`;
  const status = checkStatusesOf(report);
  const lines: VerificationLine[] = [
    status.entries === "pass"
      ? { check: "entries", status: "pass", text: t.entries.pass(report.head.size) }
      : { check: "entries", status: "fail", text: t.entries.fail },
  ];
  const log = report.log;
  if (status.log === "pass") {
    lines.push({ check: "log", status: "pass", text: t.log.pass(log?.index as number, log?.size as number) });
  } else if (status.log === "pending") {
    lines.push({ check: "log", status: "pending", text: t.log.pending });
  } else {
    lines.push({ check: "log", status: "fail", text: t.log.fail(why(log?.error ?? "no transparency proof")) });
  }
  const c = report.complete;
  if (status.latest === "pass") {
    lines.push({ check: "latest", status: "pass", text: t.latest.pass(c.from as number, c.to as number) });
  } else if (status.latest === "fail") {
    lines.push({ check: "latest", status: "fail", text: t.latest.fail(why(c.error)) });
  } else {
    lines.push({ check: "latest", status: "unchecked", text: t.latest.unchecked(why(c.error)) });
  }
  const w = report.witnesses;
  if (status.witnesses === "pass") {
    const names = w.cosigned.join(", ") || "—";
    lines.push({ check: "witnesses", status: "pass", text: t.witnesses.pass(w.cosigned.length, w.quorum, names) });
  } else if (status.witnesses === "fail") {
    lines.push({ check: "witnesses", status: "fail", text: t.witnesses.fail(why(w.error)) });
  } else if (status.witnesses === "pending") {
    lines.push({ check: "witnesses", status: "pending", text: t.witnesses.pending(w.cosigned.length, w.quorum) });
  } else {
    lines.push({ check: "witnesses", status: "unchecked", text: t.witnesses.unchecked(why(w.error)) });
  }
  const verdict = auditVerdict(status);
  return { verdict, summary: t.verdict[verdict], lines };
}
export { WORDS as VERIFICATION_WORDS };
