import { crcHex } from "./log-blocks";
import { expiryTail, listOpHead, recordOpHead, recordOpTail, VALUE_MEMBER, valueOpStart } from "./op-pieces";

// The constant pieces around a set's or an append's key, as bytes (all ASCII).
const SET_START = Buffer.from(valueOpStart("s"));
const APPEND_START = Buffer.from(valueOpStart("a"));
const VALUE_AFTER_KEY = Buffer.from(VALUE_MEMBER);

/** One change as the embedded store logs it: a line's JSON is one of these. */
export type Op =
  | { o: "s"; k: string; v: string; x?: number }
  | { o: "a"; k: string; v: string; x?: number | null }
  /** Many items of one list in one record: what a compaction writes for a list. */
  | { o: "A"; k: string; vs: string[] }
  | { o: "d"; k: string }
  | { o: "x"; k: string; x: number | null }
  | {
      o: "r";
      c: string;
      id: string;
      v: string;
      ver: number;
      pos: number;
      idx: Record<string, string>;
      uq: Record<string, string>;
    }
  | { o: "rd"; c: string; id: string }
  /** A collection's highest creation position, which a compaction keeps even when that record is gone. */
  | { o: "p"; c: string; pos: number }
  | { o: "b"; ops: Op[] };

/** Lines up to this many bytes are written in one buffer kept for the next; a longer one gets its own. */
const KEPT_BYTES = 1 << 20;
let kept = Buffer.allocUnsafe(64 * 1024);

/**
 * What JSON.stringify escapes in a string: quotes, backslashes, control characters and lone
 * surrogates (any surrogate here: a string with a pair takes the slower path, which is still exact).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what JSON escapes.
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * An op as one log line: the CRC-32 of the JSON's UTF-8 bytes in 8 hex digits, a space, the JSON
 * (JSON.stringify's text, members in the same order), a newline. With it, where the literal of each
 * value of at least `minChars` characters lies in the line: its first byte (the opening quote) and
 * its length in bytes, in pairs, in the order the ops' values come (each op's `v`, or `vs` in turn).
 *
 * The store leaves such values on disk and must know where each one is: written piece by piece, the
 * line tells it, where a search of the finished text would escape every value again. The pieces go
 * straight into bytes, so no string of the whole line is made; the bytes are a buffer kept for the
 * next line, so `line` is good only until the next call. Most pieces are a store key, an index
 * node or a hash: short ASCII, where each call into the encoder costs more than its bytes. So a
 * string that needs no escaping goes between two quote bytes as it is, and a constant piece or a
 * single character goes in as bytes.
 */
export function encodeLine(op: Op, minChars: number): { line: Buffer; literals: number[] } {
  const literals: number[] = [];
  let buf = kept;
  let at = 9;
  /** Room for `chars` more UTF-16 units (UTF-8 takes at most three bytes each) and the newline. */
  const reserve = (chars: number) => {
    const room = at + 3 * chars + 1;
    if (room > buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(2 * buf.length, room));
      buf.copy(bigger, 0, 0, at);
      buf = bigger;
      if (bigger.length <= KEPT_BYTES) kept = bigger;
    }
  };
  const put = (piece: string) => {
    reserve(piece.length);
    at += buf.write(piece, at);
  };
  /** Bytes known to be ASCII, copied one by one: for a few, cheaper than a call into the encoder. */
  const ascii = (bytes: Buffer) => {
    reserve(bytes.length);
    for (let i = 0; i < bytes.length; i++) buf[at++] = bytes[i] as number;
  };
  /** One ASCII character, by its code. */
  const char = (code: number) => {
    reserve(1);
    buf[at++] = code;
  };
  // A string's JSON literal: most keys and many values need no escaping, and are written between
  // quotes as they are, with no literal made.
  const literal = (v: string) => {
    if (ESCAPED.test(v)) return put(JSON.stringify(v));
    reserve(v.length + 2);
    buf[at++] = 0x22;
    at += buf.write(v, at);
    buf[at++] = 0x22;
  };
  const value = (v: string) => {
    const from = at;
    literal(v);
    if (v.length >= minChars) literals.push(from, at - from);
  };
  const write = (op: Op) => {
    switch (op.o) {
      case "s":
      case "a":
        ascii(op.o === "s" ? SET_START : APPEND_START);
        literal(op.k);
        ascii(VALUE_AFTER_KEY);
        value(op.v);
        // No expiry: the closing brace alone (expiryTail's text for it).
        if (op.x === undefined) char(0x7d);
        else put(expiryTail(op.x));
        return;
      case "A":
        put(listOpHead(op.k));
        op.vs.forEach((v, i) => {
          if (i > 0) char(0x2c);
          value(v);
        });
        put("]}");
        return;
      case "r":
        put(recordOpHead(op.c, op.id));
        value(op.v);
        put(recordOpTail(op.ver, op.pos, op.idx, op.uq));
        return;
      case "b":
        put(`{"o":"b","ops":[`);
        op.ops.forEach((inner, i) => {
          if (i > 0) char(0x2c);
          write(inner);
        });
        put("]}");
        return;
      default:
        put(JSON.stringify(op));
    }
  };
  write(op);
  buf.write(crcHex(buf.subarray(9, at)), 0, 8, "latin1");
  buf[8] = 0x20;
  buf[at] = 0x0a;
  return { line: buf.subarray(0, at + 1), literals };
}
