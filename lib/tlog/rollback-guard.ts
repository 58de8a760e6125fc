import { equalBytes } from "@sociedades-ia/incorporate/tlog";
import { perStore } from "../store/per-store";
import type { Store } from "../store/types";
import type { LogHead } from "./log-head";

/**
 * Whoever can write the store (on Upstash, anyone with its REST token) can delete the checkpoint or
 * put an older genuine one back, and drop the leaves after it. An integrator that extended whatever
 * it found would then sign a second history over the same sizes: a fork under the log's own key.
 * So each process remembers the largest tree it has signed or opened under its key, and refuses to
 * integrate from a stored checkpoint behind it (smaller, missing, or of the same size with another
 * root). A restarted process starts from the store's checkpoint again: across restarts, monitors
 * and witnesses are what notice a log that went back (docs/transparency-log.md).
 */
type Seen = Pick<LogHead, "size" | "root">;
const seenHeads = () => perStore<Seen>("sia.tlog.largest-seen");

/** Records a head of `store`'s log that this process signed, or whose signature it checked. */
export function rememberSignedHead(store: Store, head: Seen): void {
  const seen = seenHeads().get(store);
  if (!seen || head.size > seen.size) seenHeads().set(store, { size: head.size, root: head.root });
}

/** Why integrating from `stored` would sign a history other than the one already signed, or null. */
export function rollbackFrom(store: Store, stored: LogHead | null): string | null {
  const seen = seenHeads().get(store);
  if (!seen) return null;
  if (stored === null) {
    return `the store holds no checkpoint, but this process has seen the log signed at size ${seen.size}`;
  }
  if (stored.size < seen.size) {
    return `the stored checkpoint (size ${stored.size}) is behind one this process has seen signed (size ${seen.size})`;
  }
  if (stored.size === seen.size && !equalBytes(stored.root, seen.root)) {
    return `the stored checkpoint states another root for size ${seen.size} than the one this process has seen signed`;
  }
  return null;
}

/** The size of the largest head this process has seen of `store`'s log (0 before any). */
export const seenSize = (store: Store): number => seenHeads().get(store)?.size ?? 0;
