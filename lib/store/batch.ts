import type { BatchWrite } from "./types";

/**
 * Refuses batches that both backends could not run with the same meaning: conditions are checked
 * against the state before the batch, so a key or record written twice in one batch would see stale
 * state in its second write.
 */
export function assertValidBatch(writes: BatchWrite[]): void {
  // Keys as they are (an integration writes hundreds, each a string already hashed), records apart.
  const keys = new Set<string>();
  const records = new Set<string>();
  for (const write of writes) {
    const isRecord = write.type === "record";
    const targets = isRecord ? records : keys;
    // A record's collection and id are two strings: JSON keeps any pair of them apart.
    const target = isRecord ? JSON.stringify([write.write.collection, write.write.id]) : write.key;
    // Pushes check nothing, so several to one list read no stale state: they land in batch order.
    if (targets.has(target) && write.type !== "push") {
      throw new RangeError(`a batch may write ${isRecord ? "record" : "key"} ${target} only once`);
    }
    targets.add(target);
    if (write.type === "append") {
      if (!Number.isSafeInteger(write.expectedLength) || write.expectedLength < 0) {
        throw new RangeError("expectedLength must be an integer >= 0");
      }
      if (write.values.length === 0) throw new RangeError("an append needs at least one value");
    }
    if (write.type === "push" && write.values.length === 0) throw new RangeError("a push needs at least one value");
    if (write.type === "push" && write.bucket !== undefined) {
      if (!Number.isSafeInteger(write.bucket.size) || write.bucket.size < 1) {
        throw new RangeError("a bucket's size must be an integer >= 1");
      }
      if (write.bucket.prefix === "") throw new RangeError("a bucket needs a prefix");
    }
    if ((write.type === "set" || write.type === "del") && write.expect?.length === 0) {
      throw new RangeError("expect needs at least one value");
    }
  }
}
