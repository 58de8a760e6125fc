import { describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/types";
import { rememberSignedHead, rollbackFrom } from "@/lib/tlog/rollback-guard";

const root = (byte: number) => new Uint8Array(32).fill(byte);
const head = (size: number, byte: number) => ({ size, root: root(byte), note: `note ${size}` });
const aStore = () => ({}) as Store;

describe("the transparency log's rollback guard", () => {
  it("lets a process integrate from any checkpoint until it has seen one signed", () => {
    expect(rollbackFrom(aStore(), null)).toBeNull();
    expect(rollbackFrom(aStore(), head(3, 1))).toBeNull();
  });

  it("refuses a stored checkpoint that is missing, smaller, or of the same size with another root", () => {
    const store = aStore();
    rememberSignedHead(store, head(5, 1));
    expect(rollbackFrom(store, null)).toMatch(/no checkpoint, but this process has seen the log signed at size 5/);
    expect(rollbackFrom(store, head(4, 1))).toMatch(/size 4\) is behind one this process has seen signed \(size 5\)/);
    expect(rollbackFrom(store, head(5, 2))).toMatch(/another root for size 5/);
    expect(rollbackFrom(store, head(5, 1))).toBeNull();
    expect(rollbackFrom(store, head(9, 7))).toBeNull(); // a larger tree, signed by another process
  });

  it("keeps the largest head seen, per store", () => {
    const store = aStore();
    rememberSignedHead(store, head(8, 1));
    rememberSignedHead(store, head(6, 2)); // an older head opened later does not lower the bar
    expect(rollbackFrom(store, head(7, 1))).toMatch(/size 7\) is behind .* \(size 8\)/);
    expect(rollbackFrom(aStore(), head(1, 1))).toBeNull(); // another store has its own history
  });
});
