import {
  type AuditVerdict,
  checkLogInclusion,
  VERIFICATION_WORDS,
  type VerificationLine,
} from "@sociedades-ia/incorporate";
import { z } from "zod";
import type { VerificationReport } from "../audit/verify";
import type { TransparencyReceipt } from "../tlog/receipt";

/** The checks as the client package's describeVerification gives them, for the tool's output. */
export const verificationLinesSchema = z.object({
  verdict: z
    .enum(["verified", "not_witnessed", "unchecked", "failed"])
    .describe("verified only when every check passes; not_witnessed: nothing contradicts it, witnesses pending."),
  summary: z.string().describe("The verdict in words."),
  lines: z.array(
    z.object({
      check: z.enum(["entries", "log", "latest", "witnesses"]),
      status: z.enum(["pass", "fail", "pending", "unchecked"]),
      text: z.string(),
    }),
  ),
});

// The index check is the server's own (the client reads the leaves after the head instead).
const LATEST = {
  es: {
    pass: (leaf: number) =>
      `Completa: el índice del registro nombra esta entrada como la última de la sesión (hoja ${leaf}).`,
    pending: "Completa: el registro todavía no integró las últimas entradas; volvé a leerla en unos segundos.",
    cut: (seq: number, leaf: number) =>
      `el índice del registro tiene una entrada posterior de esta sesión (seq ${seq}, hoja ${leaf}): el almacén sirve menos de lo que el registro guardó`,
    unavailable: "el índice del registro no está disponible",
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
 * One line per check of the server's report, in the words of describeVerification: every entry's
 * HMAC and the chain, the head's inclusion in the log (its proof checked here under the log's key),
 * the head being the session's latest entry by the log's index, and the witness quorum. Verified
 * only when all hold; a missing quorum is "not witnessed yet", and any contradiction wins.
 */
export async function verificationLines(
  sessionId: string,
  report: VerificationReport,
  receipt: TransparencyReceipt | null,
  logKey: string,
  lang: "es" | "en",
): Promise<z.infer<typeof verificationLinesSchema>> {
  const t = VERIFICATION_WORDS[lang];
  const why = (text: string | null) => `${t.reasonInEnglish}${text ?? "?"}`;
  const entriesOk =
    report.tampered === 0 && report.unsigned === 0 && report.checkpoint === "valid" && report.header !== "invalid";
  const lines: VerificationLine[] = [
    entriesOk
      ? { check: "entries", status: "pass", text: t.entries.pass(report.head.size) }
      : { check: "entries", status: "fail", text: t.entries.fail },
  ];
  const head = { sessionId, size: report.head.size, hash: report.head.hash, signedIndex: receipt?.index };
  const log = await checkLogInclusion(head, receipt, logKey);
  if (log.included) {
    lines.push({ check: "log", status: "pass", text: t.log.pass(log.index as number, log.size as number) });
  } else if (/not integrated in a log checkpoint yet/.test(log.error ?? "")) {
    lines.push({ check: "log", status: "pending", text: t.log.pending });
  } else {
    lines.push({ check: "log", status: "fail", text: t.log.fail(why(log.error)) });
  }
  const index = report.index;
  const l = LATEST[lang];
  if (index?.status === "latest") {
    lines.push({ check: "latest", status: "pass", text: l.pass(index.leafIndex ?? (receipt?.index as number)) });
  } else if (index?.status === "cut") {
    lines.push({ check: "latest", status: "fail", text: t.latest.fail(l.cut(index.seq ?? 0, index.leafIndex ?? 0)) });
  } else if (index?.status === "pending") {
    lines.push({ check: "latest", status: "pending", text: l.pending });
  } else {
    lines.push({ check: "latest", status: "unchecked", text: t.latest.unchecked(l.unavailable) });
  }
  const w = report.witnesses;
  if (w?.meets) {
    const names = w.cosigned.join(", ") || "—";
    lines.push({ check: "witnesses", status: "pass", text: t.witnesses.pass(w.cosigned.length, w.quorum, names) });
  } else if (w?.contradiction) {
    lines.push({ check: "witnesses", status: "fail", text: t.witnesses.fail(why(w.error)) });
  } else if (w?.error?.startsWith("not witnessed yet")) {
    lines.push({ check: "witnesses", status: "pending", text: t.witnesses.pending(w.cosigned.length, w.quorum) });
  } else {
    lines.push({ check: "witnesses", status: "unchecked", text: t.witnesses.unchecked(why(w?.error ?? null)) });
  }
  const verdict: AuditVerdict = lines.some((x) => x.status === "fail")
    ? "failed"
    : lines.every((x) => x.status === "pass")
      ? "verified"
      : lines.every((x) => x.status === "pass" || x.check === "witnesses") && lines[3]?.status === "pending"
        ? "not_witnessed"
        : "unchecked";
  return { verdict, summary: t.verdict[verdict], lines };
}
