import type { InferUITools, UIMessage } from "ai";
import type { AuditOutcome } from "../audit/entry";
import type { Refusal } from "./refuse-tool-call";
import type { PlayTools } from "./tools";

/**
 * The reference to the audit entry a tool call appended, streamed as a `data-audit` part whose id
 * is the tool call's id (docs/play.md). `hmac` is the first 12 hex digits of the entry's HMAC.
 */
export interface AuditRef {
  toolCallId: string;
  sessionId: string;
  seq: number;
  hmac: string;
  /** The entry's leaf index in the transparency log (/log/proof/{logIndex}). */
  logIndex?: number;
  outcome: AuditOutcome;
  /** Why the server refused the call before running it (outcome `rejected`). */
  reason?: Refusal;
  /** Why the tool refused its input (outcome `rejected`): its findings' codes and fields. */
  findings?: { code: string; field: string }[];
}

/** The UI messages of the demo agent: its 12 tools and the `audit` data part. Type only: safe in the browser. */
export type PlayUIMessage = UIMessage<never, { audit: AuditRef }, InferUITools<PlayTools>>;
