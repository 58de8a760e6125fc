import { crc32, inflateRawSync } from "node:zlib";
import { listOpHead } from "./op-pieces";

/**
 * Where the embedded store's long values lie on disk, and the compressed blocks a compaction writes.
 *
 * The live end of `store.log` is text, a line per write (see embedded.ts), so that an append costs no
 * compression. A compaction rewrites the live state as blocks: runs of lines deflated together, about
 * five times smaller than the lines, since the entries, hashes and keys of one session repeat each
 * other's structure. A block is one record of the log, framed so that the replay can step over its
 * binary payload:
 *
 *   <CRC-32 of the rest, 8 hex digits> " " "~" <kind> <payload bytes, 8 hex digits> <payload> "\n"
 *
 * - kind "L", a run of one list's items: the payload is `<header bytes, 8 hex digits><header JSON>`
 *   then the raw deflate of the items' JSON literals back to back. The header, `{"k":key,"s":[sizes]}`,
 *   names the list and each literal's size, so a replay places every item without inflating the run
 *   (each item, short or long, is then read from the block when asked for).
 * - kind "G", any other ops: the raw deflate of their JSON, a line each (`\n` between them).
 *
 * Blocks are written only by a compaction, into a copy that replaces the log once synced whole, so a
 * crash never tears one: a block cut short or failing its checksum is corruption, wherever it lies.
 * A list only grows, so a later compaction copies its full runs as they are and deflates only what
 * is new: compacting often (at every doubling of a log five times smaller than its lines) stays cheap.
 */

/** A run of deflated bytes in the log file: a block's payload past its header. */
export class Block {
  constructor(
    readonly at: number,
    readonly size: number,
    /** For a list's run: its whole record, which the next compaction may copy as it is. */
    readonly run?: RunRecord,
  ) {}
}

/** Where a list's run lies as a record, with how many items and bytes before deflate it holds. */
export interface RunRecord {
  at: number;
  bytes: number;
  items: number;
  raw: number;
}

/**
 * A value left on disk: its JSON string literal lies at `at` in the log file, or at `at` in the
 * inflated bytes of `block`. Memory keeps this instead of the value, so it grows with the number of
 * values, not with their bytes.
 */
export class Ref {
  /** Where a compaction in progress has copied it (in the new file, in `nextBlock`). */
  next: number | undefined = undefined;
  nextBlock: Block | undefined = undefined;
  /** The value itself while it is among the most recently written or read. */
  cached: string | undefined = undefined;
  constructor(
    public at: number,
    readonly size: number,
    public block: Block | undefined = undefined,
  ) {}
}

/** A value in memory: itself when short (a hash, a counter), else where it lies on disk. */
export type Val = string | Ref;

/** Raw bytes gathered into a block before it is deflated: big enough to compress well, small to read. */
export const BLOCK_RAW_BYTES = 32 * 1024;

/**
 * What a compaction writes, in order: a list's items, or one op as pieces of its JSON, strings as
 * they are and `{ value }` as the value's JSON literal.
 */
export type SnapshotItem = { list: string; values: Val[] } | { op: (string | { value: Val })[] };

/**
 * What a compaction writes next: a run it copies as it is from the log it replaces (a list only
 * grows, so a run of its items never changes), or a block's raw content, waiting to be deflated,
 * with the values in it that are left on disk, and where.
 */
export type Pending = { kind: "copy"; from: Block & { run: RunRecord }; refs: Ref[] } | PendingBlock;

export interface PendingBlock {
  kind: "L" | "G";
  key?: string;
  sizes: number[];
  raw: Buffer[];
  rawBytes: number;
  refs: [Ref, number][];
  /** Ops it holds (a run of items counts one, as a compacted list line did). */
  ops: number;
}

const NEWLINE = Buffer.from("\n");
const COMMA = Buffer.from(",");
const LIST_END = Buffer.from("]}");
/** A list this short goes among the other ops, as one `A` op, rather than in a run of its own. */
const SHORT_LIST_ITEMS = 8;
const SHORT_LIST_BYTES = 4 * 1024;

/** Pieces of raw content, each with the value it holds when that value is left on disk. */
type Pieces = [Buffer, Val?][];

const emptyBlock = (kind: "L" | "G", key?: string): PendingBlock => ({
  kind,
  key,
  sizes: [],
  raw: [],
  rawBytes: 0,
  refs: [],
  ops: kind === "L" ? 1 : 0,
});

function add(block: PendingBlock, bytes: Buffer, value?: Val) {
  if (value !== undefined && typeof value !== "string") block.refs.push([value, block.rawBytes]);
  block.raw.push(bytes);
  block.rawBytes += bytes.length;
}

/**
 * Packs a snapshot's items into blocks of about BLOCK_RAW_BYTES: each list in runs of its own, the
 * other ops together. `literal` gives a value's JSON literal (read back from disk when left there).
 */
