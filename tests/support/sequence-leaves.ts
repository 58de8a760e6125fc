import type { Store } from "@/lib/store/types";
import { leafBytes, sequenceLeaf } from "@/lib/tlog/leaf";

/**
 * Sequences `count` leaves of a new audit session straight into the store, without integrating them
 * (an append would wait for that): what an integrator finds pending.
 */
export async function sequenceSessionLeaves(store: Store, sessionId: string, count: number): Promise<void> {
  for (let seq = 0; seq < count; seq++) {
    const leaf = leafBytes({
      kind: "audit.entry",
      sessionId,
      seq,
      entryHash: `sha256:${String(seq).padStart(64, "0")}`,
    });
    const result = await store.batch([sequenceLeaf(leaf)]);
    if (!result.ok) throw new Error("could not sequence a leaf");
  }
}
