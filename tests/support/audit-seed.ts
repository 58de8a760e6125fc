// Sessions of many entries for tests and benches, appended through the service's own append path.
import type { AuditEvent } from "@/lib/audit/entry";
import { appendAuditEvent } from "@/lib/audit/log";
import type { Store } from "@/lib/store/types";

/** A demo tool call, numbered so that every entry differs. */
export const toolCallEvent = (n: number): AuditEvent => ({
  kind: "tool-call",
  action: "validar_cuit",
  actor: "ip:test",
  input: { n },
  output: null,
  outcome: "ok",
});

/** Appends `count` entries (event(0) first) to a new session; returns its write token. */
export async function appendEntries(
  store: Store,
  sessionId: string,
  count: number,
  event: (n: number) => AuditEvent = toolCallEvent,
): Promise<string> {
  const first = await appendAuditEvent({ sessionId, sessionToken: null, event: event(0) }, store);
  const token = first.sessionToken as string;
  for (let n = 1; n < count; n++) await appendAuditEvent({ sessionId, sessionToken: token, event: event(n) }, store);
  return token;
}
