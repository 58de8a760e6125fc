import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEEP_ALL, KEEP_NONE, verifyStoredEntries } from "@/lib/audit/stored-verification";
import { EmbeddedStore } from "@/lib/store/embedded";
import type { Store } from "@/lib/store/types";
import { appendEntries } from "../support/audit-seed";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

// A session longer than what a full verification reads at once is verified in steps: the verdict
// must be the whole read's, and no single read may hold more than a step. Small thresholds stand in
// for the real ones (10,000 entries whole, steps of 1,000).

let store: EmbeddedStore;
let restore: () => void;
beforeAll(() => {
  const dir = tempDir("sia-stepped-");
  restore = applyEnv({ DATA_DIR: dir });
  store = EmbeddedStore.open(dir);
});
afterAll(async () => {
  await store?.close();
  restore();
});

const SMALL = { wholeMax: 3, step: 4 };
const logKey = (sid: string) => `audit:${sid}:log`;

/** The store, remembering the most items one range read of an audit log returned. */
function widestRead(inner: Store): { store: Store; widest: () => number } {
  let widest = 0;
  const proxy = new Proxy(inner, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop !== "range") return typeof value === "function" ? value.bind(target) : value;
      return async (...args: Parameters<Store["range"]>) => {
        const got = await target.range(...args);
        if (args[0].startsWith("audit:")) widest = Math.max(widest, got.length);
        return got;
      };
    },
  });
  return { store: proxy, widest: () => widest };
}

describe("a full verification in steps", () => {
  it("gives the whole read's report, keeps only the asked entries and reads a step at a time", async () => {
    const sid = "stepped-intact-01";
    await appendEntries(store, sid, 11);
    const whole = await verifyStoredEntries(sid, 11, store);
    expect(whole.report).toMatchObject({ total: 11, verified: 11, tampered: 0, firstBadSeq: null });

    const counted = widestRead(store);
    const stepped = await verifyStoredEntries(sid, 11, counted.store, { ...SMALL, keep: { after: 5, limit: 3 } });
    expect(stepped.report).toEqual(whole.report);
    expect(stepped.first).toBe(6);
    expect(stepped.items.map((raw) => (JSON.parse(raw) as { seq: number }).seq)).toEqual([6, 7, 8]);
    expect(counted.widest()).toBe(SMALL.step);
    // An entry that was not kept is read again when asked for.
    expect(await stepped.itemAt(10)).toBe(whole.items[10]);
    expect(await stepped.itemAt(11)).toBeUndefined();

    const none = await verifyStoredEntries(sid, 11, store, { ...SMALL, keep: KEEP_NONE });
    expect(none.items).toEqual([]);
    expect(none.report).toEqual(whole.report);
  });

  it("finds an edited entry and a line that is not JSON where the whole read finds them", async () => {
    const sid = "stepped-edited-01";
    await appendEntries(store, sid, 10);
    const items = await store.range(logKey(sid), 0, -1);
    const edited = JSON.parse(items[6] as string) as { input: unknown };
    edited.input = { n: "edited" };
    const rewritten = [...items];
    rewritten[6] = JSON.stringify(edited);
    rewritten[8] = JSON.stringify("a JSON string, not an entry");
    rewritten[9] = "not json";
    await store.batch([{ type: "del", key: logKey(sid) }]);
    await store.batch([{ type: "append", key: logKey(sid), expectedLength: 0, values: rewritten, expiry: "persist" }]);

    const whole = await verifyStoredEntries(sid, 10, store, { keep: KEEP_ALL });
    const stepped = await verifyStoredEntries(sid, 10, store, { ...SMALL, keep: { after: 7, limit: 5 } });
    expect(stepped.report).toEqual(whole.report);
    expect(stepped.report.firstBadSeq).toBe(5);
    expect(stepped.report.problems.map((p) => p.seq)).toEqual([5, 6, 7, 8, 9]);
    // Entry 8, the first kept item, is not JSON.
    expect([...stepped.unparseable]).toEqual([0]);
    // Entry 7 is JSON (a string): handed out as stored, as the whole read hands it out.
    const wider = { after: 5, limit: 4 };
    const wholeWider = await verifyStoredEntries(sid, 10, store, { keep: wider });
    const steppedWider = await verifyStoredEntries(sid, 10, store, { ...SMALL, keep: wider });
    expect([...steppedWider.unparseable]).toEqual([...wholeWider.unparseable]);
    expect([...steppedWider.unparseable]).toEqual([2]);
  });

  it("ends where a log cut short during the read ends, as a whole read of the shorter log would", async () => {
    const sid = "stepped-cut-01";
    await appendEntries(store, sid, 9);
    const items = await store.range(logKey(sid), 0, -1);
    await store.batch([{ type: "del", key: logKey(sid) }]);
    await store.batch([
      { type: "append", key: logKey(sid), expectedLength: 0, values: items.slice(0, 7), expiry: "persist" },
    ]);
    const stepped = await verifyStoredEntries(sid, 8, store, SMALL);
    expect(stepped.report).toMatchObject({ total: 6, verified: 6, tampered: 0 });
  });
});
