export interface LimitResult {
  success: boolean;
  limit: number;
  remaining: number;
  /** Epoch ms when a slot frees up. */
  reset: number;
}

export interface Limiter {
  limit(identifier: string): Promise<LimitResult>;
}

/** One client's accepted requests in the window, oldest first; `head` skips those that aged out. */
interface Log {
  times: number[];
  head: number;
}

const SWEEP_ABOVE = 10_000;

/**
 * An exact sliding-window log kept in this process (the embedded store is single-process by design).
 * Each call costs O(1) amortised, however generous the limit: aged-out times are skipped by moving
 * `head`, and the array is cut only once the skipped part is most of it.
 */
export function memoryLimiter(count: number, windowMs: number, now: () => number = Date.now): Limiter {
  const logs = new Map<string, Log>();

  function sweep(cutoff: number) {
    for (const [id, log] of logs) {
      const newest = log.times[log.times.length - 1];
      if (newest === undefined || newest <= cutoff) logs.delete(id);
    }
  }

  return {
    async limit(identifier) {
      const at = now();
      const cutoff = at - windowMs;
      let log = logs.get(identifier);
      if (!log) {
        if (logs.size >= SWEEP_ABOVE) sweep(cutoff);
        log = { times: [], head: 0 };
        logs.set(identifier, log);
      }
      const { times } = log;
      while (log.head < times.length && (times[log.head] as number) <= cutoff) log.head++;
      if (log.head > 64 && log.head * 2 > times.length) {
        log.times = times.slice(log.head);
        log.head = 0;
      }
      const inWindow = log.times.length - log.head;
      const success = inWindow < count;
      if (success) log.times.push(at);
      const used = inWindow + (success ? 1 : 0);
      const oldest = log.times[log.head] ?? at;
      return { success, limit: count, remaining: Math.max(0, count - used), reset: oldest + windowMs };
    },
  };
}
