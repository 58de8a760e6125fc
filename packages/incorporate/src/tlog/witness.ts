import { fromBase64, toBase64 } from "./bytes.ts";
import { TlogError } from "./errors.ts";
import { HASH_SIZE } from "./merkle-hash.ts";
import { formatNote, type NoteSignature, type NoteVerifier, parseNote, verifyNote } from "./note.ts";

/**
 * The log's side of c2sp.org/tlog-witness add-checkpoint: the request body it POSTs to a witness
 * and the cosignatures it gets back.
 */

/** A witness takes at most this many proof lines (a consistency proof of a 2^64 tree is shorter). */
export const MAX_WITNESS_PROOF_LINES = 63;

export interface AddCheckpointRequest {
  /** The size the witness last cosigned for this log, 0 if none. */
  oldSize: number;
  /** Consistency proof from `oldSize` to the checkpoint's size (empty when `oldSize` is 0). */
  proof: Uint8Array[];
  /** The signed checkpoint, as a note. */
  checkpoint: string;
}

function malformed(why: string): TlogError {
  return new TlogError("malformed", `malformed add-checkpoint request: ${why}`);
}

function checkProof(proof: readonly Uint8Array[]): void {
  if (proof.length > MAX_WITNESS_PROOF_LINES) throw malformed(`more than ${MAX_WITNESS_PROOF_LINES} proof lines`);
  if (proof.some((h) => h.length !== HASH_SIZE)) throw malformed(`a proof hash is not ${HASH_SIZE} bytes`);
}

/** `old <size>\n`, one base64 proof hash per line, a blank line, then the checkpoint. */
export function formatAddCheckpoint(request: AddCheckpointRequest): string {
  const { oldSize, proof, checkpoint } = request;
  if (!Number.isSafeInteger(oldSize) || oldSize < 0) throw malformed(`old size ${String(oldSize)} is not a count`);
  checkProof(proof);
  if (oldSize === 0 && proof.length > 0) throw malformed("a proof from size 0 must be empty");
  parseNote(checkpoint);
  return `old ${oldSize}\n${proof.map((h) => `${toBase64(h)}\n`).join("")}\n${checkpoint}`;
}

/**
 * Parses an add-checkpoint request body strictly (as a witness must). A proof from size 0 parses:
 * the spec has the witness answer it 422 (inconsistent), not 400 (malformed).
 */
export function parseAddCheckpoint(body: string): AddCheckpointRequest {
  const blank = body.indexOf("\n\n");
  if (blank < 0) throw malformed("no blank line before the checkpoint");
  const [oldLine, ...proofLines] = body.slice(0, blank).split("\n") as [string, ...string[]];
  const match = /^old (0|[1-9][0-9]*)$/.exec(oldLine);
  if (!match || !Number.isSafeInteger(Number(match[1]))) throw malformed("the first line must be old <size>");
  const oldSize = Number(match[1]);
  const proof = proofLines.map((line, i) => {
    const hash = fromBase64(line);
    if (hash === null || hash.length !== HASH_SIZE) throw malformed(`proof line ${i + 1} is not base64 of a hash`);
    return hash;
  });
  checkProof(proof);
  const checkpoint = body.slice(blank + 2);
  parseNote(checkpoint);
  return { oldSize, proof, checkpoint };
}

/**
 * Adds to a checkpoint the cosignatures of a witness's add-checkpoint answer (signature lines) that
 * verify under the given witness keys, replacing older ones by the same keys; lines by other keys
 * are dropped. Throws unless at least one verifies, or if one by a given key fails.
 */
export async function addCosignatures(
  checkpoint: string,
  response: string,
  witnesses: NoteVerifier | readonly NoteVerifier[],
): Promise<string> {
  const note = parseNote(checkpoint);
  const cosigned = await verifyNote(`${note.text}\n${response}`, witnesses);
  // A fresh cosignature replaces an older one by the same witness key.
  const fresh = new Set(cosigned.verified.map(label));
  const kept = note.signatures.filter((s) => !fresh.has(label(s)));
  return formatNote({ text: note.text, signatures: [...kept, ...cosigned.verified] });
}

const label = (s: NoteSignature) => `${s.name}+${s.keyId}`;