export function* packBlocks(items: Iterable<SnapshotItem>, literal: (v: Val) => Buffer): Generator<Pending> {
  let ops: PendingBlock | null = null;
  for (const item of items) {
    let pieces: Pieces;
    if ("list" in item) {
      const short = shortList(item.list, item.values, literal);
      if (!short) {
        yield* listRuns(item.list, item.values, literal);
        continue;
      }
      pieces = short;
    } else {
      pieces = item.op.map((p): [Buffer, Val?] =>
        typeof p === "string" ? [Buffer.from(p, "utf8")] : [literal(p.value), p.value],
      );
    }
    ops ??= emptyBlock("G");
    if (ops.ops > 0) add(ops, NEWLINE);
    for (const [bytes, value] of pieces) add(ops, bytes, value);
    ops.ops++;
    if (ops.rawBytes >= BLOCK_RAW_BYTES) {
      yield ops;
      ops = null;
    }
  }
  if (ops) yield ops;
}

/**
 * A short list (a session of one entry) as the pieces of one `A` op, which goes among the other ops:
 * a run of its own would compress badly. Null for a longer list.
 */
function shortList(key: string, values: Val[], literal: (v: Val) => Buffer): Pieces | null {
  if (values.length > SHORT_LIST_ITEMS) return null;
  const pieces: Pieces = [[Buffer.from(listOpHead(key), "utf8")]];
  let bytes = 0;
  for (const [i, value] of values.entries()) {
    const item = literal(value);
    bytes += item.length;
    if (bytes >= SHORT_LIST_BYTES) return null;
    if (i > 0) pieces.push([COMMA]);
    pieces.push([item, value]);
  }
  pieces.push([LIST_END]);
  return pieces;
}

/**
 * A list's items in runs of about BLOCK_RAW_BYTES (one item at least), each a block. Runs the log
 * already holds whole and at least half full are copied: a compaction then deflates only what was
 * appended since the last one, and small runs at a list's end are packed again with what follows.
 */
function* listRuns(key: string, values: Val[], literal: (v: Val) => Buffer): Generator<Pending> {
  let run = emptyBlock("L", key);
  for (let i = 0; i < values.length; i++) {
    const whole = wholeRun(values, i);
    if (whole) {
      if (run.sizes.length > 0) yield run;
      run = emptyBlock("L", key);
      yield whole;
      i += whole.refs.length - 1;
      continue;
    }
    const value = values[i] as Val;
    const bytes = literal(value);
    if (run.sizes.length > 0 && run.rawBytes + bytes.length > BLOCK_RAW_BYTES) {
      yield run;
      run = emptyBlock("L", key);
    }
    add(run, bytes, value);
    run.sizes.push(bytes.length);
  }
  if (run.sizes.length > 0) yield run;
}

/** The run that starts at `values[i]`, when the log holds it whole and at least half full. */
function wholeRun(values: Val[], i: number): Extract<Pending, { kind: "copy" }> | null {
  const first = values[i] as Val;
  if (typeof first === "string" || first.at !== 0 || first.block?.run === undefined) return null;
  const from = first.block as Block & { run: RunRecord };
  if (from.run.raw < BLOCK_RAW_BYTES / 2 || i + from.run.items > values.length) return null;
  const refs = values.slice(i, i + from.run.items);
  for (const ref of refs) if (typeof ref === "string" || ref.block !== from) return null;
  return { kind: "copy", from, refs: refs as Ref[] };
}

/**
 * The record of a run copied as it is (`record`, read from the old log), to be written at `fileAt`:
 * its values learn where they will lie (Ref.next), at the same places in its inflated bytes.
 */
export function copiedRun(copy: Extract<Pending, { kind: "copy" }>, record: Buffer, fileAt: number): Buffer {
  const { from } = copy;
  const where = new Block(fileAt + (from.at - from.run.at), from.size, { ...from.run, at: fileAt });
  for (const ref of copy.refs) {
    ref.next = ref.at;
    ref.nextBlock = where;
  }
  return record;
}

/** The bytes before a block's payload: checksum, space, `~`, kind, payload size. */
const BLOCK_HEAD = 19;
const HEX8 = 8;

/**
 * The record of a block whose raw content deflated to `deflated`, to be written at `fileAt`. Each
 * value left on disk in it learns where it will lie (Ref.next), for when the new file takes over.
 */
