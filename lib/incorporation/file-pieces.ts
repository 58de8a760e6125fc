/**
 * Most of a starter file is template text, the same for every company of a deployment; only a few
 * lines come from the request. Each file is kept as its pieces in order, and the template text as a
 * FixedText, escaped for JSON and encoded once: an answer then escapes and hashes per call only what
 * the company wrote, which is why the answer's files cost little more than its other parts.
 */
export class FixedText {
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
