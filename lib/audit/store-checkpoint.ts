import { getConfig } from "../config/config";
import type { Expiry, Store, StoreRead, StoreReadResult } from "../store/types";
import { isStoreUnavailable, StoreUnavailableError } from "../store/types";
import { announceCheckpoint } from "./appended";
import { openCheckpoint, signCheckpoint } from "./checkpoint";

/**
 * The session's newest checkpoint: signed over the head an append produced, naming its leaf's index
 * in the transparency log. Only the newest is kept (older heads are proven by the log's leaves), and
 * it is replaced only by a larger one. Reads hand it out and never sign: a store edit cannot get a
 * fresh signature.
 */
export const checkpointKey = (sessionId: string) => `audit:${sessionId}:checkpoint`;

/** Where sessions written before kept every checkpoint, newest last; read when the key above is missing. */
export const legacyCheckpointsKey = (sessionId: string) => `audit:${sessionId}:checkpoints`;

/** The reads of a session's newest checkpoint, for a Store.readMany. */
export const checkpointReads = (sessionId: string): StoreRead[] => [
  { type: "get", key: checkpointKey(sessionId) },
  { type: "range", key: legacyCheckpointsKey(sessionId), start: -1, stop: -1 },
];

/** The newest checkpoint from the results of checkpointReads, and the key's own value (a set's condition). */
export function newestCheckpointOf(results: StoreReadResult[]): { checkpoint: string | null; stored: string | null } {
  const stored = (results[0] as string | null) ?? null;
  return { checkpoint: stored ?? (results[1] as string[])[0] ?? null, stored };
}

/** The session's newest stored checkpoint, in one read. */
export async function readCheckpoint(
  sessionId: string,
  store: Store,
): Promise<{ checkpoint: string | null; stored: string | null }> {
  return newestCheckpointOf(await store.readMany(checkpointReads(sessionId)));
}

/** The write that stores `checkpoint` as the session's newest, if the key still holds `stored`. */
export function checkpointWrite(sessionId: string, checkpoint: string, stored: string | null, expiry: Expiry) {
  return {
    type: "set" as const,
    key: checkpointKey(sessionId),
    value: checkpoint,
    ...(expiry === "persist" ? {} : { ttlMs: expiry }),
    expect: [stored],
  };
}

const MAX_ATTEMPTS = 200;

export interface SignedHead {
  sessionId: string;
  size: number;
  head: string;
  logIndex: number;
  /** When the head was appended: the checkpoint's `ts`. */
  at: Date;
  expiry: Expiry;
}

/**
 * Signs and stores the checkpoint of a head this process just appended, unless a newer one already
 * covers it (another writer appended after it). `seen` is the key's value the append read: when no
 * other writer came in between, one conditional write does it. The entry is stored by then, so when
 * the store fails here the caller's outcome is unknown, not undone, and the checkpoint is stored in
 * the background once the store answers again: until then reads leave the entry out.
 */
export async function storeCheckpoint(head: SignedHead, store: Store, seen?: string | null): Promise<string> {
  try {
    return await attempt(head, store, seen);
  } catch (err) {
    if (!isStoreUnavailable(err)) throw err;
    retryLater(head, store);
    throw new StoreUnavailableError(err.message, true);
  }
}

async function attempt(head: SignedHead, store: Store, seen?: string | null): Promise<string> {
  const { sessionId, size, logIndex } = head;
  const checkpoint = await signCheckpoint({ sessionId, size, head: head.head, logIndex }, head.at);
  let stored = seen;
  for (let round = 0; round < MAX_ATTEMPTS; round++) {
    if (stored === undefined) {
      const newest = await readCheckpoint(sessionId, store);
      const signed = newest.checkpoint === null ? null : await openCheckpoint(newest.checkpoint, sessionId);
      if (newest.checkpoint !== null && signed !== null && signed.size >= size) return newest.checkpoint;
      stored = newest.stored;
    }
    const result = await store.batch([checkpointWrite(sessionId, checkpoint, stored, head.expiry)]);
    if (result.ok) {
      announceCheckpoint(sessionId);
      return checkpoint;
    }
    stored = undefined;
  }
  throw new StoreUnavailableError("the session's checkpoint could not be stored: too many concurrent writers", true);
}

/**
 * Retries for about ten minutes, backing off to 5 s; the session's next append would also cover the
 * entry, and is all there is without background timers.
 */
function retryLater(head: SignedHead, store: Store, pauseMs = 250, deadline = Date.now() + 600_000): void {
  if (Date.now() > deadline || !getConfig().backgroundTimers) {
    console.error(
      `[audit] gave up storing the checkpoint of ${head.sessionId}:${head.size - 1}; its next append covers it`,
    );
    return;
  }
  setTimeout(() => {
    attempt(head, store).catch(() => retryLater(head, store, Math.min(pauseMs * 2, 5000), deadline));
  }, pauseMs).unref();
}
