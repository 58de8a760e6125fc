import { fromBase64, toBase64 } from "./bytes.ts";
import { TlogError } from "./errors.ts";
import type { NoteVerifier } from "./note.ts";
import { verifyNoteUnder } from "./note-keys.ts";

/**
 * The signed note that commits a checkpoint's tree to its index root (log-index.ts). It is a note of
 * its own rather than an extension line of the checkpoint: C2SP tlog-checkpoint advises against
 * extension lines, and witnesses make no statement about them. Its first line can never be read as
 * a checkpoint's (its second line is not a tree size), so a signature over one is never taken for
 * the other. Version 2 (2026-11-30) is the trie of four children a node; version 1's two-child
 * trie gives other roots for the same contents, and a note of it is refused as another format.
 *
 *   log-index/v2
 *   <log origin>
 *   <tree size>
 *   <tree root, base64>
 *   <index root, base64>
 */
export const INDEX_NOTE_HEADER = "log-index/v2";

export interface IndexNote {
  origin: string;
  size: number;
  root: Uint8Array;
  indexRoot: Uint8Array;
}

const malformed = (why: string) => new TlogError("malformed", `malformed index note: ${why}`);

export function formatIndexNote(note: IndexNote): string {
  if (note.origin.length === 0 || note.origin.includes("\n")) throw malformed("the origin must be one line");
  return [INDEX_NOTE_HEADER, note.origin, String(note.size), toBase64(note.root), toBase64(note.indexRoot)]
    .map((line) => `${line}\n`)
    .join("");
}

export function parseIndexNote(text: string): IndexNote {
  const lines = text.endsWith("\n") ? text.slice(0, -1).split("\n") : [];
  if (lines.length !== 5 || lines[0] !== INDEX_NOTE_HEADER)
    throw malformed(`expected five lines after ${INDEX_NOTE_HEADER}`);
  const [, origin = "", sizeText = "", rootText = "", indexText = ""] = lines;
  if (origin.length === 0) throw malformed("the origin line is empty");
  if (!/^(0|[1-9][0-9]*)$/.test(sizeText) || !Number.isSafeInteger(Number(sizeText))) {
    throw malformed("the tree size is not a decimal count");
  }
  const root = fromBase64(rootText);
  const indexRoot = fromBase64(indexText);
  if (root?.length !== 32 || indexRoot?.length !== 32) throw malformed("a root is not base64 of 32 bytes");
  return { origin, size: Number(sizeText), root, indexRoot };
}

/** Verifies an index note under the log's key(s) and parses it; with `origin`, it must name that log. */
export async function openIndexNote(
  note: string,
  keys: string | NoteVerifier | readonly (string | NoteVerifier)[],
  options: { origin?: string } = {},
): Promise<IndexNote> {
  const verified = await verifyNoteUnder(note, keys);
  const parsed = parseIndexNote(verified.text);
  if (options.origin !== undefined && parsed.origin !== options.origin) {
    throw new TlogError(
      "verification_failed",
      `the index note is for ${JSON.stringify(parsed.origin)}, not ${JSON.stringify(options.origin)}`,
    );
  }
  return parsed;
}
