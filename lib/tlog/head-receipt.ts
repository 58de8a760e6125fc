import type { CheckpointPayload } from "../audit/checkpoint";
import { getStore } from "../store";
import type { Store } from "../store/types";
import { withCosignatures } from "./cosigned-head";
import { leafBytes, leafHashOf } from "./leaf";
import { readLogHead } from "./log-head";
import { proveInclusion } from "./read-log";
import type { TransparencyReceipt } from "./receipt";

/**
 * The proof that a session's signed head is in the transparency log: the leaf its checkpoint names
 * (`logIndex`), proved in the latest log checkpoint. Null for a checkpoint that names none (an empty
 * log). The leaf hash is computed from the checkpoint, not read: a verifier recomputes it the same
 * way, so a store that swapped leaves fails the proof rather than passing with a borrowed one.
 */
export async function headReceipt(
  signed: CheckpointPayload | null,
  store: Store = getStore(),
): Promise<TransparencyReceipt | null> {
  if (signed?.logIndex === undefined || signed.head === null) return null;
  const leaf = leafBytes({
    kind: "audit.entry",
    sessionId: signed.sessionId,
    seq: signed.size - 1,
    entryHash: signed.head,
  });
  const receipt = { index: signed.logIndex, leafHash: leafHashOf(leaf) };
  const stored = await readLogHead(store);
  const head = stored === null ? null : await withCosignatures(stored, store);
  if (head === null || head.size <= signed.logIndex) return { ...receipt, checkpoint: null, inclusion: null };
  const proof = await proveInclusion(signed.logIndex, head.size, store);
  return { ...receipt, checkpoint: head.note, inclusion: { size: proof.size, hashes: proof.hashes } };
}
