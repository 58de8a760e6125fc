import { getStore } from "../store";
import { onCheckpoint } from "./appended";
import { AUDIT_READ_PAGE, readAuditEntriesAfter } from "./log";
import { readNewestCheckpoint } from "./published-log";
import { readCheckpoint } from "./store-checkpoint";

export interface StreamOptions {
  /** Resume after this seq (from Last-Event-ID); -1 sends every entry. */
  afterSeq: number;
  /** How long one connection lives before it asks the client to reconnect. */
  lifetimeMs: number;
  /**
   * How often the stream looks at the store when no append in this process woke it: on Upstash
   * (appends by other instances) each look is one length read, and the entries are read only when
   * the session has a new checkpoint; the embedded store has one process, so every append wakes it
   * and the look is only a safety net, made at the heartbeat.
   */
  pollMs?: number;
  heartbeatMs?: number;
  /** The request's signal: stop polling as soon as the client goes away. */
  signal?: AbortSignal;
  /** Entries one look reads at most (AUDIT_READ_PAGE); tests make it small. */
  page?: number;
  /**
   * Called once when the stream stops reading the store: ended, failed or cancelled. What it has
   * queued may still be on its way to a client that reads slowly, or not at all.
   */
  onEnd?: () => void;
  /**
   * Called after each look with the number of entries it sent, to charge them as a read of that
   * many entries is charged; false when the client's read budget is spent, which ends the stream
   * with a `rate_limited` error event (the client reconnects after its Retry-After).
   */
  charge?: (entries: number) => Promise<boolean>;
}

export const RECONNECT_MS = 2000;

/**
 * Server-sent events of a session's log: existing entries after `afterSeq`, then new ones as they
 * are appended: woken by appends in this process, and polling cheaply for those of other instances. Each event's
 * `id:` is the entry's seq, so EventSource resumes with Last-Event-ID without replaying. Entries go
 * out only once a stored checkpoint covers them, and each new checkpoint follows the entries it
 * covers as a `checkpoint` event, so a follower can verify what it received offline at any point.
 * Comment heartbeats keep proxies from closing the connection; after `lifetimeMs` a `reconnect`
 * event ends the stream and the `retry:` hint brings the client back. A stream that is behind (its
 * first look at a long session, or a reader that resumes far back) reads one page per look and looks
 * again on a later turn of the event loop, once the client has taken what was sent, until it has
 * caught up: each step costs a page, whatever the session's size.
 */
export function auditEventStream(sessionId: string, options: StreamOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const store = getStore();
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const pollMs = options.pollMs ?? (store.backend === "embedded" ? heartbeatMs : 1000);
  const page = options.page ?? AUDIT_READ_PAGE;
  let last = options.afterSeq;
  let sentCheckpoint: string | null = null;
  /** The newest checkpoint stored when the stream last read the session; undefined before its first read. */
  let seenCheckpoint: string | null | undefined;
  let woken = false;
  /** The last look stopped at the end of a page: entries it may publish are still unsent. */
  let behind = false;
  /** Set while a stream that is behind waits for the client to take what was sent. */
  let resume: (() => void) | undefined;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** While a stream that is behind waits for its client: the end of its lifetime. */
  let endTimer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe = () => {};
  let ended = false;
  const end = () => {
    closed = true;
    clearTimeout(timer);
    clearTimeout(endTimer);
    unsubscribe();
    if (!ended) {
      ended = true;
      options.onEnd?.();
    }
  };

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
        end();
        controller.close();
      };
      const reconnect = () => {
        send(`event: reconnect\ndata: ${JSON.stringify({ lastEventId: last, retryMs: RECONNECT_MS })}\n\n`);
        finish();
      };
      options.signal?.addEventListener("abort", finish);
      send(`retry: ${RECONNECT_MS}\n\n`);

      const tick = async () => {
        if (closed) return;
        timer = undefined;
        const wake = woken;
        woken = false;
        try {
          // Nothing new unless an append here woke the stream or the session has another checkpoint.
          const { checkpoint } = await readCheckpoint(sessionId, store);
          if (wake || behind || checkpoint !== seenCheckpoint) await readNew(checkpoint);
        } catch {
          send(`event: error\ndata: ${JSON.stringify({ code: "store_unavailable", retryMs: RECONNECT_MS })}\n\n`);
          return finish();
        }
        if (Date.now() - started >= options.lifetimeMs) return reconnect();
        if (behind) {
          // The next page on a later turn, so other requests run in between; and only once the
          // client has taken this one, so a slow reader holds the catch-up back.
          const next = () => {
            if (!closed) timer = setTimeout(tick, 0);
          };
          if ((controller.desiredSize ?? 0) > 0) next();
          else {
            resume = next;
            // A client that stops reading still meets the lifetime: the stream ends then, and stops
            // reading the store, whether or not the client ever takes the rest.
            endTimer = setTimeout(
              () => {
                resume = undefined;
                reconnect();
              },
              Math.max(0, options.lifetimeMs - (Date.now() - started)),
            );
          }
          return;
        }
        if (Date.now() - lastWrite >= heartbeatMs) send(`: heartbeat ${new Date().toISOString()}\n\n`);
        const untilEnd = Math.max(0, options.lifetimeMs - (Date.now() - started));
        const untilHeartbeat = Math.max(0, heartbeatMs - (Date.now() - lastWrite));
        if (woken) return void tick();
        timer = setTimeout(tick, Math.min(pollMs, untilEnd, untilHeartbeat));
      };

      const readNew = async (seen: string | null) => {
        // The checkpoint first: entries appended after it wait for the next look and their own.
        const { checkpoint, signed } = await readNewestCheckpoint(sessionId);
        const limit = signed ? Math.min(page, signed.size - (last + 1)) : page;
        const entries = await readAuditEntriesAfter(sessionId, last, limit);
        for (const entry of entries) {
          // The position in the list (an entry's seq, unless the store was edited) is what the next
          // page and a resume start from, so an edited seq can neither repeat nor skip entries.
          last += 1;
          send(`id: ${last}\nevent: entry\ndata: ${JSON.stringify(entry)}\n\n`);
        }
        if (entries.length > 0 && options.charge && !(await options.charge(entries.length))) {
          send(`event: error\ndata: ${JSON.stringify({ code: "rate_limited", lastEventId: last })}\n\n`);
          return finish();
        }
        // A full page may leave covered entries unread; a short one means the store has no more.
        behind = limit > 0 && entries.length === limit && (signed === null || last + 1 < signed.size);
        // The checkpoint follows every entry it covers: a stream still behind sends it later.
        if (!behind && checkpoint !== null && checkpoint !== sentCheckpoint) {
          send(`event: checkpoint\ndata: ${JSON.stringify({ size: signed?.size ?? null, checkpoint })}\n\n`);
          sentCheckpoint = checkpoint;
        }
        seenCheckpoint = seen;
      };

      unsubscribe = onCheckpoint(sessionId, () => {
        woken = true;
        // A stream waiting on its timer reads now; one reading already looks again when it is done.
        if (timer !== undefined) {
          clearTimeout(timer);
          timer = undefined;
          void tick();
        }
      });
      woken = true;
      void tick();
    },
    pull() {
      const next = resume;
      if (!next) return;
      resume = undefined;
      clearTimeout(endTimer);
      next();
    },
    cancel() {
      end();
    },
  });
}
