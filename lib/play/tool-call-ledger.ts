import type { AuditOutcome } from "../audit/entry";
import { toPublicLogExcerpt } from "../text/public-log";
import type { Refusal } from "./refuse-tool-call";

interface LedgerCall {
  id: string;
  toolName: string;
  input: unknown;
  refusal: Refusal | null;
  /**
   * pending: waits to run or for its refusal's entry; recorded: has its entry; unrun: its step ended
   * before its tools ran; unrecorded: it ran but the log could not take its entry (its result is withheld).
   */
  state: "pending" | "recorded" | "unrun" | "unrecorded";
}

export interface LedgerRecord {
  toolCallId: string;
  toolName: string;
  input: unknown;
  output: unknown;
  outcome: AuditOutcome;
  refusal?: Refusal;
  /** A tool's own refusal: its findings (code, field). */
  findings?: { code: string; field: string }[];
}

/**
 * Every tool call of one request, in the order the model made them (ids are the server's, see
 * server-tool-call-ids.ts), and the one place their entries are appended from. A call the server
 * runs is recorded when it has run; a refused call is recorded as soon as every call before it has
 * its entry or will never run, so the log's order is the calls' order whatever order the AI SDK
 * reports them in. Appends happen one at a time.
 */
export class ToolCallLedger {
  private readonly calls: LedgerCall[] = [];
  private readonly byId = new Map<string, LedgerCall>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly append: (record: LedgerRecord) => Promise<void>) {}

  /** Notes a call as the model made it. */
  add(call: { id: string; toolName: string; input: unknown; refusal: Refusal | null }): void {
    const entry: LedgerCall = { ...call, state: "pending" };
    this.calls.push(entry);
    this.byId.set(call.id, entry);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  refusalOf(id: string): Refusal | null {
    return this.byId.get(id)?.refusal ?? null;
  }

  /** True while a call of this request has neither its entry nor a settled fate. */
  awaitsEntry(id: string): boolean {
    return this.byId.get(id)?.state === "pending";
  }

  /** A call the server took as valid but the AI SDK refused: it will not run, so it is refused too. */
  refuse(id: string, refusal: Refusal): void {
    const call = this.byId.get(id);
    if (call && call.state === "pending" && call.refusal === null) call.refusal = refusal;
  }

  /** The calls still waiting to run will not (their step broke off, ran out of tokens or was cancelled). */
  dropUnrun(): void {
    for (const call of this.calls) if (call.state === "pending" && call.refusal === null) call.state = "unrun";
  }

  /** Appends the entry of a call that ran, after the refused calls before it. */
  recordRun(record: LedgerRecord): Promise<void> {
    return this.serially(async () => {
      const call = this.byId.get(record.toolCallId);
      if (call?.state !== "pending" || call.refusal !== null) {
        throw new Error(`tool call ${record.toolCallId} is not a pending call the server may run`);
      }
      await this.recordDueRefusals(call);
      try {
        await this.append(record);
      } catch (err) {
        call.state = "unrecorded";
        throw err;
      }
      call.state = "recorded";
      await this.recordDueRefusals();
    });
  }

  /** Appends the entries of the refused calls that no call before them still waits for. */
  settle(): Promise<void> {
    return this.serially(() => this.recordDueRefusals());
  }

  private async recordDueRefusals(until?: LedgerCall): Promise<void> {
    for (const call of this.calls) {
      if (call === until) return;
      if (call.state !== "pending") continue;
      if (call.refusal === null) return;
      await this.append({
        toolCallId: call.id,
        toolName: call.toolName,
        input: toPublicLogExcerpt(call.input),
        output: { error: call.refusal.code, ...(call.refusal.field ? { field: call.refusal.field } : {}) },
        outcome: "rejected",
        refusal: call.refusal,
      });
      call.state = "recorded";
    }
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => {});
    return next;
  }
}
