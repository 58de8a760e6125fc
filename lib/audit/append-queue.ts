/**
 * Appends to one session from one process, one at a time. The store's conditional append keeps
 * concurrent writers correct on its own, but writers in the same process would only race each other:
 * all but one lose, re-read and retry with a backoff, and under load the unlucky ones wait seconds.
 * Queued, a process sends one append per session at a time, and only writers in other processes
 * (other server instances) can still make it retry.
 */
const QUEUES = Symbol.for("sia.audit.append-queues");
type QueueGlobal = typeof globalThis & { [QUEUES]?: Map<string, Promise<void>> };

/** Runs `task` once every task queued earlier for `key` in this process has settled. */
export async function inAppendQueue<T>(key: string, task: () => Promise<T>): Promise<T> {
  const g = globalThis as QueueGlobal;
  g[QUEUES] ??= new Map();
  const queues = g[QUEUES];
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(task);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, tail);
  try {
    return await run;
  } finally {
    if (queues.get(key) === tail) queues.delete(key);
  }
}
