import {
  type AddCheckpointRequest,
  type Checkpoint,
  emptyRoot,
  equalBytes,
  formatNote,
  formatSignatureLine,
  fromBase64,
  type NoteSignature,
  parseAddCheckpoint,
  parseCheckpoint,
  parseNote,
  TlogError,
  toBase64,
  verifierFromKey,
  verifyConsistency,
  verifyNote,
} from "@sociedades-ia/incorporate/tlog";
import type { BuiltInWitnessConfig } from "../config/witnesses";
import { ApiError } from "../http/problem";
import type { Store } from "../store/types";
import { nodeSha256 } from "../tlog/layout";
import type { WitnessKey } from "./witness-key";
import { readWitnessedLog, type WitnessedLog, witnessedLogKey } from "./witness-state";

/** The body the spec allows a witness to refuse: far above any checkpoint and 63 proof lines. */
export const MAX_ADD_CHECKPOINT_BYTES = 1024 * 1024;

/** 200 with the cosignature lines, or 409 with the size this witness holds for the log. */
export type AddCheckpointOutcome = { status: 200; body: string } | { status: 409; size: number };

/** A compare-and-set lost to a concurrent request is re-checked against its result this often at most. */
const MAX_ATTEMPTS = 5;

const refuse = (detail: string) => new ApiError("witness_inconsistent", `${detail} Nothing was cosigned.`);

/**
 * c2sp.org/tlog-witness add-checkpoint, in the spec's order of checks: malformed 400, unknown
 * origin 404, no valid signature of the log's key 403, old size beyond the checkpoint 400, old
 * size not the one cosigned last 409, inconsistent 422; else cosign. The check of the old size and
 * the record of the new checkpoint are one compare-and-set in the store, so of concurrent requests
 * from the same size only one advances the log; the others see the new size (409).
 */
export async function addCheckpoint(
  body: string,
  witness: BuiltInWitnessConfig,
  key: WitnessKey,
  store: Store,
): Promise<AddCheckpointOutcome> {
  let request: AddCheckpointRequest;
  let checkpoint: Checkpoint;
  let text: string;
  try {
    request = parseAddCheckpoint(body);
    text = parseNote(request.checkpoint).text;
    checkpoint = parseCheckpoint(text);
  } catch (err) {
    if (!(err instanceof TlogError)) throw err;
    throw new ApiError("invalid_request", `Not an add-checkpoint request (c2sp.org/tlog-witness): ${err.message}`);
  }
  const vkeys = witness.logs.get(checkpoint.origin);
  if (!vkeys) {
    throw new ApiError(
      "witness_unknown_log",
      `This witness does not cosign the log ${JSON.stringify(checkpoint.origin)}.`,
    );
  }
  let logSignatures: NoteSignature[];
  try {
    logSignatures = (
      await verifyNote(
        request.checkpoint,
        vkeys.map((k) => verifierFromKey(k)),
      )
    ).verified;
  } catch (err) {
    if (!(err instanceof TlogError)) throw err;
    throw new ApiError(
      "witness_unverified",
      `The checkpoint is not signed by ${checkpoint.origin}'s key: ${err.message}`,
    );
  }
  if (request.oldSize > checkpoint.size) {
    throw new ApiError("invalid_request", `old ${request.oldSize} is beyond the checkpoint's size ${checkpoint.size}.`);
  }
  for (let attempt = 1; ; attempt++) {
    const { raw, state } = await readWitnessedLog(store, checkpoint.origin);
    const size = state?.size ?? 0;
    if (request.oldSize !== size) return { status: 409, size };
    checkConsistency(request, checkpoint, state);

    const cosignature: NoteSignature = { name: key.name, keyId: key.keyId, signature: await key.sign(text) };
    // The monitoring path serves this note: the log's verified signatures and this witness's line.
    const next: WitnessedLog = {
      size: checkpoint.size,
      root: toBase64(checkpoint.root),
      checkpoint: formatNote({ text, signatures: [...logSignatures, cosignature] }),
    };
    const written = await store.batch([
      { type: "set", key: witnessedLogKey(checkpoint.origin), value: JSON.stringify(next), expect: [raw] },
    ]);
    if (written.ok) return { status: 200, body: formatSignatureLine(cosignature) };
    if (attempt >= MAX_ATTEMPTS) throw new ApiError("conflict", "The log's witnessed state kept changing; retry.");
  }
}

/** The 422 checks: the new checkpoint extends the one this witness cosigned last. */
function checkConsistency(request: AddCheckpointRequest, checkpoint: Checkpoint, state: WitnessedLog | null): void {
  if (checkpoint.size === 0 && !equalBytes(checkpoint.root, emptyRoot(nodeSha256))) {
    throw refuse("A checkpoint of size 0 must carry the empty tree's root.");
  }
  if (request.oldSize === 0) {
    if (request.proof.length > 0) throw refuse("A proof from size 0 must be empty: the empty tree extends to any.");
    return;
  }
  const oldRoot = fromBase64(state?.root ?? "") as Uint8Array;
  if (request.oldSize === checkpoint.size) {
    if (request.proof.length > 0 || !equalBytes(oldRoot, checkpoint.root)) {
      throw refuse(
        `At size ${checkpoint.size} this witness cosigned another root (or a proof was sent for no growth).`,
      );
    }
    return;
  }
  try {
    verifyConsistency(request.oldSize, checkpoint.size, request.proof, oldRoot, checkpoint.root, nodeSha256);
  } catch (err) {
    if (!(err instanceof TlogError)) throw err;
    throw refuse(`The proof from size ${request.oldSize} to ${checkpoint.size} does not verify: ${err.message}.`);
  }
}
