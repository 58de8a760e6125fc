/**
 * Most of a starter file is template text, the same for every company of a deployment; only a few
 * lines come from the request. Each file is kept as its pieces in order, and the template text as a
 * FixedText, escaped for JSON and encoded once: an answer then escapes and hashes per call only what
 * the company wrote, which is why the answer's files cost little more than its other parts.
 */
export class FixedText implements EncodedJson {
  /** The text as it appears inside a JSON string: JSON.stringify(text) without its quotes. */
  readonly json: string;
  /** `json` as UTF-8, for hashing without encoding again. */
  readonly jsonUtf8: Buffer;

  constructor(readonly text: string) {
    this.json = escapeJson(text);
    this.jsonUtf8 = Buffer.from(this.json, "utf8");
  }
}

/** A file as the pieces it is joined from: template text, or text made from the request. */
export type FilePieces = readonly (FixedText | string)[];

export function fixed(text: string): FixedText {
  return new FixedText(text);
}

export function joinPieces(pieces: FilePieces): string {
  return pieces.map((p) => (typeof p === "string" ? p : p.text)).join("");
}

/**
 * JSON.stringify(text) without its quotes. Escaping is character by character, so a file's escaped
 * pieces joined are its escaped text (the pieces split it only between template and request text,
 * never inside a surrogate pair).
 */
export function escapeJson(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** JSON text with its UTF-8 bytes, encoded once: what an answer copies rather than encodes per call. */
export interface EncodedJson {
  readonly json: string;
  readonly jsonUtf8: Uint8Array;
}

/** An answer as pieces in order: JSON text made per call, or JSON encoded once. */
export type JsonPieces = readonly (string | EncodedJson)[];

/**
 * The pieces as UTF-8 bytes, written into one buffer: the text made per call is encoded there, what
 * was encoded before is copied. Encoding a whole answer of 26 kB cost more than building it.
 */
export function piecesUtf8(pieces: JsonPieces): Buffer<ArrayBuffer> {
  // Room for the worst case: three bytes for each UTF-16 unit of the text made per call.
  let room = 0;
  for (const p of pieces) room += typeof p === "string" ? 3 * p.length : p.jsonUtf8.length;
  const out = Buffer.allocUnsafe(room);
  let at = 0;
  for (const p of pieces) {
    if (typeof p === "string") at += out.write(p, at, "utf8");
    else {
      out.set(p.jsonUtf8, at);
      at += p.jsonUtf8.length;
    }
  }
  return out.subarray(0, at);
}
