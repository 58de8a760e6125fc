import {
  describeVerification,
  fetchAudit,
  type LogInclusion,
  verifyAudit,
  verifyAuditLog,
} from "@sociedades-ia/incorporate";
import { checkWitnessPolicy, parseWitnessPolicy } from "@sociedades-ia/incorporate/tlog";
import { fetchPublished } from "@/app/_client/api";
import type { Lang } from "@/lib/i18n";
import { fetchJwks, fetchLogKey } from "./log-inclusion";

/** Whether the checkpoint a session's head is proved in meets the log's witness policy; null without witnesses. */
export type PolicyVerdict =
  | { kind: "checked"; cosigned: number; quorum: number; meets: boolean }
  | { kind: "failed" }
  | null;

async function policyVerdict(checkpoint: string | null | undefined): Promise<PolicyVerdict> {
  if (!checkpoint) return null;
  const policy = parseWitnessPolicy(await fetchPublished("/log/policy"));
  if (policy.witnesses.length === 0) return null;
  try {
    const { cosigned, meets } = await checkWitnessPolicy(checkpoint, policy);
    return { kind: "checked", cosigned: cosigned.length, quorum: policy.quorum, meets };
  } catch {
    return { kind: "failed" };
  }
}

/** The client package's verdict and one line per check, in the page's language. */
export type VerificationDescription = ReturnType<typeof describeVerification>;

/**
 * Reads a session's log as anyone can and checks with the client package that its head entry is in
 * the transparency log and that the checkpoint meets the witness policy, and describes the whole
 * verification in `lang`. It throws when any of it cannot be fetched. The page loads this module
 * (the client package and its sentences) only to run it.
 */
export async function checkSessionInclusion(
  sessionId: string,
  lang: Lang,
): Promise<{ result: LogInclusion; policy: PolicyVerdict; described: VerificationDescription }> {
  const [log, jwks, logKey] = await Promise.all([
    // Every page: the head and the checkpoint only verify against the whole log.
    fetchAudit(sessionId),
    fetchJwks(),
    fetchLogKey(),
  ]);
  const document = { sessionId, entries: log.entries, checkpoint: log.checkpoint, transparency: log.transparency };
  const base = await verifyAuditLog(document, { jwks, logKey });
  const result = base.log as LogInclusion;
  const policy = result.included ? await policyVerdict(log.transparency?.checkpoint) : null;
  // The whole verification, as the client package's verifyAudit gives it: witnesses and latest entry too.
  const report = await verifyAudit(document, { jwks, logKey });
  return { result, policy, described: describeVerification(report, lang === "en" ? "en" : "es") };
}
