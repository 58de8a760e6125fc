/**
 * The one storage contract. Both backends (embedded file log, Upstash Redis) implement it with the
 * same semantics, and tests/integration/store-contract.test.ts runs unchanged against each.
 *
 * Values are opaque strings: callers serialise themselves, so bytes that were signed come back
 * byte-identical.
 */
export type StoreBackend = "embedded" | "upstash";

/** Expiry of a key: milliseconds from now, or "persist" to remove any expiry for good. */
export type Expiry = number | "persist";

export interface AppendOptions {
  /**
   * Sliding expiry for the list. A number (ms) is applied when the list is new or already expiring;
   * it never shortens a list that was made permanent. "persist" makes the list permanent.
   */
  expiry?: Expiry;
}

export type AppendResult =
  | { ok: true; length: number }
  /** The list's length was not what the writer expected: re-read the head and retry. */
  | { ok: false; length: number };

export interface SetOptions {
  /** Only set when the key does not exist. */
  nx?: boolean;
  /** Time to live in milliseconds. */
  ttlMs?: number;
  /**
   * The value may vanish in a crash: a short-lived claim or lock that is worthless once its process
   * is gone. The embedded store (one process) keeps it in memory only and skips the disk write;
   * Upstash stores it like any value.
   */
  volatile?: boolean;
}

export interface RecordWrite {
  collection: string;
  id: string;
  /** The record itself, serialised by the caller. */
  value: string;
  /** Secondary index memberships, e.g. `{status: "draft", jurisdiction: "AR"}`; replaces the old ones. */
  indexes: Record<string, string>;
  /** Values that must be unique in the collection, e.g. `{publicUrl: "https://x.example"}`. */
  unique?: Record<string, string>;
  /** "create" fails if the id exists; "update" fails if it does not. */
  mode: "create" | "update";
  /** Update only if the stored version is this one (optimistic concurrency). */
  expectVersion?: number;
}

export type RecordWriteResult =
  | { ok: true; version: number }
  | { ok: false; reason: "exists" | "missing" | "version" }
  | { ok: false; reason: "unique"; field: string };

export interface StoredRecord {
  id: string;
  value: string;
  /** 1 on create, +1 on each update. */
  version: number;
}

export interface ListQuery {
  collection: string;
  /** Equality filters on index fields; all must match. */
  where?: Record<string, string>;
  /** Opaque position from a previous page's `next`. */
  after?: number;
  limit: number;
}

export interface ListPage {
  /** In creation order (stable: updates keep a record's place). */
  records: StoredRecord[];
  /** Pass as `after` for the next page; null when this page is the last. */
  next: number | null;
}

/**
 * A push through a sequencer: `key` is then a counter (a string, how many values were ever pushed
 * through it; missing is 0), the answer is the counter's value, and the value at position p goes onto
 * the list `prefix + floor(p / size)`. No list grows for ever, and a full one can be copied elsewhere
 * and deleted while positions keep counting.
 */
export interface PushBucket {
  prefix: string;
  size: number;
}

/** One write of an atomic batch (Store.batch). */
export type BatchWrite =
  /** Appends `values` in order if the list has exactly `expectedLength` items; `expiry` as in append(). */
  | { type: "append"; key: string; expectedLength: number; values: string[]; expiry?: Expiry }
  /**
   * Sets a string key (a plain set drops any earlier expiry). With `expect`, only if the key's current
   * value is one of these, null meaning "missing": a compare-and-set.
   */
  | { type: "set"; key: string; value: string; ttlMs?: number; expect?: (string | null)[] }
  /**
   * Appends `values` to a list whatever its length (a sequencer: the batch answers where they went).
   * Leaves the list's expiry as it is. Unlike other writes, several pushes may name one list: they
   * land in batch order.
   */
  | { type: "push"; key: string; values: string[]; bucket?: PushBucket }
  /** Deletes a string key; with `expect`, only if its current value is one of these: a compare-and-delete. */
  | { type: "del"; key: string; expect?: (string | null)[] }
  /** putRecord() as part of the batch. */
  | { type: "record"; write: RecordWrite };

/** Why a batch wrote nothing: the condition of one of its writes did not hold. */
export type BatchFailure =
  /** An append found the list at another length. */
  | { reason: "length"; length: number }
  /** A set or del found the key holding none of the expected values. */
  | { reason: "changed" }
  /** A record write was refused, as putRecord() would refuse it. */
  | { reason: "exists" | "missing" | "version" }
  | { reason: "unique"; field: string };

