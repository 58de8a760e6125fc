import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendAuditEvent } from "@/lib/audit/log";
import { auditEventStream } from "@/lib/audit/stream";
import { getStore } from "@/lib/store";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

// A stream does not poll the store every second: an append in this process wakes the streams of
// its session. The streams here would look at the store only once a minute, so an entry that
// arrives at all arrived because the append woke them.
let restore: () => void;
beforeAll(() => {
  restore = applyEnv({ DATA_DIR: tempDir("sia-stream-wake-") });
});
afterAll(async () => {
  await getStore().close?.();
  restore();
});

const event = (n: number) =>
  ({ kind: "tool-call", action: "a", actor: "t", input: { n }, output: null, outcome: "ok" }) as const;

/** Reads events from the stream until one of `type` arrives; returns the events read. */
async function until(reader: ReadableStreamDefaultReader<Uint8Array>, type: string, seq: number): Promise<string[]> {
  const decoder = new TextDecoder();
  const events: string[] = [];
  let buffer = "";
  while (true) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended before ${type} ${seq}`);
    buffer += decoder.decode(value, { stream: true });
    const blocks = buffer.split("\n\n");
    buffer = blocks.pop() ?? "";
    events.push(...blocks);
    if (blocks.some((b) => b.includes(`event: ${type}`) && b.includes(`"seq":${seq},`))) return events;
  }
}

describe("an open audit stream", () => {
  it("is woken by an append to its session, and by no other session's", async () => {
    const sid = "stream-wake-session";
    const first = await appendAuditEvent({ sessionId: sid, sessionToken: null, event: event(0) });
    const controller = new AbortController();
    const stream = auditEventStream(sid, {
      afterSeq: -1,
      lifetimeMs: 120_000,
      pollMs: 60_000,
      heartbeatMs: 60_000,
      signal: controller.signal,
    });
    const reader = stream.getReader();
    await until(reader, "entry", 0);
    await appendAuditEvent({ sessionId: "stream-wake-other", sessionToken: null, event: event(9) });
    await appendAuditEvent({ sessionId: sid, sessionToken: first.sessionToken, event: event(1) });
    const events = await until(reader, "entry", 1);
    // Only this session's entries, then the checkpoint that covers the new one.
    expect(events.filter((e) => e.includes("stream-wake-other"))).toEqual([]);
    const next = await reader.read();
    expect(new TextDecoder().decode(next.value)).toContain('event: checkpoint\ndata: {"size":2,');
    controller.abort();
  }, 20_000);
});
