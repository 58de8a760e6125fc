import { type AgentRunResult, runAgent } from "@sociedades-ia/incorporate";
import { readEnv } from "./agent";
import { STARTER_ENV } from "./contract";

/**
 * Has the company's agent carry out one instruction on the audit service; each tool call it makes is
 * appended, signed and chained, to the company's own audit session (AUDIT_SESSION_ID, written with
 * AUDIT_SESSION_TOKEN). Run it from a server or a script only: the token must stay secret.
 */
export function recordAction(
  instruction: string,
  env: Record<string, string | undefined> = process.env,
  fetchImpl?: typeof fetch,
): Promise<AgentRunResult> {
  const settings = readEnv(env);
  return runAgent(instruction, {
    baseUrl: settings[STARTER_ENV.auditBaseUrl],
    sessionId: settings[STARTER_ENV.auditSessionId],
    sessionToken: settings[STARTER_ENV.auditSessionToken],
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}