/** One read of Store.readMany. */
export type StoreRead =
  | { type: "get"; key: string }
  | { type: "length"; key: string }
  /** Items `start..stop` inclusive, as range(). */
  | { type: "range"; key: string; start: number; stop: number }
  /** The values of `keys` in order, up to the first missing one: a path walked down from its top. */
  | { type: "path"; keys: string[] };

/** What each read answers, in the order of the reads: get a string or null, length a number, range and path a list. */
export type StoreReadResult = string | null | number | string[];

export type BatchResult =
  /** `pushedAt`: for each `push` write, in order, the list position its first value took. */
  | { ok: true; pushedAt: number[] }
  /** `index` is the first write whose condition failed; nothing at all was written. */
  | { ok: false; index: number; failure: BatchFailure };

export interface Store {
  readonly backend: StoreBackend;
  /** Throws StoreUnavailableError when the store cannot be reached. */
  ping(): Promise<void>;

  /** Appends `value` only if the list currently has exactly `expectedLength` items. */
  append(key: string, expectedLength: number, value: string, options?: AppendOptions): Promise<AppendResult>;
  /** Items `start..stop` inclusive; negative indexes count from the end (as Redis LRANGE). */
  range(key: string, start?: number, stop?: number): Promise<string[]>;
  length(key: string): Promise<number>;

  get(key: string): Promise<string | null>;
  /** Returns false when `nx` was asked and the key existed. */
  set(key: string, value: string, options?: SetOptions): Promise<boolean>;
  del(key: string): Promise<void>;
  /** Sets or removes (with "persist") the expiry of any key; no-op on a missing key. */
  expire(key: string, expiry: Expiry): Promise<void>;
  /** Increments a counter; `ttlMs` is applied when the counter is created. */
  incr(key: string, ttlMs?: number): Promise<number>;

  putRecord(write: RecordWrite): Promise<RecordWriteResult>;
  getRecord(collection: string, id: string): Promise<StoredRecord | null>;
  /** One page of records in creation order, in one round trip whatever the page size. */
  listRecords(query: ListQuery): Promise<ListPage>;
  deleteRecord(collection: string, id: string): Promise<void>;

  /**
   * Several reads answered from one state of the store, in one request (one script on Upstash, which
   * bills per command): what a write reads before it decides costs one command, whatever it reads.
   */
  readMany(reads: StoreRead[]): Promise<StoreReadResult[]>;

  /**
   * Writes all of `writes` or none of them: every condition is checked against the state before the
   * batch, then every write is applied, so no reader and no crash ever sees part of a batch. A batch
   * names each key and each record at most once. This is how an audit entry and the effect it records
   * land together.
   */
  batch(writes: BatchWrite[]): Promise<BatchResult>;

  /**
   * batch(), plus the writes `follow` computes from where the batch's pushes land (their `pushedAt`),
   * in the same atomic step: all of them or none. A failed condition among the followers fails the
   * whole batch, with an `index` past `writes`. Only a store that applies a batch in one synchronous
   * step of this process has it (the embedded store); on Upstash, whose scripts cannot sign, the
   * caller writes what depends on the positions in a second batch.
   */
  batchFollowedBy?(writes: BatchWrite[], follow: (pushedAt: number[]) => BatchWrite[]): Promise<BatchResult>;

  /** Bytes the store's file takes on disk (the embedded store); /api/health reports it. */
  sizeOnDisk?(): number;

  /** Releases files and connections (tests; the server keeps one store for its lifetime). */
  close(): Promise<void>;

  /** True once close() was called: background work for the store (a pending integration) stops. */
  readonly closed: boolean;
}

const STORE_UNAVAILABLE = Symbol.for("sia.store-unavailable");

/** The store could not be reached or failed; routes answer 503 and nothing was half-written. */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
  readonly [STORE_UNAVAILABLE] = true;

  constructor(
    message: string,
    /**
     * True when a write was sent but its answer never came (a time-out, a dropped connection): it
     * may have been applied. False when the store was never reached, or refused before changing anything.
     */
    readonly outcomeUnknown = false,
  ) {
    super(message);
  }
}

/**
 * Recognises a StoreUnavailableError by brand, not class identity: Next bundles lib/ into several
 * chunks, so the store (opened at start-up) may throw another copy of the class than a route sees.
 */
export function isStoreUnavailable(err: unknown): err is StoreUnavailableError {
  return typeof err === "object" && err !== null && STORE_UNAVAILABLE in err;
}
