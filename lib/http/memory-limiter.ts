export interface LimitResult {
  success: boolean;
  limit: number;
  remaining: number;
  /** Epoch ms when a slot frees up (when refused: when enough have for the units asked). */
  reset: number;
}

export interface Limiter {
  /** Takes `units` (default 1, at most the whole budget) of the client's budget, all or none. */
  limit(identifier: string, units?: number): Promise<LimitResult>;
}

/** One client's accepted requests in the window, oldest first; `head` skips those that aged out. */
interface Log {
  times: number[];
  units: number[];
  head: number;
  /** Units of the requests from `head` on. */
  inWindow: number;
}

const SWEEP_ABOVE = 10_000;

/**
 * An exact sliding-window log kept in this process (the embedded store is single-process by design).
 * Each call costs O(1) amortised, however generous the limit: aged-out requests are skipped by moving
 * `head`, and the arrays are cut only once the skipped part is most of them. A request may weigh
 * several units (a read of many entries); it is accepted whole or not at all.
 */
export function memoryLimiter(count: number, windowMs: number, now: () => number = Date.now): Limiter {
  const logs = new Map<string, Log>();

  function sweep(cutoff: number) {
    for (const [id, log] of logs) {
      const newest = log.times[log.times.length - 1];
      if (newest === undefined || newest <= cutoff) logs.delete(id);
    }
  }

  /** When the oldest requests have aged out far enough for `units` more to fit. */
  function resetFor(log: Log, units: number, at: number): number {
    let left = log.inWindow;
    for (let i = log.head; i < log.times.length; i++) {
      left -= log.units[i] as number;
      if (left + units <= count) return (log.times[i] as number) + windowMs;
    }
    return at + windowMs;
  }

  return {
    async limit(identifier, asked = 1) {
      // A request never weighs more than the whole budget: it would otherwise never be accepted.
      const units = Math.min(asked, count);
      const at = now();
      const cutoff = at - windowMs;
      let log = logs.get(identifier);
      if (!log) {
        if (logs.size >= SWEEP_ABOVE) sweep(cutoff);
        log = { times: [], units: [], head: 0, inWindow: 0 };
        logs.set(identifier, log);
      }
      while (log.head < log.times.length && (log.times[log.head] as number) <= cutoff) {
        log.inWindow -= log.units[log.head] as number;
        log.head++;
      }
      if (log.head > 64 && log.head * 2 > log.times.length) {
        log.times = log.times.slice(log.head);
        log.units = log.units.slice(log.head);
        log.head = 0;
      }
      const success = log.inWindow + units <= count;
      if (success) {
        log.times.push(at);
        log.units.push(units);
        log.inWindow += units;
      }
      const remaining = Math.max(0, count - log.inWindow);
      const reset = success ? (log.times[log.head] as number) + windowMs : resetFor(log, units, at);
      return { success, limit: count, remaining, reset };
    },
  };
}
