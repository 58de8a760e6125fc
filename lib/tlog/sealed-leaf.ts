import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "../config/config";

/**
 * A leaf as the store holds it before integration: its bytes, then a MAC under the audit HMAC key
 * (`\nmac <kid> <hex>`), so that the integrator takes only leaves this service sequenced. Whoever can
 * write the store can push items, not MACs: a pushed leaf stops the log (it is refused, with an
 * alarm) instead of being signed into it. The MAC stays in the store: entry bundles, proofs and
 * receipts carry the leaf's bytes alone. A leaf's canonical JSON never holds a raw newline.
 */
const MARK = "\nmac ";
const LABEL = "sia-tlog-leaf/v1\n";

const macOf = (bytes: string, secret: string) => createHmac("sha256", secret).update(LABEL).update(bytes).digest("hex");

/** The item that sequences `bytes`. */
export function sealLeaf(bytes: string): string {
  const { currentKid, keys } = getConfig().secrets.hmac;
  return `${bytes}${MARK}${currentKid} ${macOf(bytes, keys[currentKid] as string)}`;
}

/** A stored item's leaf bytes, without checking its MAC (for leaves the signed tree already covers). */
export function leafOfItem(item: string): string {
  const at = item.lastIndexOf(MARK);
  return at < 0 ? item : item.slice(0, at);
}

/** A stored item's leaf bytes when its MAC verifies under a configured key, else why not. */
export function openLeafItem(item: string): { bytes: string } | { refused: string } {
  const at = item.lastIndexOf(MARK);
  if (at < 0) return { refused: "it carries no MAC: this service did not sequence it" };
  const bytes = item.slice(0, at);
  const [kid = "", mac = ""] = item.slice(at + MARK.length).split(" ");
  const secret = getConfig().secrets.hmac.keys[kid];
  if (secret === undefined) return { refused: `its MAC names the unknown key ${JSON.stringify(kid.slice(0, 40))}` };
  const expected = Buffer.from(macOf(bytes, secret), "hex");
  const given = Buffer.from(mac, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { refused: "its MAC does not verify: this service did not sequence it" };
  }
  return { bytes };
}
