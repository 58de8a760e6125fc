import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EmbeddedStore } from "@/lib/store/embedded";
import type { BatchWrite } from "@/lib/store/types";
import { tempDir } from "../support/temp-dir";

// Long values (192 characters or more) are left on disk and found again by where their JSON
// literal sits in the log line that wrote them. A write finds them in the line's text when the line
// is all ASCII; these values sit where a careless search would take the wrong bytes. Every read here
// comes from disk.

const open: EmbeddedStore[] = [];
const openStore = (dir: string) => {
  const store = EmbeddedStore.open(dir, { recentChars: 0 });
  open.push(store);
  return store;
};
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

const long = `${"I".repeat(170)}0123456789abcdefghijklmnopqrstuvwxyz`;
const values: Record<string, string> = {
  // The next value's text, inside a longer string before it.
  first: `prefix ${long} suffix`,
  plain: long,
  // After an escaped quote: the bytes `"<long>"` occur inside this string too.
  escaped: `say \\"${long}" twice`,
  again: long,
  quoted: `a "quoted" value, ${long}`,
  slashed: `C:\\path\\${long}`,
  // Keys that hold the value's text, just before it in the line.
  [`${long} as a key`]: long,
  [long]: `${long}!`,
};

async function expectValues(store: EmbeddedStore, expected: Record<string, string>) {
  for (const [key, value] of Object.entries(expected)) expect(await store.get(key)).toBe(value);
}

/** Writes `written` in one batch, then reads every value back, before a restart and after it. */
async function expectReadBack(written: Record<string, string>) {
  const dir = tempDir("sia-long-values-");
  const writes: BatchWrite[] = Object.entries(written).map(([key, value]) => ({ type: "set", key, value }));
  const store = openStore(dir);
  expect((await store.batch(writes)).ok).toBe(true);
  await expectValues(store, written);
  await store.close();
  await expectValues(openStore(dir), written);
}

describe("the embedded store's long values, read back from the log", () => {
  it("reads each value of an ASCII batch back as written, however its text recurs in the line", async () => {
    await expectReadBack(values);
  });

  it("reads the same values back when the line is not all ASCII", async () => {
    // First, so that every plain value after it sits at more bytes than characters into the line.
    await expectReadBack({ accents: `sociedad anónima ${long} ñandú 🚀`, ...values, astral: `${long} 𝔸🚀` });
  });

  it("reads back every kind of write of one batch, beside a volatile key's delete that the log leaves out", async () => {
    const dir = tempDir("sia-long-values-");
    const store = openStore(dir);
    expect(await store.set("lock", values.plain as string, { nx: true, volatile: true, ttlMs: 60_000 })).toBe(true);
    const [a, b, c, d] = Object.values(values) as [string, string, string, string];
    const batch: BatchWrite[] = [
      { type: "set", key: "timed", value: a, ttlMs: 600_000 },
      { type: "record", write: { collection: "things", id: "t1", value: b, indexes: { kind: c }, mode: "create" } },
      { type: "del", key: "lock", expect: [values.plain as string] },
      { type: "push", key: "pushed", values: [c, "short", d] },
      { type: "append", key: "appended", expectedLength: 0, values: [d, a], expiry: 600_000 },
      { type: "set", key: "plain", value: `é${b}` },
    ];
    expect((await store.batch(batch)).ok).toBe(true);
    const check = async (s: EmbeddedStore) => {
      expect(await s.get("timed")).toBe(a);
      expect((await s.getRecord("things", "t1"))?.value).toBe(b);
      expect(await s.get("lock")).toBeNull();
      expect(await s.range("pushed")).toEqual([c, "short", d]);
      expect(await s.range("appended")).toEqual([d, a]);
      expect(await s.get("plain")).toBe(`é${b}`);
    };
    await check(store);
    // Each long value is read from the log, not kept in memory: with the log's bytes blanked, none reads.
    const file = path.join(dir, "store.log");
    const log = fs.readFileSync(file);
    fs.writeFileSync(file, Buffer.alloc(log.length, 0x20));
    for (const key of ["timed", "plain"]) await expect(store.get(key)).rejects.toThrow();
    await expect(store.getRecord("things", "t1")).rejects.toThrow();
    await expect(store.range("appended")).rejects.toThrow();
    fs.writeFileSync(file, log);
    await check(store);
    await store.close();
    await check(openStore(dir));
  });

  it("reads list items and single writes back the same way", async () => {
    const dir = tempDir("sia-long-values-");
    const store = openStore(dir);
    await store.set("one", values.escaped as string);
    for (const [i, value] of Object.values(values).entries()) await store.append("list", i, value);
    expect(await store.get("one")).toBe(values.escaped);
    expect(await store.range("list")).toEqual(Object.values(values));
  });
});
