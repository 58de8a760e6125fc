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

/** The item that sequences `bytes`. */
export function sealLeaf(bytes: string): string {
  const { kid, mac } = sealOf(PURPOSE, [bytes]);
  return `${bytes}${MARK}${kid} ${mac}`;
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
  const seal = item.slice(at + MARK.length);
  const space = seal.lastIndexOf(" ");
  if (!sealHolds(PURPOSE, [bytes], { kid: seal.slice(0, space), mac: seal.slice(space + 1) })) {
    return { refused: "its MAC does not verify under a configured key: this service did not sequence it" };
  }
  return { bytes };
}
