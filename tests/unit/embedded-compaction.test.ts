import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type CompactionStep, EmbeddedStore, type EmbeddedStoreOptions } from "@/lib/store/embedded";
import { logRecords } from "@/lib/store/log-blocks";
import { compactNow } from "../support/compact-store";
import { tempDir } from "../support/temp-dir";

// How the embedded store reads a log of any size and compacts it while it serves, and what a crash
// at each step of a compaction leaves: every acknowledged write, always.
const open: EmbeddedStore[] = [];
const dirs: string[] = [];
const tmp = () => {
  const dir = tempDir("sia-compaction-");
  dirs.push(dir);
  return dir;
};
/** Keeps no recent values in memory: every long value is read back from where the log holds it. */
function openStore(dir: string, options: EmbeddedStoreOptions = {}) {
  const store = EmbeddedStore.open(dir, { recentChars: 0, ...options });
  open.push(store);
  return store;
}
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const logFile = (dir: string) => path.join(dir, "store.log");

/** What a SIGKILL leaves on disk at this moment: the directory's files as they are (the lock left out). */
function crashImage(dir: string): string {
  const copy = tmp();
  for (const name of fs.readdirSync(dir)) {
    if (name !== "store.lock") fs.copyFileSync(path.join(dir, name), path.join(copy, name));
  }
  return copy;
}

/** A hook that holds a compaction at `step` until `release()`, and says when it got there. */
function holdAt(step: CompactionStep) {
  let arrived: () => void = () => undefined;
  let release: () => void = () => undefined;
  const reached = new Promise<void>((r) => {
    arrived = r;
  });
  const released = new Promise<void>((r) => {
    release = r;
  });
  const onCompactionStep = (at: CompactionStep) => {
    if (at !== step) return Promise.resolve();
    arrived();
    return released;
  };
  return { onCompactionStep, reached, release };
}

/**
 * Writes enough to pass a small compaction threshold: overwritten counters and a growing list. Returns
 * how many times the log was found smaller than before a write: compactions that completed.
 */
async function churn(store: EmbeddedStore, from: number, count: number): Promise<number> {
  let shrank = 0;
  for (let i = from; i < from + count; i++) {
    const before = store.sizeOnDisk();
    await store.set("counter", String(i));
    expect(await store.append("list", i, `item ${i} ${"x".repeat(140)}`)).toEqual({ ok: true, length: i + 1 });
    if (store.sizeOnDisk() < before) shrank++;
  }
  return shrank;
}

async function expectChurned(store: EmbeddedStore, count: number) {
  expect(await store.get("counter")).toBe(String(count - 1));
  // Every item, read back from where the compactions left it.
  expect(await store.range("list")).toEqual(Array.from({ length: count }, (_, i) => `item ${i} ${"x".repeat(140)}`));
}

