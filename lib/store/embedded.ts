import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { deflateRaw, deflateRawSync, inflateRawSync } from "node:zlib";
import { acquireDirLock } from "../../scripts/dir-lock.mjs";
import { assertValidBatch } from "./batch";
import {
  BLOCK_HEAD_BYTES,
  Block,
  blockEnd,
  copiedRun,
  crcHex,
  encodeBlock,
  isBlock,
  type Pending,
  packBlocks,
  Ref,
  readBlock,
  type SnapshotItem,
  type Val,
} from "./log-blocks";
import { encodeLine, type Op } from "./log-line";
import { expiryTail, recordOpHead, recordOpTail, valueOpHead } from "./op-pieces";
import type {
  AppendOptions,
  AppendResult,
  BatchFailure,
  BatchResult,
  BatchWrite,
  Expiry,
  ListPage,
  ListQuery,
  PushBucket,
  RecordWrite,
  RecordWriteResult,
  SetOptions,
  Store,
  StoredRecord,
  StoreRead,
  StoreReadResult,
} from "./types";
import { StoreUnavailableError } from "./types";

/**
 * The zero-configuration store: its state in memory, long values only as where the log holds them
 * (see Ref), every change appended to `store.log` under DATA_DIR and synced to disk before the call
 * returns. Concurrent calls share one sync (group
 * commit): each change is written and applied at once, and every call, read or write, answers only
 * once the disk holds every change it made or read, so nobody hears of a state a crash could undo.
 * Each log line is `<crc32 hex> <json>\n`; on open the log is replayed, and a torn or corrupt last
 * line (a crash mid-write) is cut off and never served. A compaction writes the live state as
 * compressed blocks instead (lib/store/log-blocks.ts), about five times smaller, and lines follow.
 * A corrupt line anywhere else stops the start-up: silently skipping it would lose data. The log is
 * read in chunks (it may outgrow any string) and compacted in the background as it grows (see
 * compactInBackground; docs/performance.md#how-the-embedded-store-grows).
 *
 * All mutations are synchronous inside one call, so on a single Node process every method is atomic.
 * A batch is one log line, so a crash keeps all of it or none. A lock file refuses a second process on
 * the same DATA_DIR.
 */

/** The log records of a write whose condition held (some only applied, see commit), or why it did not. */
type Plan = { ok: true; ops: Op[]; unlogged?: Op[] } | { ok: false; failure: BatchFailure };

/**
 * Values shorter than this stay in memory. A reference is an object of about 50 bytes, and it
 * costs a disk read when read (and a search of the line when a replay meets it): for a value of under 192
 * characters (an inner node of the log's index is 173) it saves less memory than half the value, and
 * costs more CPU.
 */
const REF_MIN_CHARS = 192;
/**
 * Characters of the values left on disk that memory keeps anyway, the most recently written or read:
 * a session's head, summary and checkpoint and the leaves awaiting integration are read again at
 * once, and a read from disk costs a system call and a parse.
 */
const RECENT_CHARS = 8 * 1024 * 1024;

/**
 * A log line being applied whose long values are left on disk: where it is, and either its bytes
 * (read back: each value is searched for from `cursor`) or, for a line just written, where
 * encodeLine put its long values' literals (the next one's at `literal`).
 */
type LineSource = {
  /** Where the line starts in `buf` (or would), and in the file. */
  start: number;
  fileAt: number;
  /** The block whose inflated bytes `buf` is, when the line came from one (then `start` and `fileAt` are 0). */
  block?: Block;
} & ({ buf: Buffer; cursor: number } | { literals: number[]; literal: number });

type Entry = { kind: "str"; value: Val; exp?: number } | { kind: "list"; value: Val[]; exp?: number };

interface Rec {
  value: Val;
  version: number;
  pos: number;
  indexes: Record<string, string>;
  unique: Record<string, string>;
}

const LOG_FILE = "store.log";
const LOCK_FILE = "store.lock";

function setOp(key: string, value: string, ttlMs: number | undefined, now: number): Op {
  return { o: "s", k: key, v: value, x: ttlMs ? now + ttlMs : undefined };
}

/** Writes all of `bytes`: a regular file may take part of a write (a full disk) before it fails. */
function writeAll(fd: number, bytes: Buffer): number {
  for (let offset = 0; offset < bytes.length; ) {
    const written = fs.writeSync(fd, bytes, offset);
    if (written <= 0) throw new Error("the disk took no more bytes");
    offset += written;
  }
  return bytes.length;
}

/** True when the line in `buf[start, end)` (its newline excluded) is whole: its checksum holds. */
function checksumHolds(buf: Buffer, start: number, end: number): boolean {
  if (end - start < 10 || buf[start + 8] !== 0x20) return false;
  return crcHex(buf.subarray(start + 9, end)) === buf.toString("latin1", start, start + 8);
}

/** The op of a line whose checksum holds, or null when it is no JSON. */
function parseLine(buf: Buffer, start: number, end: number): Op | null {
  try {
    return JSON.parse(buf.toString("utf8", start + 9, end)) as Op;
  } catch {
    return null;
  }
}

const LIST_LINE_HEAD = Buffer.from('{"o":"A","k":"');
const LIST_LINE_ITEMS_HEAD = Buffer.from(',"vs":["');

/** Where the JSON string literal that opens at `quote` closes (its last quote), or -1 before `end`. */
function literalEnd(buf: Buffer, quote: number, end: number): number {
  for (let i = quote + 1; i < end; i++) {
    const c = buf[i];
    if (c === 0x5c)
      i++; // an escape: the next byte is never the closing quote
    else if (c === 0x22) return i;
  }
  return -1;
}

/** True when `buf` holds `bytes` at `at`. */
function holdsAt(buf: Buffer, at: number, bytes: Buffer): boolean {
  return at + bytes.length <= buf.length && buf.compare(bytes, 0, bytes.length, at, at + bytes.length) === 0;
}

/** Where `value`'s JSON literal starts in `line` from its cursor (moved past it), and its bytes; or null. */
function literalIn(value: string, line: { buf: Buffer; cursor: number }): [number, number] | null {
  const literal = Buffer.from(JSON.stringify(value), "utf8");
  const at = line.buf.indexOf(literal, line.cursor);
  if (at === -1) return null;
  line.cursor = at + literal.length;
  return [at, literal.length];
}

/** The same in a line just written: its next long value's literal, where encodeLine put it. */
function literalWritten(value: string, line: { literals: number[]; literal: number }): [number, number] | null {
  const at = line.literals[line.literal];
  const bytes = line.literals[line.literal + 1];
  line.literal += 2;
  // Values are kept in the order encodeLine wrote them; a value out of that order stays in memory.
  return at === undefined || bytes === undefined || bytes < value.length + 2 ? null : [at, bytes];
}

/** What replay reads at a time: the file is never one string (V8 caps a string near 512 MiB). */
const READ_CHUNK = 8 * 1024 * 1024;
/** What a compaction gathers before each write. */
const WRITE_CHUNK = 1024 * 1024;

