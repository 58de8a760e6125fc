/*
 * The JSON of the embedded store's ops around their values, as JSON.stringify writes an op (members
 * in the order the ops are made): a line written as it goes (log-line.ts) and a compaction's snapshot
 * (embedded.ts, log-blocks.ts) put each value's literal between these, and replay parses them all
 * as one format.
 */
const j = JSON.stringify;

/** A set's (`s`) or an append's (`a`) JSON up to its key, and from its key to its value. */
export const valueOpStart = (o: "s" | "a") => `{"o":"${o}","k":`;
export const VALUE_MEMBER = `,"v":`;

/** A set's (`s`) or an append's (`a`) JSON up to its value. */
export const valueOpHead = (o: "s" | "a", key: string) => `${valueOpStart(o)}${j(key)}${VALUE_MEMBER}`;

/** The end of a set or append after its value: its expiry, left out when undefined. */
export const expiryTail = (x: number | null | undefined) => (x === undefined ? "}" : `,"x":${j(x)}}`);

/** A list's (`A`) JSON up to its first item. */
export const listOpHead = (key: string) => `{"o":"A","k":${j(key)},"vs":[`;

/** A record write's (`r`) JSON up to its value. */
export const recordOpHead = (collection: string, id: string) => `{"o":"r","c":${j(collection)},"id":${j(id)},"v":`;

/** The end of a record write after its value. */
export const recordOpTail = (ver: number, pos: number, idx: Record<string, string>, uq: Record<string, string>) =>
  `,"ver":${ver},"pos":${pos},"idx":${j(idx)},"uq":${j(uq)}}`;
