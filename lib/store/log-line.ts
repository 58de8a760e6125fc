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

/**
 * An op's JSON (as JSON.stringify gives it, members in the same order), and where in it the literal
 * of each value of at least `minChars` characters lies: its first character (the opening quote) and
 * its length, in pairs, in the order the ops' values come (see each op's `v`, or `vs` in turn).
 * The store leaves such values on disk and must know where each one is: written piece by piece, the
 * line tells it, where a search of the finished text would escape every value again.
 */
export function lineJson(op: Op, minChars: number): { json: string; literals: number[] } {
  const literals: number[] = [];
  // Pieces joined once at the end: a string grown by += is a tree that the write then copies flat.
  const parts: string[] = [];
  let length = 0;
  const put = (part: string) => {
    parts.push(part);
    length += part.length;
  };
  const value = (v: string) => {
    const literal = JSON.stringify(v);
    if (v.length >= minChars) literals.push(length, literal.length);
    put(literal);
  };
  const write = (op: Op) => {
    switch (op.o) {
      case "s":
      case "a":
        put(`{"o":"${op.o}","k":${JSON.stringify(op.k)},"v":`);
        value(op.v);
        // JSON.stringify leaves out a member whose value is undefined.
        put(op.x === undefined ? "}" : `,"x":${JSON.stringify(op.x)}}`);
        return;
      case "A":
        put(`{"o":"A","k":${JSON.stringify(op.k)},"vs":[`);
        op.vs.forEach((v, i) => {
          if (i > 0) put(",");
          value(v);
        });
        put("]}");
        return;
      case "r":
        put(`{"o":"r","c":${JSON.stringify(op.c)},"id":${JSON.stringify(op.id)},"v":`);
        value(op.v);
        put(`,"ver":${op.ver},"pos":${op.pos},"idx":${JSON.stringify(op.idx)},"uq":${JSON.stringify(op.uq)}}`);
        return;
      case "b":
        put(`{"o":"b","ops":[`);
        op.ops.forEach((inner, i) => {
          if (i > 0) put(",");
          write(inner);
        });
        put("]}");
        return;
      default:
        put(JSON.stringify(op));
    }
  };
  write(op);
  return { json: parts.join(""), literals };
}