export function encodeBlock(block: PendingBlock, deflated: Buffer, fileAt: number): Buffer {
  const header = block.kind === "L" ? Buffer.from(JSON.stringify({ k: block.key, s: block.sizes }), "utf8") : null;
  const prefix = header ? HEX8 + header.length : 0;
  const payload = prefix + deflated.length;
  const record = Buffer.allocUnsafe(BLOCK_HEAD + payload + 1);
  record.write(`~${block.kind}${hex8(payload)}`, 9, "latin1");
  if (header) {
    record.write(hex8(header.length), BLOCK_HEAD, "latin1");
    header.copy(record, BLOCK_HEAD + HEX8);
  }
  deflated.copy(record, BLOCK_HEAD + prefix);
  record.write(crcHex(record.subarray(9, BLOCK_HEAD + payload)), 0, "latin1");
  record[8] = 0x20;
  record[BLOCK_HEAD + payload] = 0x0a;
  const run =
    block.kind === "L"
      ? { at: fileAt, bytes: record.length, items: block.sizes.length, raw: block.rawBytes }
      : undefined;
  const where = new Block(fileAt + BLOCK_HEAD + prefix, deflated.length, run);
  for (const [ref, offset] of block.refs) {
    ref.next = offset;
    ref.nextBlock = where;
  }
  return record;
}

function hex8(n: number): string {
  return n.toString(16).padStart(8, "0");
}

/** The CRC-32 of `bytes` as a record's head spells it: 8 lowercase hex digits. */
export const crcHex = (bytes: Uint8Array): string => hex8(crc32(bytes));

/** True when the record at `start` is a block (its first 10 bytes must be there). */
export function isBlock(buf: Buffer, start: number): boolean {
  return buf[start + 9] === 0x7e;
}

/** Bytes a block's record needs in `buf` to know its size. */
export const BLOCK_HEAD_BYTES = BLOCK_HEAD;

/** Where the block record at `start` ends (its newline), from its head; -1 when the head is malformed. */
export function blockEnd(buf: Buffer, start: number): number {
  const size = buf.toString("latin1", start + 11, start + BLOCK_HEAD);
  if (!/^[0-9a-f]{8}$/.test(size)) return -1;
  return start + BLOCK_HEAD + Number.parseInt(size, 16);
}

/** What a whole block record in `buf[start, end]` holds, or null when it fails its checksum or framing. */
export function readBlock(
  buf: Buffer,
  start: number,
  end: number,
):
  | { kind: "L"; key: string; sizes: number[]; payload: Buffer; payloadAt: number }
  | { kind: "G"; payload: Buffer; payloadAt: number }
  | null {
  if (buf[start + 8] !== 0x20 || buf[end] !== 0x0a) return null;
  if (crcHex(buf.subarray(start + 9, end)) !== buf.toString("latin1", start, start + 8)) return null;
  const kind = String.fromCharCode(buf[start + 10] as number);
  const at = start + BLOCK_HEAD;
  if (kind === "G") return { kind, payload: buf.subarray(at, end), payloadAt: at - start };
  if (kind !== "L") return null;
  try {
    const headerSize = Number.parseInt(buf.toString("latin1", at, at + HEX8), 16);
    const header = JSON.parse(buf.toString("utf8", at + HEX8, at + HEX8 + headerSize)) as { k: string; s: number[] };
    const payloadAt = at + HEX8 + headerSize;
    return {
      kind,
      key: header.k,
      sizes: header.s,
      payload: buf.subarray(payloadAt, end),
      payloadAt: payloadAt - start,
    };
  } catch {
    return null;
  }
}

/** One record of a log file as tools outside the store see it (bench/storage.ts, tests). */
export interface LogRecord {
  kind: "line" | "L" | "G";
  /** Where it starts in the file, and its bytes there (framing included). */
  at: number;
  bytes: number;
  /** Its ops with the bytes of their JSON (a list's run is one op, `{ o: "A", k }`, its items' bytes). */
  ops: { op: Record<string, unknown>; rawBytes: number }[];
}

/** The records of a whole log file held in `bytes`, checksums checked; throws on anything malformed. */
export function* logRecords(bytes: Buffer): Generator<LogRecord> {
  for (let at = 0; at < bytes.length; ) {
    if (isBlock(bytes, at)) {
      const end = blockEnd(bytes, at);
      const block = end === -1 || end >= bytes.length ? null : readBlock(bytes, at, end);
      if (!block) throw new Error(`a malformed block at byte ${at}`);
      const ops =
        block.kind === "L"
          ? [{ op: { o: "A", k: block.key }, rawBytes: block.sizes.reduce((a, b) => a + b, 0) }]
          : inflateRawSync(block.payload)
              .toString("utf8")
              .split("\n")
              .map((json) => ({
                op: JSON.parse(json) as Record<string, unknown>,
                rawBytes: Buffer.byteLength(json) + 1,
              }));
      yield { kind: block.kind, at, bytes: end + 1 - at, ops };
      at = end + 1;
      continue;
    }
    const end = bytes.indexOf(0x0a, at);
    if (end === -1) throw new Error(`a line without its end at byte ${at}`);
    if (crcHex(bytes.subarray(at + 9, end)) !== bytes.toString("latin1", at, at + 8)) {
      throw new Error(`a line failing its checksum at byte ${at}`);
    }
    const op = JSON.parse(bytes.toString("utf8", at + 9, end));
    yield { kind: "line", at, bytes: end + 1 - at, ops: [{ op, rawBytes: end - at - 8 }] };
    at = end + 1;
  }
}
