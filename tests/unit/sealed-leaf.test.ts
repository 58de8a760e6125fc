import { describe, expect, it } from "vitest";
import { openLeafItem, sealLeaf } from "@/lib/tlog/sealed-leaf";
import { withKeys } from "../support/with-keys";

// The integrator takes a leaf only under this service's MAC. A process skips recomputing the MAC of
// an item it sealed itself, by the item's exact text: an edit, or a key no longer configured, must
// still be refused, on the first open as on later ones.
const OLD = { AUDIT_HMAC_SECRET: "o".repeat(64), AUDIT_HMAC_KID: "old-1" };
const NEW = { AUDIT_HMAC_SECRET: "n".repeat(64), AUDIT_HMAC_KID: "new-1" };

const leaf = (n: number) => JSON.stringify({ kind: "audit.entry", sessionId: "s", seq: n, entryHash: `sha256:${n}` });

describe("a sealed leaf item", () => {
  it("opens to its bytes, when sealed here and when its MAC is checked", () => {
    withKeys(OLD, () => {
      const item = sealLeaf(leaf(1));
      expect(openLeafItem(item)).toEqual({ bytes: leaf(1) });
      // Opened once already: this time the MAC itself is checked.
      expect(openLeafItem(item)).toEqual({ bytes: leaf(1) });
    });
  });

  it("is refused once edited, though this process sealed the original", () => {
    withKeys(OLD, () => {
      const item = sealLeaf(leaf(2));
      const edited = item.replace('"seq":2', '"seq":3');
      expect(edited).not.toBe(item);
      expect(openLeafItem(edited)).toEqual({ refused: expect.stringMatching(/MAC does not verify/) });
      expect(openLeafItem(`${leaf(4)}`)).toEqual({ refused: expect.stringMatching(/carries no MAC/) });
    });
  });

  it("is refused when its key is no longer configured, though this process sealed it", () => {
    const item = withKeys(OLD, () => sealLeaf(leaf(5)));
    withKeys(NEW, () => {
      expect(openLeafItem(item)).toEqual({ refused: expect.stringMatching(/MAC does not verify/) });
    });
    // A retired key still configured opens it.
    const retired = { ...NEW, AUDIT_HMAC_RETIRED_KEYS: JSON.stringify({ "old-1": OLD.AUDIT_HMAC_SECRET }) };
    const again = withKeys(OLD, () => sealLeaf(leaf(6)));
    withKeys(retired, () => expect(openLeafItem(again)).toEqual({ bytes: leaf(6) }));
  });
});
