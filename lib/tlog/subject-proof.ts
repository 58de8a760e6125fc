import { ApiError } from "../http/problem";
import { getStore } from "../store";
import type { Store } from "../store/types";
import { withCosignatures } from "./cosigned-head";
import { isIndexStateError } from "./index-store";
import { lookupSubject } from "./subject-lookup";

/** GET /log/index/{kind}/{id}: a subject's latest leaf, its proof, and the notes a verifier needs. */
export async function lookupSubjectProof(subject: string, store: Store = getStore()) {
  let found: Awaited<ReturnType<typeof lookupSubject>>;
  try {
    found = await lookupSubject(subject, store);
  } catch (err) {
    if (!isIndexStateError(err)) throw err;
    console.error(`[tlog] ALARM: the log's index does not verify: ${err.message}`);
    throw new ApiError("tlog_stalled", `The log's index in the store does not verify (${err.message}).`);
  }
  if (found === null || found.indexNote === null) {
    throw new ApiError(
      "store_unavailable",
      "The transparency log has no index yet; it is built at the next integration. Retry shortly.",
      {},
      { "retry-after": "1" },
    );
  }
  const { note } = await withCosignatures(found.head, store);
  return { subject, value: found.value, proof: found.proof, checkpoint: note, indexNote: found.indexNote };
}
