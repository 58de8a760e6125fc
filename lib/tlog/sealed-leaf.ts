import { evictOldest } from "../cache/evict-oldest";
import { hmacKeys } from "../signing/keys";
import { sealHolds, sealOf } from "../signing/seal";

/**
 * A leaf as the store holds it before integration: its bytes, then a seal under the audit HMAC keys
 * (`\nmac <kid> <mac>`, lib/signing/seal.ts), so that the integrator takes only leaves this service
 * sequenced. Whoever can write the store can push items, not seals: a pushed leaf stops the log (it
 * is refused, with an alarm) instead of being signed into it. The seal stays in the store: entry
 * bundles, proofs and receipts carry the leaf's bytes alone. A leaf's canonical JSON never holds a
 * raw newline.
 */
const MARK = "\nmac ";
const PURPOSE = "sia.tlog-leaf.v1";

/**
 * Items this process sealed and has not integrated yet, with their key id: the integrator in the same
 * process takes one whose text is unchanged without computing its MAC again. The memory is the
 * process's own, not the store's; an edited item is not found here and its MAC is checked. On
 * globalThis: Next bundles this module into several chunks, the sealing one and the integrating one.
 */
const SEALED_HERE = Symbol.for("sia.tlog.sealed-here");
const MAX_SEALED_HERE = 8192;
const sealedHere = (): Map<string, string> => {
  const g = globalThis as typeof globalThis & { [SEALED_HERE]?: Map<string, string> };
  g[SEALED_HERE] ??= new Map();
  return g[SEALED_HERE];
};

/** The item that sequences `bytes`. */
export function sealLeaf(bytes: string): string {
  const { kid, mac } = sealOf(PURPOSE, [bytes]);
  const item = `${bytes}${MARK}${kid} ${mac}`;
  const mine = sealedHere();
  mine.set(item, kid);
  evictOldest(mine, MAX_SEALED_HERE);
  return item;
}

/** A stored item's leaf bytes, without checking its seal (for leaves the signed tree already covers). */
export function leafOfItem(item: string): string {
  const at = item.lastIndexOf(MARK);
  return at < 0 ? item : item.slice(0, at);
}

/** A stored item's leaf bytes when its seal opens under a configured key, else why not. */
export function openLeafItem(item: string): { bytes: string } | { refused: string } {
  const at = item.lastIndexOf(MARK);
  if (at < 0) return { refused: "it carries no MAC: this service did not sequence it" };
  const bytes = item.slice(0, at);
  const mine = sealedHere();
  const kid = mine.get(item);
  if (kid !== undefined) {
    mine.delete(item);
    // Sealed here, under a key that must still be configured for its seal to open.
    if (Object.hasOwn(hmacKeys(), kid)) return { bytes };
  }
  const seal = item.slice(at + MARK.length);
  const space = seal.lastIndexOf(" ");
  if (!sealHolds(PURPOSE, [bytes], { kid: seal.slice(0, space), mac: seal.slice(space + 1) })) {
    return { refused: "its MAC does not verify under a configured key: this service did not sequence it" };
  }
  return { bytes };
}
