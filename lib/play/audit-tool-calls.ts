import type { ToolSet, UIMessageStreamWriter } from "ai";
import type { AuditOutcome } from "../audit/entry";
import { appendAuditEvent } from "../audit/log";
import { isApiError } from "../http/problem";
import { refusalText } from "./refuse-tool-call";
import type { LedgerRecord, ToolCallLedger } from "./tool-call-ledger";
import { isToolRejection, ToolFailure } from "./tool-rejection";
import type { PlayUIMessage } from "./ui-message";

/** Refusals of an append that trying again cannot change: the tool's result is withheld with their reason. */
const PERMANENT = new Set([
  "audit_log_corrupt",
  "audit_session_corrupt",
  "audit_session_cut",
  "audit_session_full",
  "tlog_stalled",
]);

/** What every audited tool call of one request needs. */
export interface PlayAuditContext {
  sessionId: string;
  /** The token appends present: the one the session was created with, or the caller's. */
  sessionToken: string | null;
  /** `ip:<keyed hash>` of the caller (lib/audit/actor.ts). */
  actor: string;
  writer: UIMessageStreamWriter<PlayUIMessage>;
  /** Every call of the request, in order; the only way entries are appended. */
  ledger: ToolCallLedger;
}

/**
 * Appends the one audit entry of a tool call and streams its reference as a `data-audit` part.
 * Throws if the store cannot take it: the call then fails rather than go unrecorded. Called by the
 * ledger only (tool-call-ledger.ts), which keeps the calls' order. The first entry of a new session
 * creates it, with the token the answer's headers carry (open-play-session.ts).
 */
export async function recordToolCall(
  ctx: Omit<PlayAuditContext, "ledger"> & { newSessionToken?: string | null },
  call: LedgerRecord,
): Promise<void> {
  const { entry, transparency } = await appendAuditEvent({
    sessionId: ctx.sessionId,
    sessionToken: ctx.sessionToken,
    ...(ctx.newSessionToken ? { newSessionToken: ctx.newSessionToken } : {}),
    event: {
      kind: "tool-call",
      action: call.toolName,
      actor: ctx.actor,
      input: call.input ?? null,
      output: call.output ?? null,
      outcome: call.outcome,
    },
  });
  ctx.writer.write({
    type: "data-audit",
    id: call.toolCallId,
    data: {
      toolCallId: call.toolCallId,
      sessionId: entry.sessionId,
      seq: entry.seq,
      hmac: entry.hmac.replace(/^sha256:/, "").slice(0, 12),
      outcome: entry.outcome,
      logIndex: transparency.index,
      ...(call.refusal ? { reason: call.refusal } : {}),
      ...(call.findings?.length ? { findings: call.findings.map(({ code, field }) => ({ code, field })) } : {}),
    },
  });
}

/**
 * The same tools, each of whose calls appends exactly one audit entry before the model sees its
 * result: outcome `ok` with the output, `rejected` with the reason when the tool refused its input
 * (ToolRejection), `error` otherwise (the cause is logged, not recorded or shown). A call the log
 * cannot record fails: its result is withheld from the model.
 */
export function withAudit<T extends ToolSet>(tools: T, ctx: PlayAuditContext): T {
  const wrapped: ToolSet = {};
  for (const [toolName, original] of Object.entries(tools)) {
    const execute = original.execute;
    if (!execute) continue;
    wrapped[toolName] = {
      ...original,
      execute: async (input: unknown, options: Parameters<typeof execute>[1]) => {
        // The server refused this call on its own check: it never runs (the ledger records the refusal).
        const refusal = ctx.ledger.refusalOf(options.toolCallId);
        if (refusal || !ctx.ledger.has(options.toolCallId)) {
          throw new ToolFailure(refusalText(refusal ?? { code: "input_invalid" }));
        }
        let output: unknown;
        let failure: Error | null = null;
        let outcome: AuditOutcome = "ok";
        let findings: { code: string; field: string }[] | undefined;
        try {
          output = await execute(input, options);
        } catch (err) {
          if (isToolRejection(err)) {
            outcome = "rejected";
            failure = new ToolFailure(
              err.message,
              err.findings.map((f) => f.code),
            );
            output = { error: err.message, findings: err.findings };
            findings = err.findings;
          } else {
            console.error(`[play] tool ${toolName} failed:`, err);
            outcome = "error";
            failure = new ToolFailure("The tool failed unexpectedly; the failure was logged.");
            output = { error: failure.message };
          }
        }
        try {
          await ctx.ledger.recordRun({ toolCallId: options.toolCallId, toolName, input, output, outcome, findings });
        } catch (err) {
          console.error(`[play] tool call ${options.toolCallId} could not be recorded:`, err);
          // A log that fails verification, whose header fails its seal, that was cut back or is full,
          // or a stalled transparency log, takes no more entries: trying again cannot help.
          if (isApiError(err) && PERMANENT.has(err.code)) {
            throw new ToolFailure(err.detail);
          }
          throw new ToolFailure(
            "The audit log could not record this call, so its result is withheld. Try again shortly.",
          );
        }
        if (failure) throw failure;
        return output;
      },
    } as typeof original;
  }
  return wrapped as T;
}