const openAsync = promisify(fs.open);
const writeAsync = promisify(fs.write);
const readAsync = promisify(fs.read);
const fsyncAsync = promisify(fs.fsync);
const closeAsync = promisify(fs.close);
const deflateAsync = promisify(deflateRaw);
/** Inflated blocks kept for the next read: a page or a compaction reads a block's values in a row. */
const INFLATED_BLOCKS = 16;

/** Where a compaction in the background can be held, for tests that stop the process there. */
export type CompactionStep = "snapshot" | "switch";

export interface EmbeddedStoreOptions {
  /**
   * The clock expiry deadlines are set and read by (epoch milliseconds): tests move it instead of
   * sleeping past a deadline.
   */
  now?: () => number;
  /**
   * A running store compacts its log in the background once the log is this many bytes and twice the
   * size it had after the last compaction (or at open). Default 64 MiB.
   */
  compactMinBytes?: number;
  /** Awaited at each step of a background compaction (tests hold it there, or fail it). */
  onCompactionStep?: (step: CompactionStep) => Promise<void>;
  /** Characters of recent long values kept in memory (default 8 Mi); 0 reads every one from disk (tests). */
  recentChars?: number;
}

// Names of the state a call reads and a log line changes (see run): a key by itself (most names are
// keys, and a key's own string is hashed once for every map it goes in), a record or a unique value
// with a prefix. A key that happens to equal such a name only makes a reader wait for a sync it did
// not need.
const recordName = (collection: string, id: string) => `r:${collection}\n${id}`;
const uniqueName = (collection: string, field: string, value: string) => `u:${uniqueKey(collection, field, value)}`;

/** What a batch's writes read (see run): their keys, and what their record writes read. */
function readsOf(writes: readonly BatchWrite[]): string[] {
  // One array for all: an integration writes a few hundred keys.
  const reads: string[] = [];
  for (const w of writes) {
    if (w.type === "record") reads.push(...recordReads(w.write));
    else reads.push(w.key);
  }
  return reads;
}

/** What a record write reads before it writes: the record, and who holds the unique values it wants. */
function recordReads(write: RecordWrite): string[] {
  return [
    recordName(write.collection, write.id),
    ...Object.entries(write.unique ?? {}).map(([f, v]) => uniqueName(write.collection, f, v)),
  ];
}

function uniqueKey(collection: string, field: string, value: string): string {
  return `${collection}\u0000${field}\u0000${value}`;
}

export class EmbeddedStore implements Store {
  readonly backend = "embedded" as const;
  private readonly kv = new Map<string, Entry>();
  private readonly records = new Map<string, Map<string, Rec>>();
  private readonly uniques = new Map<string, string>();
  private readonly positions = new Map<string, number>();
  private fd: number | null = null;
  /** Bytes of whole records in the log: where a failed write is cut back to. */
  private logBytes = 0;
  /** Bytes of the log known to be on disk. */
  private syncedBytes = 0;
  /** The sync in flight, which callers arriving meanwhile wait for. */
  private syncing: Promise<void> | null = null;
  /** True while an fdatasync runs (a compaction waits for it before it swaps the file). */
  private syncInFlight = false;
  /**
   * What the lines not yet on disk changed, and where the last line changing each ends: a reader
   * waits only for the lines that changed what it read (see run). Emptied as syncs complete.
   */
  private readonly unsynced = new Map<string, number>();
  /**
   * Keys whose value was set volatile over nothing the log holds: deleting one (a released claim or
   * lock) is not logged either, since replay would find nothing to delete, and costs no disk sync.
   */
  private readonly volatileOnly = new Set<string>();
  /** A failed sync: memory may hold what the disk lost, so nothing is served until a restart. */
  private syncFailure: Error | null = null;
  private opsInLog = 0;
  /** Refs whose values memory keeps, oldest first from `recentHead` (see remember). */
  private recent: Ref[] = [];
  private recentHead = 0;
  private recentChars = 0;
  private readonly inflatedBlocks = new Map<Block, Buffer>();
  /**
   * `logBytes` counts every byte ever written by this process (plus the file's size at open), so that
   * sync targets stay comparable when a compaction swaps the file: the current file starts at `fileBase`.
   */
  private fileBase = 0;
  /** The file's size after the last compaction, or at open: the log compacts again at twice that. */
  private baseSize = 0;
  /** The background compaction in progress. */
  private compaction: Promise<void> | null = null;
  private closing = false;
  private readonly now: () => number;
  private readonly compactMinBytes: number;
  private readonly recentLimit: number;
  private readonly onCompactionStep: (step: CompactionStep) => Promise<void>;

  private constructor(
    readonly dataDir: string,
    private readonly unlock: () => void,
    options: EmbeddedStoreOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.compactMinBytes = options.compactMinBytes ?? 64 * 1024 * 1024;
    this.recentLimit = options.recentChars ?? RECENT_CHARS;
    this.onCompactionStep = options.onCompactionStep ?? (() => Promise.resolve());
  }

  /** Opens (or creates) the store under `dataDir`; throws if another live process holds it. */
  static open(dataDir: string, options: EmbeddedStoreOptions = {}): EmbeddedStore {
    const dir = path.resolve(dataDir);
    fs.mkdirSync(dir, { recursive: true });
    const unlock = acquireDirLock(path.join(dir, LOCK_FILE), dir);
    const store = new EmbeddedStore(dir, unlock, options);
    try {
      store.replay();
    } catch (err) {
      unlock();
      throw err;
    }
    return store;
  }

  /**
   * Replays the log in chunks of bytes, line by line, so the file may outgrow any string. A torn or
   * corrupt last line is cut off; a corrupt line before the last stops the start-up. Long values are
   * left on disk (see Ref).
   */
  private replay() {
    const file = path.join(this.dataDir, LOG_FILE);
    // A compaction the process did not finish: the log itself is whole (the copy replaces it only once synced).
    fs.rmSync(`${file}.compact`, { force: true });
    const created = !fs.existsSync(file);
    // Read too: values are read back from it, and a compaction copies the lines written while it runs.
    this.fd = fs.openSync(file, "a+", 0o600);
    try {
      const fileSize = fs.fstatSync(this.fd).size;
      const goodBytes = this.replayLines(this.fd, fileSize, file);
      if (goodBytes !== fileSize) fs.ftruncateSync(this.fd, goodBytes);
      this.logBytes = goodBytes;
      this.syncedBytes = goodBytes;
      if (created) this.syncDirectory(); // a new file's name must be durable too, not only its bytes
      if (this.opsInLog > 1000 && this.opsInLog > 2 * this.liveOps()) this.compactNow();
      this.baseSize = this.sizeOnDisk();
    } catch (err) {
      fs.closeSync(this.fd);
      this.fd = null;
      throw err;
    }
  }

