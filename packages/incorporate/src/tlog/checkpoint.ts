import { fromBase64, toBase64 } from "./bytes.ts";
import { TlogError } from "./errors.ts";
import { HASH_SIZE } from "./merkle-hash.ts";
import type { NoteVerifier, VerifiedNote } from "./note.ts";
import { verifyNoteUnder } from "./note-keys.ts";

/** A checkpoint's note text (c2sp.org/tlog-checkpoint): the log's origin, tree size and root. */
export interface Checkpoint {
  origin: string;
  size: number;
  root: Uint8Array;
  /** Opaque extra lines after the root, each non-empty; usually none. */
  extensions: string[];
}

function malformed(why: string): TlogError {
  return new TlogError("malformed", `malformed checkpoint: ${why}`);
}

/** Parses a checkpoint's note text (with its final newline), strictly. */
export function parseCheckpoint(text: string): Checkpoint {
  if (!text.endsWith("\n")) throw malformed("the text must end with a newline");
  const lines = text.slice(0, -1).split("\n");
  if (lines.length < 3) throw malformed("expected an origin, a tree size and a root hash line");
  const [origin, sizeText, rootText, ...extensions] = lines as [string, string, string, ...string[]];
  if (origin.length === 0) throw malformed("the origin line is empty");
  if (!/^(0|[1-9][0-9]*)$/.test(sizeText))
    throw malformed("the tree size is not a decimal number without leading zeros");
  const size = Number(sizeText);
  if (!Number.isSafeInteger(size)) throw malformed("the tree size is too large");
  const root = fromBase64(rootText);
  if (root === null || root.length !== HASH_SIZE) throw malformed(`the root hash is not base64 of ${HASH_SIZE} bytes`);
  if (extensions.some((line) => line.length === 0)) throw malformed("an extension line is empty");
  return { origin, size, root, extensions };
}

/** The checkpoint as note text, ready to sign with `signNote`. */
export function formatCheckpoint(checkpoint: Checkpoint): string {
  const { origin, size, root, extensions } = checkpoint;
  if (origin.length === 0 || origin.includes("\n")) throw malformed("the origin must be one non-empty line");
  if (!Number.isSafeInteger(size) || size < 0) throw malformed(`the tree size ${String(size)} is not a count`);
  if (root.length !== HASH_SIZE) throw malformed(`the root hash must be ${HASH_SIZE} bytes`);
  if (extensions.some((line) => line.length === 0 || line.includes("\n"))) {
    throw malformed("each extension must be one non-empty line");
  }
  return [origin, String(size), toBase64(root), ...extensions].map((line) => `${line}\n`).join("");
}

/**
 * Verifies a signed checkpoint under the log's key(s) (vkey strings or verifiers) and parses it.
 * With `origin`, the checkpoint must name that log. Other signatures (witnesses' cosignatures) are
 * ignored here; check them with their own verifiers.
 */
export async function openCheckpoint(
  note: string | Uint8Array,
  keys: string | NoteVerifier | readonly (string | NoteVerifier)[],
  options: { origin?: string } = {},
): Promise<{ checkpoint: Checkpoint; note: VerifiedNote }> {
  const verified = await verifyNoteUnder(note, keys);
  const checkpoint = parseCheckpoint(verified.text);
  if (options.origin !== undefined && checkpoint.origin !== options.origin) {
    throw new TlogError(
      "verification_failed",
      `the checkpoint is for ${JSON.stringify(checkpoint.origin)}, not ${JSON.stringify(options.origin)}`,
    );
  }
  return { checkpoint, note: verified };
}
