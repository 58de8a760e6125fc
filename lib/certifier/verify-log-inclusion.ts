import type { AuditVerdict, CheckStatus } from "@sociedades-ia/incorporate";
import { openCheckpoint } from "../audit/checkpoint";
import { describeSessionChecks } from "../audit/describe-session-checks";
import { checkSignedHead } from "../audit/session-checks";
import { type Reason, reason } from "./reason";

/** A sample session checked against the service-wide transparency log, when this service signed it. */
export type LogVerification =
  /** The one verification (lib/audit/session-checks.ts) gives this verdict; `detail` has its lines. */
  | { status: "checked"; verdict: AuditVerdict; detail: Reason }
  /** No log of this service applies (another service's checkpoint): neither passes nor fails. */
  | { status: "unavailable"; detail: Reason };

/**
 * Runs the one verification on a sample session whose checkpoint this service signed, as verifyAudit
 * and MCP's audit_verify do: `entries` as the certifier found them offline, then the head's
 * inclusion in this service's log (its leaf recomputed from the checkpoint, never read as given),
 * the head against the log's index (a session cut back reads as failed) and the witness quorum of
 * /log/policy. So a company cannot show the certifier a history that the log contradicts, and a
 * session not witnessed yet is not called verified.
 */
export async function verifyInTransparencyLog(checkpoint: string, entries: CheckStatus): Promise<LogVerification> {
  let sessionId: unknown;
  try {
    sessionId = JSON.parse(Buffer.from(checkpoint.split(".")[1] ?? "", "base64url").toString("utf8")).sessionId;
  } catch {
    return {
      status: "unavailable",
      detail: reason("the checkpoint has no readable payload.", "el checkpoint no tiene un contenido legible."),
    };
  }
  const signed = typeof sessionId === "string" ? await openCheckpoint(checkpoint, sessionId) : null;
  if (signed === null) {
    return {
      status: "unavailable",
      detail: reason(
        "the checkpoint was not signed by this service, whose log does not cover it.",
        "el checkpoint no lo firmó este servicio, cuyo log no lo cubre.",
      ),
    };
  }
  const checks = await checkSignedHead(signed, entries);
  const say = (lang: "es" | "en") => {
    const { summary, lines } = describeSessionChecks(checks, lang);
    return [summary, ...lines.map((l) => l.text)].join(" ");
  };
  return { status: "checked", verdict: checks.verdict, detail: reason(say("en"), say("es")) };
}