  /** Applies the line in `buf[start, end)`, which starts at `fileAt` in the file; false when torn or corrupt. */
  private replayLine(buf: Buffer, start: number, end: number, fileAt: number): boolean {
    if (!checksumHolds(buf, start, end)) return false;
    if (this.applyListLine(buf, start, end, fileAt)) return true;
    const op = parseLine(buf, start, end);
    if (op) this.apply(op, { buf, start, fileAt, cursor: start + 9 });
    return op !== null;
  }

  /**
   * A list's line as compactions wrote it before blocks (`{"o":"A","k":…,"vs":[…]}`; such logs still
   * open), applied without parsing its items: their literals are found by their quotes, and each long
   * one is left on disk unread. False, having changed nothing, for any other line (or one not written
   * exactly so), which is then parsed as JSON.
   */
  private applyListLine(buf: Buffer, start: number, end: number, fileAt: number): boolean {
    const json = start + 9;
    if (!holdsAt(buf, json, LIST_LINE_HEAD)) return false;
    const keyQuote = json + LIST_LINE_HEAD.length - 1;
    const keyEnd = literalEnd(buf, keyQuote, end);
    if (keyEnd === -1 || !holdsAt(buf, keyEnd + 1, LIST_LINE_ITEMS_HEAD)) return false;
    const values: Val[] = [];
    for (let quote = keyEnd + LIST_LINE_ITEMS_HEAD.length; ; ) {
      const close = literalEnd(buf, quote, end);
      if (close === -1) return false;
      const size = close + 1 - quote;
      values.push(
        size >= REF_MIN_CHARS + 2
          ? new Ref(fileAt + (quote - start), size)
          : (JSON.parse(buf.toString("utf8", quote, close + 1)) as string),
      );
      if (buf[close + 1] === 0x2c && buf[close + 2] === 0x22) {
        quote = close + 2;
        continue;
      }
      if (buf[close + 1] === 0x5d && buf[close + 2] === 0x7d && close + 3 === end) break;
      return false;
    }
    const key = JSON.parse(buf.toString("utf8", keyQuote, keyEnd + 1)) as string;
    const e = this.kv.get(key);
    if (e?.kind === "list") for (const v of values) e.value.push(v);
    else this.kv.set(key, { kind: "list", value: values, exp: undefined });
    return true;
  }

