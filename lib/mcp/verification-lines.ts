import { z } from "zod";
import { describeSessionChecks } from "../audit/describe-session-checks";
import { checkStoredSession } from "../audit/session-checks";
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

/**
 * One line per check of the server's report (lib/audit/session-checks.ts): every entry's HMAC and
 * the chain, the head's inclusion in the log, the head being the session's latest entry by the
 * log's index, and the witness quorum, with the client package's verdict rule over them.
 */
export async function verificationLines(
  sessionId: string,
  report: VerificationReport,
  receipt: TransparencyReceipt | null,
  lang: "es" | "en",
): Promise<z.infer<typeof verificationLinesSchema>> {
  return describeSessionChecks(await checkStoredSession(sessionId, report, receipt), lang);
}
