import { type Expiry, isStoreUnavailable, type Store, StoreUnavailableError } from "../store/types";
import { announceCheckpoint } from "./appended";
import { openCheckpoint, signCheckpoint } from "./checkpoint";

/**
 * The session's checkpoints, newest last: each signed over the head an append produced, naming its
 * leaf's index in the transparency log, and kept as long as the log. Reads hand out the newest and
 * never sign: a store edit cannot get a fresh signature.
 */
export const checkpointsKey = (sessionId: string) => `audit:${sessionId}:checkpoints`;

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
 * covers it (another writer appended after it): the list only grows in size. The entry is stored by
 * then, so when the store fails here the caller's outcome is unknown, not undone, and the checkpoint
 * is stored in the background once the store answers again: until then reads leave the entry out.
 */
export async function storeCheckpoint(head: SignedHead, store: Store): Promise<string> {
  try {
    return await attempt(head, store);
  } catch (err) {
    if (!isStoreUnavailable(err)) throw err;
    retryLater(head, store);
    throw new StoreUnavailableError(err.message, true);
  }
}

async function attempt(head: SignedHead, store: Store): Promise<string> {
  const key = checkpointsKey(head.sessionId);
  for (let round = 0; round < MAX_ATTEMPTS; round++) {
    const [[newest], count] = await Promise.all([store.range(key, -1, -1), store.length(key)]);
    const signed = newest === undefined ? null : await openCheckpoint(newest, head.sessionId);
    if (newest !== undefined && signed !== null && signed.size >= head.size) return newest;
    const { sessionId, size, logIndex } = head;
    const checkpoint = await signCheckpoint({ sessionId, size, head: head.head, logIndex }, head.at);
    const result = await store.batch([
      { type: "append", key, expectedLength: count, values: [checkpoint], expiry: head.expiry },
    ]);
    if (result.ok) {
      announceCheckpoint(head.sessionId);
      return checkpoint;
    }
  }
  throw new StoreUnavailableError("the session's checkpoint could not be stored: too many concurrent writers", true);
}

/** Retries for about ten minutes, backing off to 5 s; the session's next append would also cover the entry. */
function retryLater(head: SignedHead, store: Store, pauseMs = 250, deadline = Date.now() + 600_000): void {
  if (Date.now() > deadline) {
    console.error(
      `[audit] gave up storing the checkpoint of ${head.sessionId}:${head.size - 1}; its next append covers it`,
    );
    return;
  }
  setTimeout(() => {
    attempt(head, store).catch(() => retryLater(head, store, Math.min(pauseMs * 2, 5000), deadline));
  }, pauseMs).unref();
}