  /** Applies every whole record of the file; returns the bytes they span (where a torn tail starts). */
  private replayLines(fd: number, fileSize: number, file: string): number {
    const chunk = Buffer.allocUnsafe(READ_CHUNK);
    let carry = Buffer.alloc(0);
    let readBytes = 0;
    let goodBytes = 0;
    const corrupt = () =>
      new Error(
        `${file} is corrupt at byte ${goodBytes}: a record in the middle of the log fails its ` +
          "checksum. Restore the file from a backup; the store will not start on it.",
      );
    for (;;) {
      const n = fs.readSync(fd, chunk, 0, chunk.length, readBytes);
      if (n === 0) break;
      readBytes += n;
      const data = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, n)]) : chunk.subarray(0, n);
      let start = 0;
      for (;;) {
        let end: number;
        if (data.length - start > 9 && isBlock(data, start)) {
          // A compaction's block: its size is in its head, and its payload may hold newlines.
          if (data.length - start < BLOCK_HEAD_BYTES) break;
          end = blockEnd(data, start);
          if (end === -1) throw corrupt();
          if (end >= data.length) break;
          if (!this.replayBlock(data, start, end, goodBytes)) throw corrupt();
        } else {
          end = data.indexOf(0x0a, start);
          if (end === -1) break;
          if (!this.replayLine(data, start, end, goodBytes)) {
            if (end + 1 < data.length || readBytes < fileSize) throw corrupt();
            console.warn(`[store] dropped a corrupt last record in ${file} (an interrupted write)`);
            return goodBytes;
          }
          this.opsInLog++;
        }
        goodBytes += end + 1 - start;
        start = end + 1;
      }
      // The chunk is reused: keep a copy of the unfinished record.
      carry = Buffer.from(data.subarray(start));
    }
    if (carry.length > 9 && isBlock(carry, 0)) throw corrupt(); // blocks are never torn: see log-blocks.ts
    if (carry.length > 0) console.warn(`[store] dropped a torn last record in ${file} (an interrupted write)`);
    return goodBytes;
  }

  /**
   * Applies the block record in `buf[start, end]`, which starts at `fileAt` in the file; false when it
   * fails its checksum or framing. A list's run is placed from its header without being inflated.
   */
  private replayBlock(buf: Buffer, start: number, end: number, fileAt: number): boolean {
    const block = readBlock(buf, start, end);
    if (!block) return false;
    if (block.kind === "L") {
      const raw = block.sizes.reduce((sum, size) => sum + size, 0);
      const run = { at: fileAt, bytes: end + 1 - start, items: block.sizes.length, raw };
      const where = new Block(fileAt + block.payloadAt, block.payload.length, run);
      const values: Val[] = [];
      let at = 0;
      for (const size of block.sizes) {
        values.push(new Ref(at, size, where));
        at += size;
      }
      const e = this.kv.get(block.key);
      if (e?.kind === "list") for (const v of values) e.value.push(v);
      else this.kv.set(block.key, { kind: "list", value: values, exp: undefined });
      this.opsInLog++;
      return true;
    }
    const where = new Block(fileAt + block.payloadAt, block.payload.length);
    let raw: Buffer;
    try {
      raw = inflateRawSync(block.payload);
    } catch {
      return false;
    }
    for (let from = 0; from < raw.length; ) {
      let to = raw.indexOf(0x0a, from);
      if (to === -1) to = raw.length;
      let op: Op;
      try {
        op = JSON.parse(raw.toString("utf8", from, to)) as Op;
      } catch {
        return false;
      }
      this.apply(op, { buf: raw, start: 0, fileAt: 0, cursor: from, block: where });
      this.opsInLog++;
      from = to + 1;
    }
    return true;
  }

  private syncDirectory() {
    const dirFd = fs.openSync(this.dataDir, "r");
    try {
      fs.fsyncSync(dirFd);
    } finally {
      fs.closeSync(dirFd);
    }
  }

  /**
   * The lines the live state took when written one value at a time: a log of appends is all live,
   * and compacting it at every open would make start-up a rewrite of the whole file.
   */
  private liveOps(): number {
    let n = 0;
    for (const e of this.kv.values()) n += e.kind === "list" ? e.value.length : 1;
    for (const recs of this.records.values()) n += recs.size;
    return n;
  }

  /** The size of the log file: what /api/health reports. */
  sizeOnDisk(): number {
    return this.logBytes - this.fileBase;
  }

  /**
   * A value as it is kept: a long one that `line` holds is left on disk, found by its JSON literal
   * (the same bytes wherever they occur in the line decode to the same value).
   */
  private keep(value: string, line: LineSource | undefined): Val {
    if (!line || value.length < REF_MIN_CHARS) return value;
    const found = "literals" in line ? literalWritten(value, line) : literalIn(value, line);
    if (found === null) return value;
    const ref = new Ref(line.fileAt + (found[0] - line.start), found[1], line.block);
    this.remember(ref, value);
    return ref;
  }

  /** Keeps `value` with its ref for a while, forgetting the least recent values past RECENT_CHARS. */
  private remember(ref: Ref, value: string) {
    if (ref.cached !== undefined) return;
    ref.cached = value;
    this.recent.push(ref);
    this.recentChars += value.length;
    while (this.recentChars > this.recentLimit && this.recentHead < this.recent.length) {
      const old = this.recent[this.recentHead++] as Ref;
      this.recentChars -= old.cached?.length ?? 0;
      old.cached = undefined;
    }
    if (this.recentHead > 4096 && this.recentHead * 2 > this.recent.length) {
      this.recent.splice(0, this.recentHead);
      this.recentHead = 0;
    }
  }

  /** The JSON literal of a value left on disk. */
  private literal(ref: Ref, fd = this.fd as number): Buffer {
    if (ref.block) return this.inflated(ref.block, fd).subarray(ref.at, ref.at + ref.size);
    return this.readAt(fd, ref.at, ref.size);
  }

  private readAt(fd: number, at: number, size: number): Buffer {
    const bytes = Buffer.allocUnsafe(size);
    const n = fs.readSync(fd, bytes, 0, size, at);
    if (n !== size) throw new StoreUnavailableError("the embedded store's log ended before a value it holds");
    return bytes;
  }

  /** A block's raw content, inflated from disk unless one of the last few reads did it. */
  private inflated(block: Block, fd: number): Buffer {
    const known = this.inflatedBlocks.get(block);
    if (known) return known;
    let raw: Buffer;
    try {
      raw = inflateRawSync(this.readAt(fd, block.at, block.size));
    } catch (err) {
      if (err instanceof StoreUnavailableError) throw err;
      throw new StoreUnavailableError(
        `the embedded store's log holds a block it cannot inflate: ${(err as Error).message}`,
      );
    }
    if (this.inflatedBlocks.size >= INFLATED_BLOCKS) {
      this.inflatedBlocks.delete(this.inflatedBlocks.keys().next().value as Block);
    }
    this.inflatedBlocks.set(block, raw);
    return raw;
  }

  /** A value, read from disk when it was left there. */
  private read(value: Val): string {
    if (typeof value === "string") return value;
    if (value.cached !== undefined) return value.cached;
    const read = JSON.parse(this.literal(value).toString("utf8")) as string;
    this.remember(value, read);
    return read;
  }

  /**
   * The live state as the blocks a compacted log holds, taken in one synchronous step so that it is
   * the state after exactly the lines written so far. Values are only referenced: strings never
   * change, a list only grows (its length now is kept), and every write replaces an entry or record
   * object rather than changing it. Expired keys and volatile-only ones (never logged) are left out.
   * Lists come first, in runs of their own, then every other op (a list's expiry after its items).
   */
  private snapshot(fd: number): () => Generator<Pending> {
    const now = this.now();
    const kv: [string, Entry, number, number | undefined][] = [];
    for (const [k, e] of this.kv) {
      if ((e.exp !== undefined && e.exp <= now) || this.volatileOnly.has(k)) continue;
      kv.push([k, e, e.kind === "list" ? e.value.length : 0, e.exp]);
    }
    const records: [string, [string, Rec][]][] = [...this.records].map(([c, recs]) => [c, [...recs]]);
    const positions = [...this.positions];
    const literal = (v: Val) => (typeof v === "string" ? Buffer.from(JSON.stringify(v), "utf8") : this.literal(v, fd));
    const j = JSON.stringify;
    function* items(): Generator<SnapshotItem> {
      for (const [k, e, length] of kv) {
        if (e.kind === "list" && length > 0) yield { list: k, values: e.value.slice(0, length) };
      }
      for (const [k, e, length, exp] of kv) {
        if (e.kind === "str") {
          yield { op: [valueOpHead("s", k), { value: e.value }, expiryTail(exp)] };
        } else if (exp !== undefined && length > 0) yield { op: [j({ o: "x", k, x: exp })] };
      }
      for (const [c, recs] of records) {
        for (const [id, r] of recs) {
          yield { op: [recordOpHead(c, id), { value: r.value }, recordOpTail(r.version, r.pos, r.indexes, r.unique)] };
        }
      }
      for (const [c, pos] of positions) yield { op: [j({ o: "p", c, pos })] };
    }
    return () => packBlocks(items(), literal);
  }

  /**
   * After a compaction's switch: every value left on disk now lies in the new file, where the
   * compaction copied it, or, written after the snapshot, at the same distance from the copied tail.
   */
  private moveRefs(tailFrom: number, tailAt: number) {
    const move = (v: Val) => {
      if (typeof v === "string") return;
      if (v.next === undefined) v.at = v.at - tailFrom + tailAt;
      else {
        v.at = v.next;
        v.block = v.nextBlock;
      }
      v.next = undefined;
      v.nextBlock = undefined;
    };
    for (const e of this.kv.values()) {
      if (e.kind === "str") move(e.value);
      else for (const v of e.value) move(v);
    }
    for (const recs of this.records.values()) for (const r of recs.values()) move(r.value);
  }

  /** Compaction at open, before anything is served: written aside, synced, then renamed over the log. */
  private compactNow() {
    const file = path.join(this.dataDir, LOG_FILE);
    const tmp = `${file}.compact`;
    const oldFd = this.fd as number;
    const from = this.sizeOnDisk();
    const out = fs.openSync(tmp, "w+", 0o600);
    let written = 0;
    let lines = 0;
    try {
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      for (const block of this.snapshot(oldFd)()) {
        const at = written + pendingBytes;
        const record =
          block.kind === "copy"
            ? this.copyRun(block, oldFd, at)
            : encodeBlock(block, deflateRawSync(Buffer.concat(block.raw, block.rawBytes)), at);
        pending.push(record);
        pendingBytes += record.length;
        lines += block.kind === "copy" ? 1 : block.ops;
        if (pendingBytes >= WRITE_CHUNK) {
          writeAll(out, Buffer.concat(pending));
          written += pendingBytes;
          pending = [];
          pendingBytes = 0;
        }
      }
      writeAll(out, Buffer.concat(pending));
      written += pendingBytes;
      fs.fsyncSync(out);
      fs.renameSync(tmp, file);
    } catch (err) {
      fs.closeSync(out);
      fs.rmSync(tmp, { force: true });
      throw err;
    }
    this.fd = out;
    fs.closeSync(oldFd);
    this.moveRefs(from, written);
    this.fileBase = this.logBytes - written;
    this.syncDirectory();
    this.opsInLog = lines;
    this.baseSize = written;
  }

  /** A list's run as the old log `fd` holds it, copied byte for byte to `at` in the new one. */
  private copyRun(block: Extract<Pending, { kind: "copy" }>, fd: number, at: number): Buffer {
    return copiedRun(block, this.readAt(fd, block.from.run.at, block.from.run.bytes), at);
  }

  /** Starts a background compaction when the log has grown to twice its size after the last one. */
  private maybeCompact() {
    if (this.compaction || this.closing || this.fd === null) return;
    const size = this.sizeOnDisk();
    if (size < this.compactMinBytes || size < 2 * this.baseSize) return;
    this.compaction = this.compactInBackground()
      .catch((err) => {
        console.warn(`[store] compaction failed, the log stays as it was: ${(err as Error).message}`);
        // Not again at the next write (a full disk would rewrite the log over and over): at the next doubling.
        this.baseSize = this.sizeOnDisk();
      })
      .finally(() => {
        this.compaction = null;
      });
  }

  /**
   * Rewrites the log while the store keeps serving. The live state at this moment is written to
   * `store.log.compact`, then the lines written to the log meanwhile are copied after it byte for byte
   * (replayed on that state they give the current one), and the copy is synced. Then, in one
   * synchronous step with no sync in flight: the last lines are copied, the copy synced, renamed over
   * `store.log`, and the directory synced; only then do writes go to the new file.
   * A crash at any point leaves a whole log holding every acknowledged write: before the rename the
   * old file is untouched (and the leftover copy is removed at open); after it, the new file is
   * synced and holds every line the old one had. Writes acknowledged meanwhile were synced to the old
   * file, whose lines the copy takes in full before the rename.
   */
  private async compactInBackground(): Promise<void> {
    const file = path.join(this.dataDir, LOG_FILE);
    const tmp = `${file}.compact`;
    const oldFd = this.fd as number;
    const from = this.sizeOnDisk();
    const blocks = this.snapshot(oldFd);
    const out = await openAsync(tmp, "w+", 0o600);
    let switched = false;
    try {
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let written = 0;
      const writeOut = async (bytes: Buffer) => {
        for (let offset = 0; offset < bytes.length; ) {
          // At the file's own position, as the log's appends after the switch are written.
          const { bytesWritten } = await writeAsync(out, bytes, offset, bytes.length - offset, null);
          if (bytesWritten <= 0) throw new Error("the disk took no more bytes");
          offset += bytesWritten;
        }
        written += bytes.length;
      };
      for (const block of blocks()) {
        let record: Buffer;
        if (block.kind === "copy") {
          record = this.copyRun(block, oldFd, written + pendingBytes);
        } else {
          // Deflated off the event loop: the store keeps serving meanwhile.
          const deflated = await deflateAsync(Buffer.concat(block.raw, block.rawBytes));
          this.assertStillOpen(oldFd);
          record = encodeBlock(block, deflated, written + pendingBytes);
        }
        pending.push(record);
        pendingBytes += record.length;
        if (pendingBytes >= WRITE_CHUNK) {
          await writeOut(Buffer.concat(pending));
          pending = [];
          pendingBytes = 0;
          this.assertStillOpen(oldFd);
        }
      }
      await writeOut(Buffer.concat(pending));
      await this.onCompactionStep("snapshot");
      // The lines written meanwhile, until few are left.
      let copied = from;
      const buf = Buffer.allocUnsafe(WRITE_CHUNK);
      for (;;) {
        this.assertStillOpen(oldFd);
        const end = this.sizeOnDisk();
        if (end - copied < WRITE_CHUNK) break;
        const { bytesRead } = await readAsync(oldFd, buf, 0, buf.length, copied);
        if (bytesRead <= 0) throw new Error("the log ended early");
        await writeOut(buf.subarray(0, bytesRead));
        copied += bytesRead;
      }
      await fsyncAsync(out);
      await this.onCompactionStep("switch");
      // A sync in flight on the old file must not end after the switch (its fd would be closed).
      while (this.syncInFlight) await this.syncing?.catch(() => undefined);
      this.assertStillOpen(oldFd);
      // From here on, one synchronous step: no write comes between the last copy and the switch.
      const end = this.sizeOnDisk();
      for (let at = copied; at < end; ) {
        const n = fs.readSync(oldFd, buf, 0, Math.min(buf.length, end - at), at);
        if (n <= 0) throw new Error("the log ended early");
        writeAll(out, buf.subarray(0, n));
        at += n;
      }
      const size = written + (end - copied);
      fs.fsyncSync(out);
      fs.renameSync(tmp, file);
      switched = true;
      this.fd = out;
      this.moveRefs(from, written - (copied - from));
      this.fileBase = this.logBytes - size;
      this.syncedBytes = this.logBytes;
      this.unsynced.clear();
      this.baseSize = size;
      fs.closeSync(oldFd);
      try {
        this.syncDirectory();
      } catch (err) {
        // The rename may not last a crash, and the old file lacks what comes next: serve nothing more.
        this.syncFailure = err as Error;
        throw err;
      }
    } finally {
      if (!switched) {
        await closeAsync(out).catch(() => undefined);
        fs.rmSync(tmp, { force: true });
      }
    }
  }

  /** Stops a compaction whose log was closed or failed meanwhile. */
  private assertStillOpen(fd: number) {
    if (this.closing || this.fd !== fd || this.syncFailure) throw new Error("the store closed or failed meanwhile");
  }

  /**
   * Logs `ops` as one line, then applies them; run() answers once the line is synced. A crash keeps
   * all of them or none. Ops in `unlogged` (deletes of volatile-only keys) are applied in their place
   * but left out of the line.
   */
  private commit(ops: Op[], unlogged: readonly Op[] = []) {
    const logged = unlogged.length === 0 ? ops : ops.filter((op) => !unlogged.includes(op));
    let source: LineSource | undefined;
    if (logged.length > 0) {
      if (this.fd === null) throw new StoreUnavailableError("the embedded store is closed");
      const op: Op = logged.length === 1 ? (logged[0] as Op) : { o: "b", ops: logged };
      let written: number;
      const { line, literals } = encodeLine(op, REF_MIN_CHARS);
      try {
        written = writeAll(this.fd, line);
      } catch (err) {
        this.cutFailedWrite();
        throw new StoreUnavailableError(`the embedded store could not write to disk: ${(err as Error).message}`);
      }
      // Its long values are read back from the line from now on (unlogged ops hold none).
      source = { start: 0, fileAt: this.sizeOnDisk(), literals, literal: 0 };
      this.logBytes += written;
      this.markUnsynced(op, this.logBytes);
      this.forgetVolatile(op);
      this.opsInLog++;
    }
    // Unlogged ops hold no long value of the line: only logged ones are read back from it.
    for (const op of ops) this.apply(op, logged === ops || !unlogged.includes(op) ? source : undefined);
    if (logged.length > 0) this.maybeCompact();
  }

  /** A logged op on a key: the log now holds something for it. */
  private forgetVolatile(op: Op) {
    if (this.volatileOnly.size === 0) return;
    if (op.o === "b") for (const inner of op.ops) this.forgetVolatile(inner);
    else if ("k" in op) this.volatileOnly.delete(op.k);
  }

  /**
   * Marks the state an op changes (before it is applied) as on disk only once the log is synced to
   * `end`, named as readers name what they read: a key, a record, and the unique values the record
   * takes or gives up (which decide whether another fits).
   */
  private markUnsynced(op: Op, end: number): void {
    switch (op.o) {
      case "r":
      case "rd": {
        const old = this.records.get(op.c)?.get(op.id);
        const uniques = [...Object.entries(old?.unique ?? {}), ...Object.entries(op.o === "r" ? op.uq : {})];
        this.unsynced.set(recordName(op.c, op.id), end);
        for (const [f, v] of uniques) this.unsynced.set(uniqueName(op.c, f, v), end);
        return;
      }
      case "b":
        for (const inner of op.ops) this.markUnsynced(inner, end);
        return;
      case "p":
        return;
      default:
        this.unsynced.set(op.k, end);
    }
  }

  /**
   * Removes what a failed write left in the log, so that it neither comes back on replay (it was
   * answered as failed) nor sits torn under the next record (a corrupt record mid-log stops start-up).
   * If even that fails, the store stops taking writes: a restart then drops the torn last record.
   */
  private cutFailedWrite() {
    try {
      fs.ftruncateSync(this.fd as number, this.sizeOnDisk());
    } catch {
      fs.closeSync(this.fd as number);
      this.fd = null;
    }
  }

  /** Applies a logged op, from `line` when it is read back or was just written (see keep). */
  private apply(op: Op, line?: LineSource) {
    switch (op.o) {
      case "s":
        this.kv.set(op.k, { kind: "str", value: this.keep(op.v, line), exp: op.x });
        break;
      case "a": {
        const e = this.kv.get(op.k);
        const list: Entry = e?.kind === "list" ? e : { kind: "list", value: [], exp: undefined };
        list.value.push(this.keep(op.v, line));
        if (op.x === null) list.exp = undefined;
        else if (op.x !== undefined) list.exp = op.x;
        this.kv.set(op.k, list);
        break;
      }
      case "A": {
        const e = this.kv.get(op.k);
        const values = op.vs.map((v) => this.keep(v, line));
        if (e?.kind === "list") for (const v of values) e.value.push(v);
        else this.kv.set(op.k, { kind: "list", value: values, exp: undefined });
        break;
      }
      case "p":
        this.positions.set(op.c, Math.max(this.positions.get(op.c) ?? 0, op.pos));
        break;
      case "d":
        this.kv.delete(op.k);
        this.volatileOnly.delete(op.k);
        break;
      case "x": {
        const e = this.kv.get(op.k);
        if (e) e.exp = op.x ?? undefined;
        break;
      }
      case "r": {
        const recs = this.collection(op.c);
        const old = recs.get(op.id);
        if (old) for (const [f, v] of Object.entries(old.unique)) this.uniques.delete(uniqueKey(op.c, f, v));
        recs.set(op.id, { value: this.keep(op.v, line), version: op.ver, pos: op.pos, indexes: op.idx, unique: op.uq });
        for (const [f, v] of Object.entries(op.uq)) this.uniques.set(uniqueKey(op.c, f, v), op.id);
        this.positions.set(op.c, Math.max(this.positions.get(op.c) ?? 0, op.pos));
        break;
      }
      case "rd": {
        const recs = this.collection(op.c);
        const old = recs.get(op.id);
        if (old) for (const [f, v] of Object.entries(old.unique)) this.uniques.delete(uniqueKey(op.c, f, v));
        recs.delete(op.id);
        break;
      }
      case "b":
        for (const inner of op.ops) this.apply(inner, line);
        break;
    }
  }

  private collection(c: string): Map<string, Rec> {
    let recs = this.records.get(c);
    if (!recs) {
      recs = new Map();
      this.records.set(c, recs);
    }
    return recs;
  }

  /**
   * The live entry for a key, or undefined when missing or expired. An expired entry stays in memory
   * until a write logs its end (see planAppend) or a compaction drops it: forgetting it here would let
   * a later append to the key log no end, and replay would put the old items back under the new ones.
   */
  private entry(key: string): Entry | undefined {
    const e = this.kv.get(key);
    return e?.exp !== undefined && e.exp <= this.now() ? undefined : e;
  }

  private planAppend(key: string, expectedLength: number, values: string[], expiry: Expiry | undefined): Plan {
    const raw = this.kv.get(key);
    const e = this.entry(key);
    if (e && e.kind !== "list") throw new Error(`key ${key} does not hold a list`);
    const length = e?.value.length ?? 0;
    if (length !== expectedLength) return { ok: false, failure: { reason: "length", length } };
    // An expired list must not come back on replay under the new items: log its end first.
    const ops: Op[] = raw && !e ? [{ o: "d", k: key }] : [];
    let x: number | null | undefined;
    if (expiry === "persist") x = null;
    else if (expiry !== undefined && (!e || e.exp !== undefined)) x = this.now() + expiry;
    for (const v of values) ops.push({ o: "a", k: key, v, x });
    return { ok: true, ops };
  }

  /**
   * A push: unconditional, and it keeps the list's expiry. `at` is where its first value goes;
   * `earlier` counts values pushed onto the same list earlier in the batch (not applied yet).
   */
  private planPush(key: string, values: string[], earlier: number): { ops: Op[]; at: number } {
    const raw = this.kv.get(key);
    const e = this.entry(key);
    if (e && e.kind !== "list") throw new Error(`key ${key} does not hold a list`);
    const ops: Op[] = raw && !e && earlier === 0 ? [{ o: "d", k: key }] : [];
    for (const v of values) ops.push({ o: "a", k: key, v });
    return { ops, at: (e?.value.length ?? 0) + earlier };
  }

  /**
   * A push through a sequencer (PushBucket): each value goes onto its bucket's list, and the counter
   * moves on. `earlier` counts values pushed through the same counter earlier in the batch.
   */
  private planBucketPush(
    key: string,
    bucket: PushBucket,
    values: string[],
    earlier: number,
  ): { ops: Op[]; at: number } {
    const e = this.entry(key);
    if (e && e.kind !== "str") throw new Error(`key ${key} does not hold a counter`);
    const at = (e ? Number(this.read(e.value)) : 0) + earlier;
    // Bucket lists never expire: the sequencer alone writes them.
    const ops: Op[] = values.map((v, i) => ({ o: "a", k: `${bucket.prefix}${Math.floor((at + i) / bucket.size)}`, v }));
    ops.push(setOp(key, String(at + values.length), undefined, this.now()));
    return { ops, at };
  }

  /** True when `expect` is absent or holds the key's current value (null: missing; a list matches nothing). */
  private holdsExpected(key: string, expect?: (string | null)[]): boolean {
    if (!expect) return true;
    const e = this.entry(key);
    const current = e === undefined ? null : e.kind === "str" ? this.read(e.value) : undefined;
    return expect.includes(current as string | null);
  }

  private planSet(key: string, value: string, ttlMs: number | undefined, expect?: (string | null)[]): Plan {
    if (!this.holdsExpected(key, expect)) return { ok: false, failure: { reason: "changed" } };
    return { ok: true, ops: [setOp(key, value, ttlMs, this.now())] };
  }

  private planDel(key: string, expect?: (string | null)[]): Plan {
    if (!this.holdsExpected(key, expect)) return { ok: false, failure: { reason: "changed" } };
    if (!this.entry(key)) return { ok: true, ops: [] };
    const op: Op = { o: "d", k: key };
    return { ok: true, ops: [op], unlogged: this.volatileOnly.has(key) ? [op] : undefined };
  }

  /** `nextPos` hands out creation positions, so that several creates in one batch get distinct ones. */
  private planRecord(write: RecordWrite, nextPos: (collection: string) => number): Plan {
    const old = this.records.get(write.collection)?.get(write.id);
    if (write.mode === "create" && old) return { ok: false, failure: { reason: "exists" } };
    if (write.mode === "update" && !old) return { ok: false, failure: { reason: "missing" } };
    if (write.expectVersion !== undefined && old?.version !== write.expectVersion) {
      return { ok: false, failure: { reason: "version" } };
    }
    const unique = write.unique ?? {};
    for (const [field, value] of Object.entries(unique)) {
      const holder = this.uniques.get(uniqueKey(write.collection, field, value));
      if (holder !== undefined && holder !== write.id) return { ok: false, failure: { reason: "unique", field } };
    }
    const op: Op = {
      o: "r",
      c: write.collection,
      id: write.id,
      v: write.value,
      ver: (old?.version ?? 0) + 1,
      pos: old?.pos ?? nextPos(write.collection),
      idx: write.indexes,
      uq: unique,
    };
    return { ok: true, ops: [op] };
  }

  /** The plan of one batch write other than a push. */
  private planWrite(write: Exclude<BatchWrite, { type: "push" }>, nextPos: (collection: string) => number): Plan {
    switch (write.type) {
      case "append":
        return this.planAppend(write.key, write.expectedLength, write.values, write.expiry);
      case "set":
        return this.planSet(write.key, write.value, write.ttlMs, write.expect);
      case "del":
        return this.planDel(write.key, write.expect);
      case "record":
        return this.planRecord(write.write, nextPos);
    }
  }

  private positionCounter(): (collection: string) => number {
    const handed = new Map<string, number>();
    return (c) => {
      const pos = (handed.get(c) ?? this.positions.get(c) ?? 0) + 1;
      handed.set(c, pos);
      return pos;
    };
  }

  /**
   * Runs `fn` on the current state, answering once what it relied on is on disk. A writer waits for
   * its own line (and so for every line before it). A call that wrote nothing waits for the lines
   * that changed what it read, named by `reads` (keys, records, unique values), or for every line
   * when `reads` is "everything" (listings, ping): a claim or a read of a key nobody is writing then
   * answers at once instead of waiting out other requests' syncs.
   */
  private async run<T>(fn: () => T, reads: readonly string[] | (() => readonly string[]) | "everything"): Promise<T> {
    if (this.syncFailure) throw this.unavailableAfterFailedSync();
    if (this.fd === null) throw new StoreUnavailableError("the embedded store is closed");
    const before = this.logBytes;
    const result = fn();
    let target = this.logBytes;
    if (target === before && reads !== "everything") {
      target = 0;
      for (const id of typeof reads === "function" ? reads() : reads) {
        target = Math.max(target, this.unsynced.get(id) ?? 0);
      }
    }
    if (this.syncedBytes < target) await this.flush(target);
    return result;
  }

  /**
   * Resolves once every line written so far is on disk, joining the sync in flight if there is one.
   * Only lines written before the call count: under a steady stream of writes, waiting for "nothing
   * pending" would keep a caller through one sync after another. A new sync starts at the end of the
   * event loop's turn, so that the lines other requests write in that turn share it: an fdatasync
   * costs far more than a write, and an idle server loses no time to it.
   */
  private async flush(target = this.logBytes): Promise<void> {
    while (this.syncedBytes < target) {
      this.syncing ??= new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => this.syncOnce())
        .finally(() => {
          this.syncing = null;
        });
      await this.syncing;
    }
  }

  /** One fdatasync, off the event loop, covering every line written before it starts. */
  private syncOnce(): Promise<void> {
    const fd = this.fd;
    const target = this.logBytes;
    return new Promise<void>((resolve, reject) => {
      if (fd === null) {
        reject(new StoreUnavailableError("the embedded store is closed"));
        return;
      }
      this.syncInFlight = true;
      fs.fdatasync(fd, (err) => {
        this.syncInFlight = false;
        if (err) {
          // As databases do when a sync fails: stop, and let a restart replay what the disk holds.
          this.syncFailure = err;
          reject(this.unavailableAfterFailedSync());
          return;
        }
        this.syncedBytes = Math.max(this.syncedBytes, target);
        this.unsynced.forEach((end, id) => {
          if (end <= this.syncedBytes) this.unsynced.delete(id);
        });
        resolve();
      });
    });
  }

  private unavailableAfterFailedSync(): StoreUnavailableError {
    return new StoreUnavailableError(
      `the embedded store could not sync to disk (${this.syncFailure?.message}); restart the server`,
    );
  }

  ping(): Promise<void> {
    return this.run(() => undefined, "everything");
  }

  append(key: string, expectedLength: number, value: string, options: AppendOptions = {}): Promise<AppendResult> {
    return this.run((): AppendResult => {
      const plan = this.planAppend(key, expectedLength, [value], options.expiry);
      if (!plan.ok) return { ok: false, length: plan.failure.reason === "length" ? plan.failure.length : 0 };
      this.commit(plan.ops);
      return { ok: true, length: expectedLength + 1 };
    }, [key]);
  }

  range(key: string, start = 0, stop = -1): Promise<string[]> {
    return this.run(() => {
      const e = this.entry(key);
      if (e?.kind !== "list") return [];
      const n = e.value.length;
      const from = Math.max(0, start < 0 ? n + start : start);
      const to = Math.min(n - 1, stop < 0 ? n + stop : stop);
      return from > to ? [] : e.value.slice(from, to + 1).map((v) => this.read(v));
    }, [key]);
  }

  length(key: string): Promise<number> {
    return this.run(() => {
      const e = this.entry(key);
      return e?.kind === "list" ? e.value.length : 0;
    }, [key]);
  }

  readMany(reads: StoreRead[]): Promise<StoreReadResult[]> {
    const keys = reads.flatMap((r) => (r.type === "path" ? r.keys : [r.key]));
    return this.run(
      () =>
        reads.map((r): StoreReadResult => {
          if (r.type === "get") return this.stringAt(r.key);
          if (r.type === "length") return this.listAt(r.key)?.length ?? 0;
          if (r.type === "path") {
            const found: string[] = [];
            for (const key of r.keys) {
              const value = this.stringAt(key);
              if (value === null) break;
              found.push(value);
            }
            return found;
          }
          const list = this.listAt(r.key) ?? [];
          const n = list.length;
          const from = Math.max(0, r.start < 0 ? n + r.start : r.start);
          const to = Math.min(n - 1, r.stop < 0 ? n + r.stop : r.stop);
          return from > to ? [] : list.slice(from, to + 1).map((v) => this.read(v));
        }),
      keys,
    );
  }

  private stringAt(key: string): string | null {
    const e = this.entry(key);
    return e?.kind === "str" ? this.read(e.value) : null;
  }

  private listAt(key: string) {
    const e = this.entry(key);
    return e?.kind === "list" ? e.value : null;
  }

  get(key: string): Promise<string | null> {
    return this.run(() => {
      const e = this.entry(key);
      return e?.kind === "str" ? this.read(e.value) : null;
    }, [key]);
  }

  set(key: string, value: string, options: SetOptions = {}): Promise<boolean> {
    return this.run(() => {
      if (options.nx && this.entry(key)) return false;
      const op = setOp(key, value, options.ttlMs, this.now());
      // Volatile values die with this process, as the claims they hold are meant to.
      if (options.volatile) {
        if (!this.kv.has(key)) this.volatileOnly.add(key);
        this.apply(op);
      } else this.commit([op]);
      return true;
    }, [key]);
  }

  del(key: string): Promise<void> {
    return this.run(() => {
      const plan = this.planDel(key);
      if (plan.ok) this.commit(plan.ops, plan.unlogged);
    }, [key]);
  }

  expire(key: string, expiry: Expiry): Promise<void> {
    return this.run(() => {
      if (!this.entry(key)) return;
      const op: Op = { o: "x", k: key, x: expiry === "persist" ? null : this.now() + expiry };
      // A volatile-only value lives in memory only, its expiry too (a renewed lock), as its delete does.
      this.commit([op], this.volatileOnly.has(key) ? [op] : []);
    }, [key]);
  }

  incr(key: string, ttlMs?: number): Promise<number> {
    return this.run(() => {
      const e = this.entry(key);
      if (e && e.kind !== "str") throw new Error(`key ${key} does not hold a counter`);
      const current = e ? Number.parseInt(this.read(e.value), 10) : 0;
      if (!Number.isSafeInteger(current)) throw new Error(`key ${key} does not hold a counter`);
      const exp = e ? e.exp : ttlMs ? this.now() + ttlMs : undefined;
      this.commit([{ o: "s", k: key, v: String(current + 1), x: exp }]);
      return current + 1;
    }, [key]);
  }

  putRecord(write: RecordWrite): Promise<RecordWriteResult> {
    return this.run((): RecordWriteResult => {
      const plan = this.planRecord(write, this.positionCounter());
      if (!plan.ok) return { ok: false, ...plan.failure } as RecordWriteResult;
      this.commit(plan.ops);
      return { ok: true, version: (plan.ops[0] as { ver: number }).ver };
    }, recordReads(write));
  }

  getRecord(collection: string, id: string): Promise<StoredRecord | null> {
    return this.run(() => {
      const r = this.records.get(collection)?.get(id);
      return r ? { id, value: this.read(r.value), version: r.version } : null;
    }, [recordName(collection, id)]);
  }

  listRecords(query: ListQuery): Promise<ListPage> {
    return this.run(() => {
      const recs = this.records.get(query.collection);
      const out: StoredRecord[] = [];
      let next: number | null = null;
      if (!recs) return { records: out, next };
      const where = Object.entries(query.where ?? {});
      let lastPos = 0;
      for (const [id, r] of recs) {
        if (query.after !== undefined && r.pos <= query.after) continue;
        if (!where.every(([f, v]) => r.indexes[f] === v)) continue;
        if (out.length === query.limit) {
          next = lastPos;
          break;
        }
        out.push({ id, value: this.read(r.value), version: r.version });
        lastPos = r.pos;
      }
      return { records: out, next };
    }, "everything");
  }

  batch(writes: BatchWrite[]): Promise<BatchResult> {
    return this.batchFollowedBy(writes, () => []);
  }

  batchFollowedBy(writes: BatchWrite[], follow: (pushedAt: number[]) => BatchWrite[]): Promise<BatchResult> {
    // run() names what a batch read only when it wrote nothing (it was refused), the followers' keys
    // too: a batch that lands, an integration's hundreds of writes, makes no names.
    let followers: BatchWrite[] = [];
    const reads = () => readsOf([...writes, ...followers]);
    return this.run((): BatchResult => {
      assertValidBatch(writes);
      const nextPos = this.positionCounter();
      const ops: Op[] = [];
      const unlogged: Op[] = [];
      const pushedAt: number[] = [];
      const pushed = new Map<string, number>();
      /** Plans one write that is not a push; the batch's refusal when its condition fails. */
      const add = (write: Exclude<BatchWrite, { type: "push" }>, index: number): BatchResult | null => {
        const plan = this.planWrite(write, nextPos);
        if (!plan.ok) return { ok: false, index, failure: plan.failure };
        ops.push(...plan.ops);
        unlogged.push(...(plan.unlogged ?? []));
        return null;
      };
      for (const [index, write] of writes.entries()) {
        if (write.type === "push") {
          const earlier = pushed.get(write.key) ?? 0;
          pushed.set(write.key, earlier + write.values.length);
          const push =
            write.bucket === undefined
              ? this.planPush(write.key, write.values, earlier)
              : this.planBucketPush(write.key, write.bucket, write.values, earlier);
          pushedAt.push(push.at);
          ops.push(...push.ops);
          continue;
        }
        // A plain set checks nothing: its op goes straight in (an integration writes hundreds).
        if (write.type === "set" && write.expect === undefined) {
          ops.push(setOp(write.key, write.value, write.ttlMs, this.now()));
          continue;
        }
        const refused = add(write, index);
        if (refused) return refused;
      }
      followers = follow(pushedAt);
      if (followers.length > 0) {
        assertValidBatch([...writes, ...followers]);
        for (const [i, write] of followers.entries()) {
          if (write.type === "push") throw new Error("a batch's followers cannot push: their positions are known");
          const refused = add(write, writes.length + i);
          if (refused) return refused;
        }
      }
      this.commit(ops, unlogged);
      return { ok: true, pushedAt };
    }, reads);
  }

  deleteRecord(collection: string, id: string): Promise<void> {
    return this.run(() => {
      if (this.records.get(collection)?.has(id)) this.commit([{ o: "rd", c: collection, id }]);
    }, [recordName(collection, id)]);
  }

  get closed(): boolean {
    return this.closing;
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.compaction;
    // Callers still waiting for their sync get it before the file closes.
    if (!this.syncFailure) await this.flush().catch(() => undefined);
    if (this.fd === null) return;
    fs.closeSync(this.fd);
    this.fd = null;
    this.unlock();
  }
}
