import { readAuditEntriesAfter } from "./log";
import { readNewestCheckpoint } from "./published-log";

export interface StreamOptions {
  /** Resume after this seq (from Last-Event-ID); -1 sends every entry. */
  afterSeq: number;
  /** How long one connection lives before it asks the client to reconnect. */
  lifetimeMs: number;
  pollMs?: number;
  heartbeatMs?: number;
  /** The request's signal: stop polling as soon as the client goes away. */
  signal?: AbortSignal;
}

export const RECONNECT_MS = 2000;

/**
 * Server-sent events of a session's log: existing entries after `afterSeq`, then new ones as they
 * are appended (polled, so it works the same on every store backend and instance). Each event's
 * `id:` is the entry's seq, so EventSource resumes with Last-Event-ID without replaying. Entries go
 * out only once a stored checkpoint covers them, and each new checkpoint follows the entries it
 * covers as a `checkpoint` event, so a follower can verify what it received offline at any point.
 * Comment heartbeats keep proxies from closing the connection; after `lifetimeMs` a `reconnect`
 * event ends the stream and the `retry:` hint brings the client back.
 */
export function auditEventStream(sessionId: string, options: StreamOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const pollMs = options.pollMs ?? 1000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  let last = options.afterSeq;
  let sentCheckpoint: string | null = null;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  return new ReadableStream<Uint8Array>({
    start(controller) {
      const started = Date.now();
      let lastWrite = Date.now();
      const send = (text: string) => {
        if (closed) return;
        controller.enqueue(encoder.encode(text));
        lastWrite = Date.now();
      };
      const finish = () => {
        if (closed) return;
        closed = true;
        clearTimeout(timer);
        controller.close();
      };
      options.signal?.addEventListener("abort", finish);
      send(`retry: ${RECONNECT_MS}\n\n`);

      const tick = async () => {
        if (closed) return;
        try {
          // The checkpoint first: entries appended after it wait for the next tick and their own.
          const { checkpoint, signed } = await readNewestCheckpoint(sessionId);
          const entries = await readAuditEntriesAfter(sessionId, last);
          const covered = signed ? entries.slice(0, Math.max(0, signed.size - (last + 1))) : entries;
          for (const entry of covered) {
            send(`id: ${entry.seq}\nevent: entry\ndata: ${JSON.stringify(entry)}\n\n`);
            last = entry.seq;
          }
          if (checkpoint !== null && checkpoint !== sentCheckpoint) {
            send(`event: checkpoint\ndata: ${JSON.stringify({ size: signed?.size ?? null, checkpoint })}\n\n`);
            sentCheckpoint = checkpoint;
          }
        } catch {
          send(`event: error\ndata: ${JSON.stringify({ code: "store_unavailable", retryMs: RECONNECT_MS })}\n\n`);
          return finish();
        }
        if (Date.now() - started >= options.lifetimeMs) {
          send(`event: reconnect\ndata: ${JSON.stringify({ lastEventId: last, retryMs: RECONNECT_MS })}\n\n`);
          return finish();
        }
        if (Date.now() - lastWrite >= heartbeatMs) send(`: heartbeat ${new Date().toISOString()}\n\n`);
        timer = setTimeout(tick, pollMs);
      };
      void tick();
    },
    cancel() {
      closed = true;
      clearTimeout(timer);
    },
  });
}