describe("embedded store at any size", () => {
  it("replays a log read in chunks, with lines across chunk edges and one longer than a chunk", async () => {
    const dir = tmp();
    const a = openStore(dir);
    const big = "b".repeat(9 * 1024 * 1024); // more than one 8 MiB chunk
    for (let i = 0; i < 3; i++) await a.set(`big:${i}`, `${i}${big}`);
    for (let i = 0; i < 300; i++) await a.append("small", i, `s${i}`);
    await a.set("after", "yes");
    await a.close();
    open.splice(0);
    const b = openStore(dir);
    for (let i = 0; i < 3; i++) expect((await b.get(`big:${i}`))?.length).toBe(big.length + 1);
    expect(await b.length("small")).toBe(300);
    expect(await b.get("after")).toBe("yes");
    // 27 MiB written and read back: on a loaded machine this takes far longer than a unit test's default.
  }, 120_000);

  it("replays compacted blocks across chunk edges, one of them longer than a chunk", async () => {
    const dir = tmp();
    const a = openStore(dir);
    // Random text barely compresses: these blocks stay megabytes long and straddle the 8 MiB reads.
    const noise = (n: number) => randomBytes(n).toString("base64");
    const values = [noise(3 * 1024 * 1024), noise(10 * 1024 * 1024), noise(2 * 1024 * 1024)];
    for (const [i, v] of values.entries()) await a.set(`big:${i}`, v);
    for (let i = 0; i < 300; i++) await a.append("small", i, `s${i} ${noise(60)}`);
    const small = await a.range("small");
    compactNow(a);
    await a.close();
    open.splice(0);
    expect(fs.statSync(logFile(dir)).size).toBeGreaterThan(12 * 1024 * 1024);
    const b = openStore(dir);
    for (const [i, v] of values.entries()) expect(await b.get(`big:${i}`)).toBe(v);
    expect(await b.range("small")).toEqual(small);
  }, 120_000);

  it("compacts while serving once the log has doubled, keeping writes made during the compaction", async () => {
    const dir = tmp();
    const hold = holdAt("switch");
    const a = openStore(dir, { compactMinBytes: 16 * 1024, onCompactionStep: hold.onCompactionStep });
    const writes = churn(a, 0, 400);
    await hold.reached;
    await writes;
    const before = a.sizeOnDisk();
    await a.set("during", "kept"); // acknowledged while the compaction is held
    hold.release();
    await expect.poll(() => a.sizeOnDisk() < before).toBe(true);
    await a.set("after", "kept");
    await expectChurned(a, 400);
    expect(fs.existsSync(`${logFile(dir)}.compact`)).toBe(false);
    expect(fs.statSync(logFile(dir)).size).toBe(a.sizeOnDisk());
    await a.close();
    open.splice(0);
    const b = openStore(dir);
    await expectChurned(b, 400);
    expect(await b.get("during")).toBe("kept");
    expect(await b.get("after")).toBe("kept");
  });

  for (const step of ["snapshot", "switch"] as const) {
    it(`keeps every acknowledged write when killed during a compaction held at "${step}"`, async () => {
      const dir = tmp();
      const hold = holdAt(step);
      const a = openStore(dir, { compactMinBytes: 16 * 1024, onCompactionStep: hold.onCompactionStep });
      const writes = churn(a, 0, 400);
      await hold.reached;
      await writes;
      await churn(a, 400, 50); // acknowledged after the snapshot was taken
      const image = crashImage(dir);
      expect(fs.existsSync(path.join(image, "store.log.compact"))).toBe(true);
      // A copy cut in the middle, as a crash while it was written leaves it.
      const partial = crashImage(dir);
      const compactCopy = path.join(partial, "store.log.compact");
      fs.truncateSync(compactCopy, Math.floor(fs.statSync(compactCopy).size / 2));
      for (const crashed of [image, partial]) {
        const b = openStore(crashed);
        await expectChurned(b, 450);
        expect(fs.existsSync(path.join(crashed, "store.log.compact"))).toBe(false);
      }
      hold.release();
    });
  }

  it("keeps every acknowledged write when killed right after a compaction swapped the files", async () => {
    const dir = tmp();
    const a = openStore(dir, { compactMinBytes: 16 * 1024 });
    expect(await churn(a, 0, 800)).toBeGreaterThan(0); // compacted on the way
    const b = openStore(crashImage(dir));
    await expectChurned(b, 800);
  });

  it("reads the same values whether it still holds them in memory or reads them back from disk", async () => {
    const dir = tmp();
    const long = (i: number) => `value ${i} ${"é".repeat(140)} "quoted" \\ ${i}`;
    // Room for about two recent values: the older ones are read back from the log.
    const a = openStore(dir, { recentChars: 200, compactMinBytes: 8 * 1024 });
    for (let i = 0; i < 100; i++) {
      await a.append("l", i, long(i));
      await a.set(`s${i % 7}`, long(i));
    }
    const expected = Array.from({ length: 100 }, (_, i) => long(i));
    expect(await a.range("l")).toEqual(expected);
    expect(await a.range("l", 98)).toEqual(expected.slice(98));
    expect(await a.get("s0")).toBe(long(98));
    await a.close();
    open.splice(0);
    const b = openStore(dir, { recentChars: 200 });
    expect(await b.range("l")).toEqual(expected);
    expect(await b.get("s6")).toBe(long(97));
  });

  it("opens a compacted list without inflating or parsing its items, and reads each back whole", async () => {
    const dir = tmp();
    const long = (i: number) => `{"n":${i},"text":"${'ñ\\"'.repeat(50)}"} ${"z".repeat(i % 3)}`;
    const a = openStore(dir, { compactMinBytes: 8 * 1024 });
    for (let i = 0; i < 1500; i++) expect((await a.append("l", i, long(i))).ok).toBe(true);
    await a.close();
    open.splice(0);
    const records = [...logRecords(fs.readFileSync(logFile(dir)))];
    expect(records.filter((r) => r.kind === "L").length).toBeGreaterThan(1);
    const parse = vi.spyOn(JSON, "parse");
    const b = openStore(dir);
    const parsedAtOpen = parse.mock.calls.reduce((sum, [text]) => sum + String(text).length, 0);
    parse.mockRestore();
    // The blocks' headers (the list's key, its items' sizes) and the lines after them: no item.
    const items = Array.from({ length: 1500 }, (_, i) => long(i));
    expect(parsedAtOpen).toBeLessThan(
      records.filter((r) => r.kind === "line").reduce((n, r) => n + r.bytes, 0) + 12 * 1500,
    );
    expect(await b.range("l")).toEqual(items);
    expect(await b.range("l", 700, 702)).toEqual(items.slice(700, 703));
  });

  it("compacts into deflated blocks several times smaller than its lines, and reads every value back", async () => {
    const dir = tmp();
    // Entries as the audit log writes them: the same members, hashes that differ.
    const entry = (i: number) =>
      JSON.stringify({
        seq: i,
        sessionId: "6f1c2d0e-8a41-4c55-9d1e-2b7f0a9c3e11",
        prevHash: `sha256:${createHash("sha256").update(`p${i}`).digest("hex")}`,
        event: { kind: "tool-call", action: "validar_cuit", input: { cuit: `20-${10_000_000 + i}-0` }, outcome: "ok" },
        hmac: `sha256:${createHash("sha256").update(`m${i}`).digest("hex")}`,
      });
    const a = openStore(dir, { compactMinBytes: 1024 * 1024 });
    for (let i = 0; i < 2000; i++) {
      await a.append("audit", i, entry(i));
      if (i % 100 === 0) await a.set(`summary:${i}`, `${entry(i)} summary`, i % 200 === 0 ? { ttlMs: 3_600_000 } : {});
    }
    await a.putRecord({
      collection: "c",
      id: "r1",
      value: entry(-1),
      indexes: { s: "x" },
      unique: { u: "1" },
      mode: "create",
    });
    const asLines = a.sizeOnDisk();
    await a.close();
    open.splice(0);
    // Opened again, then compacted whatever it holds (a log of appends only is all live).
    const b = openStore(dir);
    compactNow(b);
    expect(b.sizeOnDisk()).toBeLessThan(asLines / 3);
    const expectAll = async (s: EmbeddedStore) => {
      expect(await s.range("audit")).toEqual(Array.from({ length: 2000 }, (_, i) => entry(i)));
      for (let i = 0; i < 2000; i += 100) expect(await s.get(`summary:${i}`)).toBe(`${entry(i)} summary`);
      expect((await s.getRecord("c", "r1"))?.value).toBe(entry(-1));
      expect((await s.listRecords({ collection: "c", where: { s: "x" }, limit: 5 })).records).toHaveLength(1);
    };
    await expectAll(b); // read back from the blocks the compaction just wrote
    await b.close();
    open.splice(0);
    const c = openStore(dir);
    await expectAll(c);
    expect(
      await c.putRecord({ collection: "c", id: "r2", value: "", indexes: {}, unique: { u: "1" }, mode: "create" }),
    ).toEqual({
      ok: false,
      reason: "unique",
      field: "u",
    });
    // Compacted again, blocks into blocks, while values are read from the old file's blocks.
    compactNow(c);
    await expectAll(c);
  });

  it("copies a list's full runs as they are when it compacts again, and packs only what is new", async () => {
    const dir = tmp();
    const item = (i: number) => `{"seq":${i},"hash":"${createHash("sha256").update(String(i)).digest("hex")}"}`;
    const a = openStore(dir);
    for (let i = 0; i < 3000; i++) await a.append("list", i, item(i));
    compactNow(a);
    const runs = (bytes: Buffer) =>
      [...logRecords(bytes)]
        .filter((r) => r.kind === "L")
        .map((r) => bytes.subarray(r.at, r.at + r.bytes).toString("latin1"));
    const first = runs(fs.readFileSync(logFile(dir)));
    expect(first.length).toBeGreaterThan(3);
    await a.close();
    open.splice(0);
    const b = openStore(dir);
    for (let i = 3000; i < 3100; i++) await b.append("list", i, item(i));
    compactNow(b);
    const second = runs(fs.readFileSync(logFile(dir)));
    // Every run but the last (a short one, packed again with the new items) is copied byte for byte,
    // without being inflated: only that last run may have been.
    expect(second.slice(0, first.length - 1)).toEqual(first.slice(0, -1));
    expect((b as unknown as { inflatedBlocks: Map<unknown, Buffer> }).inflatedBlocks.size).toBeLessThanOrEqual(1);
    const expected = Array.from({ length: 3100 }, (_, i) => item(i));
    expect(await b.range("list")).toEqual(expected);
    await b.close();
    open.splice(0);
    expect(await openStore(dir).range("list")).toEqual(expected);
  });

  it("serves values from the old file's blocks while a compaction writes new ones", async () => {
    const dir = tmp();
    const hold = holdAt("switch");
    const a = openStore(dir, { compactMinBytes: 16 * 1024, onCompactionStep: hold.onCompactionStep });
    await churn(a, 0, 300);
    compactNow(a); // the log is now blocks
    const writes = churn(a, 300, 300); // past twice the compacted size: a compaction in the background
    await hold.reached;
    await writes;
    await expectChurned(a, 600);
    hold.release();
    await expect.poll(() => fs.existsSync(`${logFile(dir)}.compact`)).toBe(false);
    await expectChurned(a, 600);
    await a.close();
    open.splice(0);
    await expectChurned(openStore(dir), 600);
  });

  it("refuses to start on a block that is corrupt or cut short, wherever it lies", async () => {
    const dir = tmp();
    const a = openStore(dir);
    await churn(a, 0, 300);
    compactNow(a);
    await a.set("after", "the blocks");
    await a.close();
    open.splice(0);
    const bytes = fs.readFileSync(logFile(dir));
    const block = [...logRecords(bytes)].find((r) => r.kind === "L");
    if (!block) throw new Error("no block in the compacted log");
    const flipped = Buffer.from(bytes);
    flipped[block.at + block.bytes - 10] = (flipped[block.at + block.bytes - 10] as number) ^ 0x01;
    const cut = bytes.subarray(0, block.at + Math.floor(block.bytes / 2));
    for (const damaged of [flipped, cut]) {
      const copy = tmp();
      fs.writeFileSync(logFile(copy), damaged);
      expect(() => EmbeddedStore.open(copy)).toThrow(/corrupt at byte \d+.*Restore the file/s);
      expect(fs.statSync(logFile(copy)).size).toBe(damaged.length); // nothing cut off
    }
  });

  it("still opens a log compacted into lines by earlier versions", async () => {
    const dir = tmp();
    const items = Array.from({ length: 5 }, (_, i) => `item ${i} ${"x".repeat(140)}`);
    const line = (op: unknown) => {
      const json = Buffer.from(JSON.stringify(op));
      return Buffer.concat([Buffer.from(`${crc32(json).toString(16).padStart(8, "0")} `), json, Buffer.from("\n")]);
    };
    fs.writeFileSync(
      logFile(dir),
      Buffer.concat([line({ o: "A", k: "list", vs: items }), line({ o: "s", k: "counter", v: "4" })]),
    );
    await expectChurned(openStore(dir), 5);
  });

  it("keeps serving on the log as it was when a compaction fails, and tries again only once it doubled", async () => {
    const dir = tmp();
    let attempts = 0;
    const a = openStore(dir, {
      compactMinBytes: 8 * 1024,
      onCompactionStep: async () => {
        attempts++;
        throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      },
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await churn(a, 0, 400)).toBe(0); // never compacted
    // The last attempt may still be deflating its blocks: it fails at its first step, and cleans up.
    await expect.poll(() => fs.existsSync(`${logFile(dir)}.compact`)).toBe(false);
    warn.mockRestore();
    // About 80 KB written: attempts at 8, 16, 32 and 64 KB, not one per write.
    expect(attempts).toBeGreaterThan(0);
    expect(attempts).toBeLessThan(6);
    await expectChurned(a, 400);
    await a.close();
    open.splice(0);
    await expectChurned(openStore(dir), 400);
  });

  it("does not bring back deleted, expired or volatile keys, and keeps record order and positions", async () => {
    const dir = tmp();
    let now = 1_000_000;
    const a = openStore(dir, { compactMinBytes: 8 * 1024, now: () => now });
    await a.set("gone", "x");
    await a.del("gone");
    await a.set("expiring", "x", { ttlMs: 1000 });
    await a.set("claim", "mine", { volatile: true });
    for (const id of ["r1", "r2", "r3"]) {
      await a.putRecord({ collection: "c", id, value: id, indexes: {}, unique: { u: id }, mode: "create" });
    }
    await a.deleteRecord("c", "r3");
    now += 2000;
    expect(await churn(a, 0, 300)).toBeGreaterThan(0);
    await a.close();
    open.splice(0);
    const b = openStore(dir, { now: () => now });
    expect(await b.get("gone")).toBeNull();
    expect(await b.get("expiring")).toBeNull();
    expect(await b.get("claim")).toBeNull();
    const page = await b.listRecords({ collection: "c", limit: 10 });
    expect(page.records.map((r) => r.id)).toEqual(["r1", "r2"]);
    expect(await b.putRecord({ collection: "c", id: "r4", value: "", indexes: {}, mode: "create" })).toEqual({
      ok: true,
      version: 1,
    });
    // r4 comes after r3's old position: a page cursor handed out before keeps its meaning.
    expect((await b.listRecords({ collection: "c", after: 3, limit: 10 })).records.map((r) => r.id)).toEqual(["r4"]);
    expect(
      await b.putRecord({ collection: "c", id: "r5", value: "", indexes: {}, unique: { u: "r1" }, mode: "create" }),
    ).toEqual({ ok: false, reason: "unique", field: "u" });
  });
});
