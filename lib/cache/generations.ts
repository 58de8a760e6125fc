/**
 * A bounded cache that keeps what is in use, for hot paths that read and write it on every call.
 * Entries go into a young generation; once it holds half of `max`, it becomes the old one and the
 * previous old one is dropped whole. A hit in the old generation copies the entry back into the
 * young one, so an entry in use survives every turn and one unused for two turns goes.
 *
 * Why not one Map in insertion order, refreshed by delete and set: V8 leaves each deleted entry as a
 * hole until the table is rebuilt, and the walk that finds the oldest entries skips every hole from
 * the start. Measured on the log's index (65,536 nodes, a batch rewriting a few hundred): the
 * refresh and its eviction took more time than the lookups they served. Here nothing is deleted and
 * nothing walked.
 */
export class Generations<K, V> {
  #young = new Map<K, V>();
  #old = new Map<K, V>();
  readonly #half: number;

  /** `max`: entries held at most, over both generations. */
  constructor(max: number) {
    this.#half = Math.max(1, Math.floor(max / 2));
  }

  get(key: K): V | undefined {
    const young = this.#young.get(key);
    if (young !== undefined) return young;
    const old = this.#old.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  /** Stores `value` as the newest; an older value of `key` in the old generation is never read again. */
  set(key: K, value: V): void {
    this.#young.set(key, value);
    if (this.#young.size >= this.#half) {
      this.#old = this.#young;
      this.#young = new Map();
    }
  }

  /** Entries held, counting a key held in both generations twice. */
  get size(): number {
    return this.#young.size + this.#old.size;
  }
}
