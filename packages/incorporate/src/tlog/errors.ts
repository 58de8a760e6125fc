/** What went wrong, for callers that branch on it (the message says it in words). */
export type TlogErrorCode =
  /** An argument is out of range or of the wrong shape (a size, an index, a hash length). */
  | "invalid_argument"
  /** A proof, a tile or a checkpoint does not match the root or the hashes it must match. */
  | "verification_failed"
  /** A text or binary encoding (note, checkpoint, tile path, bundle, key) breaks its format. */
  | "malformed"
  /** A stored hash, tile or entry needed for the computation was not supplied. */
  | "missing_data"
  /** No signature of a trusted key verifies. */
  | "unverified";

/**
 * Every failure of the transparency-log functions: bad input and failed verification alike are
 * thrown as this, so one `catch` handles both and `code` tells them apart.
 */
export class TlogError extends Error {
  override name = "TlogError";
  readonly code: TlogErrorCode;

  constructor(code: TlogErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
