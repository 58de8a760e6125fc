import { inclusionProofCoords, inclusionProofFromStored } from "@sociedades-ia/incorporate/tlog";
import { afterAnswer } from "../http/after-answer";
import { getStore } from "../store";
import type { Store } from "../store/types";
import { convergeInBackground } from "./converge";
import { withCosignatures } from "./cosigned-head";
import { readHashesCached } from "./hash-cache";
import { awaitIntegration } from "./integrate";
import { nodeSha256, toBase64 } from "./layout";

/** How long a write waits for its leaf to be integrated before it answers without the proof. */
const INTEGRATION_BUDGET_MS = 2000;

/**
 * What a write answers about its leaf: its index and leaf hash always (it is sequenced before the
 * write is acknowledged), and, once integrated, the signed log checkpoint and the inclusion proof of
 * the leaf in it, so the writer holds evidence it can check offline with the log's vkey.
 */
export interface TransparencyReceipt {
  index: number;
  /** Base64 RFC 6962 leaf hash. */
  leafHash: string;
  /** The checkpoint note that covers the leaf; null when integration did not finish in time. */
  checkpoint: string | null;
  /** The inclusion proof in that checkpoint's tree: its size and base64 hashes. */
  inclusion: { size: number; hashes: string[] } | null;
}

export async function transparencyReceipt(
  leaf: { index: number; leafHash: string },
  store: Store = getStore(),
): Promise<TransparencyReceipt> {
  const head = await awaitIntegration(leaf.index, INTEGRATION_BUDGET_MS, store);
  if (head === null) {
    // The leaf is sequenced; it is integrated after the answer even if no other write comes.
    afterAnswer(convergeInBackground(store));
    return { ...leaf, checkpoint: null, inclusion: null };
  }
  try {
    const lookup = await readHashesCached(store, head, inclusionProofCoords(leaf.index, head.size));
    const hashes = inclusionProofFromStored(leaf.index, head.size, lookup, nodeSha256).map(toBase64);
    // The cosignatures the checkpoint has by now: witnesses answer in the background, often later.
    const { note } = await withCosignatures(head, store);
    return { ...leaf, checkpoint: note, inclusion: { size: head.size, hashes } };
  } catch (err) {
    console.error("[tlog] inclusion proof for a receipt failed; answered without it:", err);
    return { ...leaf, checkpoint: null, inclusion: null };
  }
}
