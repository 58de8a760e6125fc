import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import { Redis } from "@upstash/redis";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddedStore } from "@/lib/store/embedded";
import {
  type BatchFailure,
  type BatchWrite,
  type RecordWrite,
  type Store,
  StoreUnavailableError,
} from "@/lib/store/types";
import { UpstashStore } from "@/lib/store/upstash";
import { connectionCounter } from "../support/connection-counter";
import { getSharedRedisUrl, type RedisServer, startRedisServer } from "../support/redis-server";
import { tempDir } from "../support/temp-dir";
import { startUpstashBridge, type UpstashBridge } from "../support/upstash-bridge";

// One contract, every backend: each factory opens a fresh store, says how to release it, and how to
// let time pass for it. Expiry is tested by moving time, not by sleeping past a deadline: a sleep
// that must end before one deadline and after another fails on a busy machine.
interface Backend {
  name: string;
  open(): Promise<{ store: Store; close(): Promise<void>; passTime(ms: number): Promise<void> }>;
}

// Redis's clock cannot be moved: bringing every deadline under the store's prefix ms closer does
// for its keys what ms of waiting would (a deadline reached deletes the key, as expiry does).
const BRING_DEADLINES_CLOSER = `
local moved = 0
for _, key in ipairs(redis.call('KEYS', ARGV[1])) do
  local left = redis.call('PTTL', key)
  if left > 0 then
    if left <= tonumber(ARGV[2]) then redis.call('DEL', key) else redis.call('PEXPIRE', key, left - ARGV[2]) end
    moved = moved + 1
  end
end
return moved`;

const backends: Backend[] = [
  {
    name: "embedded",
    async open() {
      const dir = tempDir("sia-contract-");
      let now = Date.now();
      const store = EmbeddedStore.open(dir, { now: () => now });
      return {
        store,
        async passTime(ms) {
          now += ms;
        },
        async close() {
          await store.close();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: "upstash",
    async open() {
      const token = randomBytes(24).toString("hex");
      const redisUrl = await getSharedRedisUrl();
      const bridge = await startUpstashBridge({ redisUrl, token });
      // Own key prefix: the shared Redis may serve other test files at the same time.
      const prefix = `contract-${randomUUID()}:`;
      const store = new UpstashStore({ url: bridge.url, token, prefix });
      const redis = createClient({ url: redisUrl, RESP: 2 });
      await redis.connect();
      return {
        store,
        async passTime(ms) {
          await redis.eval(BRING_DEADLINES_CLOSER, { keys: [], arguments: [`${prefix}*`, String(ms)] });
        },
        async close() {
          await redis.quit();
          await bridge.close();
        },
      };
    },
  },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let counter = 0;
/** A fresh key or collection name per test, so tests never see each other's data. */
const fresh = (label: string) => `${label}-${++counter}-${randomUUID().slice(0, 8)}`;

// Strings that break naive serialisers: JSON look-alikes must not be parsed, NUL and emoji must survive.
const TRICKY_VALUES = [
  "",
  "123",
  "0012",
  "1e3",
  "-0",
  "null",
  "true",
  "false",
  "OK",
  '"quoted"',
  '{"a":1,"b":[true,null]}',
  "[1,2]",
  "a\u0000b\u0000",
  "emoji 🦄👩🏽‍💻 🇦🇷",
  "ñandú, acción, Ω≈ç√, 日本語, עברית, العربية",
  "e\u0301 (combining)",
  'tab\tnewline\nreturn\r\nbackslash\\ quote"',
  "  leading and trailing spaces  ",
  "dGhpcyBsb29rcyBsaWtlIGJhc2U2NA==",
  "\u2028\u2029\uFEFF",
];

function largeValue(): string {
  // About 1 MiB of multi-byte characters, JSON-ish text and NULs.
  const chunk = `{"k":"ñ😀\u0000\\"x"}|${"abc".repeat(10)}|`;
  return chunk.repeat(Math.ceil(1_048_576 / chunk.length));
}

/** A writer that loses a race re-reads the length (from the refusal) and retries, as audit appends do. */
async function appendWithRetry(store: Store, key: string, value: string): Promise<number> {
  let expected = await store.length(key);
  for (let attempt = 0; attempt < 100_000; attempt++) {
    const result = await store.append(key, expected, value);
    if (result.ok) return result.length;
    expected = result.length;
  }
  throw new Error("append never succeeded");
}

describe.each(backends.map((b) => [b.name, b] as const))("store contract: %s backend", (_name, backend) => {
  let store: Store;
  let release: () => Promise<void>;
  let passTime: (ms: number) => Promise<void>;

  beforeAll(async () => {
    const opened = await backend.open();
    store = opened.store;
    release = opened.close;
    passTime = opened.passTime;
  });
  afterAll(async () => {
    await release?.();
  });

  it("names its backend and answers ping", async () => {
    expect(store.backend).toBe(backend.name);
    await expect(store.ping()).resolves.toBeUndefined();
  });

  describe("append-only lists", () => {
    it("appends when the expected length matches and returns the new length", async () => {
      const key = fresh("list");
      expect(await store.append(key, 0, "a")).toEqual({ ok: true, length: 1 });
      expect(await store.append(key, 1, "b")).toEqual({ ok: true, length: 2 });
      expect(await store.range(key)).toEqual(["a", "b"]);
      expect(await store.length(key)).toBe(2);
    });

    it("refuses an append at a stale length, reports the current length and writes nothing", async () => {
      const key = fresh("list");
      await store.append(key, 0, "a");
      await store.append(key, 1, "b");
      expect(await store.append(key, 0, "x")).toEqual({ ok: false, length: 2 });
      expect(await store.append(key, 1, "x")).toEqual({ ok: false, length: 2 });
      expect(await store.append(key, 3, "x")).toEqual({ ok: false, length: 2 });
      expect(await store.range(key)).toEqual(["a", "b"]);
    });

    it("treats a missing list as empty", async () => {
      const key = fresh("list");
      expect(await store.length(key)).toBe(0);
      expect(await store.range(key)).toEqual([]);
      expect(await store.range(key, -3, -1)).toEqual([]);
      expect(await store.append(key, 1, "x")).toEqual({ ok: false, length: 0 });
      expect(await store.length(key)).toBe(0);
    });

    it("50 concurrent appenders that retry on conflict lose, duplicate and reorder nothing", async () => {
      const key = fresh("race");
      // Every writer retries until it wins, so the attempts grow with the square of the writers: 200
      // took 20,000 round trips on the Upstash backend and ran out of time on a busy machine; 50
      // still make each append lose races many times over.
      const writers = 50;
      const acked = await Promise.all(
        Array.from({ length: writers }, async (_, w) => ({ w, length: await appendWithRetry(store, key, `w${w}`) })),
      );
      const list = await store.range(key);
      expect(list).toHaveLength(writers);
      expect([...list].sort()).toEqual(Array.from({ length: writers }, (_, w) => `w${w}`).sort());
      // The length an append returned is exactly where its entry sits, so each length is handed out once.
      for (const { w, length } of acked) expect(list[length - 1]).toBe(`w${w}`);
      expect(acked.map((a) => a.length).sort((a, b) => a - b)).toEqual(
        Array.from({ length: writers }, (_, i) => i + 1),
      );
    });

    it("racing writers' own successive appends keep the order each writer made them in", async () => {
      const key = fresh("race");
      // Attempts grow with the square of the writers (see above); 10 keep every writer losing races.
      const writers = 10;
      const perWriter = 5;
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          for (let i = 0; i < perWriter; i++) await appendWithRetry(store, key, `w${w}-${i}`);
        }),
      );
      const list = await store.range(key);
      expect(list).toHaveLength(writers * perWriter);
      for (let w = 0; w < writers; w++) {
        const own = list.filter((v) => v.startsWith(`w${w}-`));
        expect(own).toEqual(Array.from({ length: perWriter }, (_, i) => `w${w}-${i}`));
      }
    });

    it("range takes inclusive bounds and negative indexes counted from the end, like LRANGE", async () => {
      const key = fresh("range");
      for (const [i, v] of ["a", "b", "c", "d", "e"].entries()) await store.append(key, i, v);
      const cases: [number | undefined, number | undefined, string[]][] = [
        [undefined, undefined, ["a", "b", "c", "d", "e"]],
        [0, -1, ["a", "b", "c", "d", "e"]],
        [1, 3, ["b", "c", "d"]],
        [2, undefined, ["c", "d", "e"]],
        [-2, undefined, ["d", "e"]],
        [-2, -1, ["d", "e"]],
        [0, -2, ["a", "b", "c", "d"]],
        [-3, -3, ["c"]],
        [-100, 100, ["a", "b", "c", "d", "e"]],
        [0, 0, ["a"]],
        [4, 4, ["e"]],
        [3, 1, []],
        [5, 10, []],
        [-1, -2, []],
        [0, -6, []],
      ];
      for (const [start, stop, want] of cases) {
        expect({ start, stop, got: await store.range(key, start, stop) }).toEqual({ start, stop, got: want });
      }
    });
  });

  describe("several reads at once (readMany)", () => {
    it("answers gets, lengths, ranges and paths in order, a key of another type or none as missing", async () => {
      const [list, str, a, b, c] = [fresh("rm-list"), fresh("rm-str"), fresh("rm-a"), fresh("rm-b"), fresh("rm-c")];
      await store.batch([{ type: "append", key: list, expectedLength: 0, values: ["x", "y", "z"] }]);
      await store.set(str, "é ✓ value");
      await store.set(a, "1");
      await store.set(b, "2");
      await store.set(c, "3");
      expect(
        await store.readMany([
          { type: "get", key: str },
          { type: "get", key: fresh("none") },
          { type: "get", key: list },
          { type: "length", key: list },
          { type: "length", key: str },
          { type: "range", key: list, start: -2, stop: -1 },
          { type: "range", key: str, start: 0, stop: -1 },
          { type: "path", keys: [a, b, fresh("gap"), c] },
          { type: "path", keys: [] },
        ]),
      ).toEqual(["é ✓ value", null, null, 3, 0, ["y", "z"], [], ["1", "2"], []]);
      expect(await store.readMany([])).toEqual([]);
    });
  });

  describe("sliding expiry of appended lists", () => {
    it("a numeric expiry applies to a new list, which then expires", async () => {
      const key = fresh("exp");
      expect(await store.append(key, 0, "a", { expiry: 60_000 })).toEqual({ ok: true, length: 1 });
      await passTime(59_000);
      expect(await store.length(key)).toBe(1);
      await passTime(2_000);
      expect(await store.length(key)).toBe(0);
      expect(await store.range(key)).toEqual([]);
      // An expired list is gone: it starts again from length 0.
      expect(await store.append(key, 0, "b")).toEqual({ ok: true, length: 1 });
    });

    it("each append with a numeric expiry pushes an expiring list's end further", async () => {
      const key = fresh("slide");
      await store.append(key, 0, "a", { expiry: 60_000 });
      await passTime(40_000);
      await store.append(key, 1, "b", { expiry: 60_000 });
      await passTime(40_000); // past the first deadline, before the slid one
      expect(await store.range(key)).toEqual(["a", "b"]);
      await passTime(21_000);
      expect(await store.length(key)).toBe(0);
    });

    it("a numeric expiry never shortens a list made permanent with persist", async () => {
      const key = fresh("persist");
      await store.append(key, 0, "a", { expiry: 60_000 });
      await store.append(key, 1, "b", { expiry: "persist" });
      await store.append(key, 2, "c", { expiry: 60_000 });
      await passTime(120_000);
      expect(await store.range(key)).toEqual(["a", "b", "c"]);
    });

    it("a numeric expiry does not apply to a list created without one", async () => {
      const key = fresh("plain");
      await store.append(key, 0, "a");
      await store.append(key, 1, "b", { expiry: 60_000 });
      await passTime(120_000);
      expect(await store.range(key)).toEqual(["a", "b"]);
    });

    it("appends in a batch take an expiry as single appends do", async () => {
      const [fresh1, permanent, persisted] = [fresh("b-exp"), fresh("b-exp"), fresh("b-exp")];
      await store.append(permanent, 0, "a");
      await store.append(persisted, 0, "a", { expiry: 60_000 });
      const result = await store.batch([
        { type: "append", key: fresh1, expectedLength: 0, values: ["a", "b"], expiry: 60_000 },
        { type: "append", key: permanent, expectedLength: 1, values: ["b"], expiry: 60_000 },
        { type: "append", key: persisted, expectedLength: 1, values: ["b"], expiry: "persist" },
      ]);
      expect(result).toEqual({ ok: true, pushedAt: [] });
      await passTime(59_000);
      expect(await store.range(fresh1)).toEqual(["a", "b"]);
      await passTime(2_000);
      expect(await store.length(fresh1)).toBe(0);
      expect(await store.range(permanent)).toEqual(["a", "b"]);
      expect(await store.range(persisted)).toEqual(["a", "b"]);
    });

    it("expire() on a list sets or removes its expiry for later appends too", async () => {
      const key = fresh("exp-list");
      await store.append(key, 0, "a");
      await store.expire(key, 300_000);
      await store.append(key, 1, "b", { expiry: 60_000 }); // already expiring: slides to 60 s
      await passTime(61_000);
      expect(await store.length(key)).toBe(0);

      const kept = fresh("exp-list");
      await store.append(kept, 0, "a", { expiry: 60_000 });
      await store.expire(kept, "persist");
      await store.append(kept, 1, "b", { expiry: 60_000 });
      await passTime(120_000);
      expect(await store.range(kept)).toEqual(["a", "b"]);
    });
  });

  describe("keys, expiry and counters", () => {
    it("get returns null for a missing key and set then get round-trips", async () => {
      const key = fresh("kv");
      expect(await store.get(key)).toBeNull();
      expect(await store.set(key, "v1")).toBe(true);
      expect(await store.get(key)).toBe("v1");
      expect(await store.set(key, "v2")).toBe(true);
      expect(await store.get(key)).toBe("v2");
    });

    it("set with nx writes only when the key is missing", async () => {
      const key = fresh("nx");
      expect(await store.set(key, "first", { nx: true })).toBe(true);
      expect(await store.set(key, "second", { nx: true })).toBe(false);
      expect(await store.get(key)).toBe("first");
    });

    it("set with ttlMs expires the key, after which nx can claim it again", async () => {
      const key = fresh("ttl");
      expect(await store.set(key, "short", { nx: true, ttlMs: 60_000 })).toBe(true);
      await passTime(59_000);
      expect(await store.get(key)).toBe("short");
      expect(await store.set(key, "blocked", { nx: true, ttlMs: 60_000 })).toBe(false);
      await passTime(2_000);
      expect(await store.get(key)).toBeNull();
      expect(await store.set(key, "again", { nx: true })).toBe(true);
      expect(await store.get(key)).toBe("again");
    });

    it("a plain set replaces both the value and an earlier expiry", async () => {
      const key = fresh("reset");
      await store.set(key, "temp", { ttlMs: 60_000 });
      await store.set(key, "kept");
      await passTime(120_000);
      expect(await store.get(key)).toBe("kept");
    });

    it("del removes strings and lists and ignores missing keys", async () => {
      const str = fresh("del");
      const list = fresh("del");
      await store.set(str, "x");
      await store.append(list, 0, "x");
      await store.del(str);
      await store.del(list);
      await store.del(fresh("never"));
      expect(await store.get(str)).toBeNull();
      expect(await store.length(list)).toBe(0);
      expect(await store.append(list, 0, "y")).toEqual({ ok: true, length: 1 });
    });

    it("expire with milliseconds makes a key expire and persist makes it permanent", async () => {
      const gone = fresh("expire");
      const kept = fresh("expire");
      await store.set(kept, "k", { ttlMs: 60_000 });
      await store.expire(kept, "persist");
      await store.set(gone, "g");
      await store.expire(gone, 60_000);
      await passTime(59_000);
      expect(await store.get(gone)).toBe("g");
      await passTime(2_000);
      expect(await store.get(gone)).toBeNull();
      expect(await store.get(kept)).toBe("k");
    });

    it("expire on a missing key does nothing, and a later set is not affected", async () => {
      const key = fresh("noop");
      await store.expire(key, 60_000);
      await store.expire(key, "persist");
      expect(await store.get(key)).toBeNull();
      await store.set(key, "later");
      await passTime(120_000);
      expect(await store.get(key)).toBe("later");
    });

    it("incr counts from 1 and applies ttlMs only when it creates the counter", async () => {
      const plain = fresh("ctr");
      expect(await store.incr(plain)).toBe(1);
      expect(await store.incr(plain)).toBe(2);
      expect(await store.get(plain)).toBe("2");

      const windowed = fresh("ctr");
      expect(await store.incr(windowed, 60_000)).toBe(1);
      await passTime(40_000);
      expect(await store.incr(windowed, 60_000)).toBe(2); // must not push the window's end
      await passTime(21_000); // past the first deadline, before a slid one
      expect(await store.get(windowed)).toBeNull();
      expect(await store.incr(windowed, 60_000)).toBe(1);
    });

    it("concurrent incr calls hand out every number exactly once", async () => {
      const key = fresh("ctr");
      const got = await Promise.all(Array.from({ length: 100 }, () => store.incr(key)));
      expect([...got].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    });
  });

  describe("values round-trip byte-identical", () => {
    it("through set and get", async () => {
      for (const value of TRICKY_VALUES) {
        const key = fresh("bytes");
        await store.set(key, value);
        expect(await store.get(key)).toBe(value);
      }
    });

    it("through append and range", async () => {
      const key = fresh("bytes");
      for (const [i, value] of TRICKY_VALUES.entries()) await store.append(key, i, value);
      expect(await store.range(key)).toEqual(TRICKY_VALUES);
    });

    it("through records, listing included", async () => {
      const collection = fresh("bytes");
      for (const [i, value] of TRICKY_VALUES.entries()) {
        await store.putRecord({ collection, id: `r${i}`, value, indexes: { kind: value }, mode: "create" });
      }
      for (const [i, value] of TRICKY_VALUES.entries()) {
        expect((await store.getRecord(collection, `r${i}`))?.value).toBe(value);
      }
      const page = await store.listRecords({ collection, limit: 100 });
      expect(page.records.map((r) => r.value)).toEqual(TRICKY_VALUES);
      // Index values are strings too: "null" and "" are ordinary values.
      const nulls = await store.listRecords({ collection, where: { kind: "null" }, limit: 10 });
      expect(nulls.records.map((r) => r.id)).toEqual([`r${TRICKY_VALUES.indexOf("null")}`]);
    });

    it("with unicode keys, ids and collection names", async () => {
      const key = `clé 🔑 ${fresh("k")}`;
      await store.set(key, "v");
      expect(await store.get(key)).toBe("v");
      const collection = `colección ✨ ${fresh("c")}`;
      await store.putRecord({
        collection,
        id: "id 🆔 ñ",
        value: "v",
        indexes: { país: "Argentina 🇦🇷" },
        mode: "create",
      });
      expect(await store.getRecord(collection, "id 🆔 ñ")).toEqual({ id: "id 🆔 ñ", value: "v", version: 1 });
      const page = await store.listRecords({ collection, where: { país: "Argentina 🇦🇷" }, limit: 5 });
      expect(page.records.map((r) => r.id)).toEqual(["id 🆔 ñ"]);
    });

    it("for a value of about 1 MiB", async () => {
      const value = largeValue();
      const key = fresh("large");
      await store.set(key, value);
      expect(await store.get(key)).toBe(value);
      const list = fresh("large");
      await store.append(list, 0, value);
      expect(await store.range(list)).toEqual([value]);
      const collection = fresh("large");
      await store.putRecord({ collection, id: "big", value, indexes: {}, mode: "create" });
      expect((await store.getRecord(collection, "big"))?.value).toBe(value);
    });
  });

  describe("records", () => {
    it("create stores version 1 and getRecord returns it; a missing record is null", async () => {
      const collection = fresh("rec");
      expect(await store.putRecord({ collection, id: "a", value: "A1", indexes: {}, mode: "create" })).toEqual({
        ok: true,
        version: 1,
      });
      expect(await store.getRecord(collection, "a")).toEqual({ id: "a", value: "A1", version: 1 });
      expect(await store.getRecord(collection, "nope")).toBeNull();
      expect(await store.getRecord(fresh("other"), "a")).toBeNull();
    });

    it("create refuses an existing id and keeps the stored record", async () => {
      const collection = fresh("rec");
      await store.putRecord({ collection, id: "a", value: "A1", indexes: { s: "x" }, mode: "create" });
      expect(await store.putRecord({ collection, id: "a", value: "A2", indexes: { s: "y" }, mode: "create" })).toEqual({
        ok: false,
        reason: "exists",
      });
      expect(await store.getRecord(collection, "a")).toEqual({ id: "a", value: "A1", version: 1 });
      expect((await store.listRecords({ collection, where: { s: "y" }, limit: 5 })).records).toEqual([]);
    });

    it("update bumps the version and refuses a missing id", async () => {
      const collection = fresh("rec");
      await store.putRecord({ collection, id: "a", value: "A1", indexes: {}, mode: "create" });
      expect(await store.putRecord({ collection, id: "a", value: "A2", indexes: {}, mode: "update" })).toEqual({
        ok: true,
        version: 2,
      });
      expect(await store.putRecord({ collection, id: "a", value: "A3", indexes: {}, mode: "update" })).toEqual({
        ok: true,
        version: 3,
      });
      expect(await store.getRecord(collection, "a")).toEqual({ id: "a", value: "A3", version: 3 });
      expect(await store.putRecord({ collection, id: "b", value: "B", indexes: {}, mode: "update" })).toEqual({
        ok: false,
        reason: "missing",
      });
      expect(
        await store.putRecord({ collection, id: "b", value: "B", indexes: {}, mode: "update", expectVersion: 1 }),
      ).toEqual({ ok: false, reason: "missing" });
      expect(await store.getRecord(collection, "b")).toBeNull();
    });

    it("update with expectVersion succeeds only against the stored version", async () => {
      const collection = fresh("rec");
      await store.putRecord({ collection, id: "a", value: "A1", indexes: { s: "one" }, mode: "create" });
      const stale = { collection, id: "a", value: "stale", indexes: { s: "stale" }, mode: "update" as const };
      expect(await store.putRecord({ ...stale, expectVersion: 2 })).toEqual({ ok: false, reason: "version" });
      expect(await store.putRecord({ ...stale, expectVersion: 0 })).toEqual({ ok: false, reason: "version" });
      expect(await store.getRecord(collection, "a")).toEqual({ id: "a", value: "A1", version: 1 });
      expect((await store.listRecords({ collection, where: { s: "stale" }, limit: 5 })).records).toEqual([]);
      expect(
        await store.putRecord({ collection, id: "a", value: "A2", indexes: {}, mode: "update", expectVersion: 1 }),
      ).toEqual({ ok: true, version: 2 });
      expect(await store.putRecord({ ...stale, expectVersion: 1 })).toEqual({ ok: false, reason: "version" });
      expect(await store.getRecord(collection, "a")).toEqual({ id: "a", value: "A2", version: 2 });
    });

    it("20 concurrent updates expecting the same version: exactly one wins", async () => {
      const collection = fresh("rec");
      await store.putRecord({ collection, id: "a", value: "v1", indexes: {}, mode: "create" });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          store.putRecord({ collection, id: "a", value: `w${i}`, indexes: {}, mode: "update", expectVersion: 1 }),
        ),
      );
      const winners = results.flatMap((r, i) => (r.ok ? [i] : []));
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual(Array(19).fill({ ok: false, reason: "version" }));
      expect(await store.getRecord(collection, "a")).toEqual({ id: "a", value: `w${winners[0]}`, version: 2 });
    });

    it("20 concurrent creates of the same id: exactly one wins", async () => {
      const collection = fresh("rec");
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          store.putRecord({ collection, id: "same", value: `w${i}`, indexes: { w: String(i) }, mode: "create" }),
        ),
      );
      const winners = results.flatMap((r, i) => (r.ok ? [i] : []));
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual(Array(19).fill({ ok: false, reason: "exists" }));
      const page = await store.listRecords({ collection, limit: 50 });
      expect(page.records).toEqual([{ id: "same", value: `w${winners[0]}`, version: 1 }]);
      // Only the winner's index entry exists.
      for (let i = 0; i < 20; i++) {
        const hits = await store.listRecords({ collection, where: { w: String(i) }, limit: 5 });
        expect(hits.records.length).toBe(i === winners[0] ? 1 : 0);
      }
    });

    it("refuses a unique value held by another record, naming the field, and the refused write leaves nothing behind", async () => {
      const collection = fresh("uniq");
      await store.putRecord({
        collection,
        id: "a",
        value: "A",
        indexes: { status: "active" },
        unique: { publicUrl: "https://a.example" },
        mode: "create",
      });
      expect(
        await store.putRecord({
          collection,
          id: "b",
          value: "B",
          indexes: { status: "draft" },
          unique: { cuit: "30-1", publicUrl: "https://a.example" },
          mode: "create",
        }),
      ).toEqual({ ok: false, reason: "unique", field: "publicUrl" });
      expect(await store.getRecord(collection, "b")).toBeNull();
      expect((await store.listRecords({ collection, where: { status: "draft" }, limit: 5 })).records).toEqual([]);
      expect((await store.listRecords({ collection, limit: 5 })).records.map((r) => r.id)).toEqual(["a"]);
      // The refused write's other unique value was not claimed.
      expect(
        await store.putRecord({
          collection,
          id: "c",
          value: "C",
          indexes: {},
          unique: { cuit: "30-1" },
          mode: "create",
        }),
      ).toEqual({ ok: true, version: 1 });
      // Nor did it disturb the holder's claim.
      expect(
        await store.putRecord({
          collection,
          id: "d",
          value: "D",
          indexes: {},
          unique: { publicUrl: "https://a.example" },
          mode: "create",
        }),
      ).toEqual({ ok: false, reason: "unique", field: "publicUrl" });
    });

    it("an update refused for a unique conflict keeps the record, its indexes and its own claims", async () => {
      const collection = fresh("uniq");
      await store.putRecord({
        collection,
        id: "a",
        value: "A",
        indexes: { s: "1" },
        unique: { u: "ua" },
        mode: "create",
      });
      await store.putRecord({
        collection,
        id: "b",
        value: "B",
        indexes: { s: "1" },
        unique: { u: "ub" },
        mode: "create",
      });
      expect(
        await store.putRecord({
          collection,
          id: "a",
          value: "A2",
          indexes: { s: "2" },
          unique: { u: "ub" },
          mode: "update",
        }),
      ).toEqual({ ok: false, reason: "unique", field: "u" });
      expect(await store.getRecord(collection, "a")).toEqual({ id: "a", value: "A", version: 1 });
      expect((await store.listRecords({ collection, where: { s: "1" }, limit: 5 })).records.map((r) => r.id)).toEqual([
        "a",
        "b",
      ]);
      expect((await store.listRecords({ collection, where: { s: "2" }, limit: 5 })).records).toEqual([]);
      expect(
        await store.putRecord({ collection, id: "z", value: "Z", indexes: {}, unique: { u: "ua" }, mode: "create" }),
      ).toEqual({ ok: false, reason: "unique", field: "u" });
    });

    it("a record keeps its own unique value on update; changing it releases the old value", async () => {
      const collection = fresh("uniq");
      const a = { collection, id: "a", indexes: {}, mode: "update" as const };
      await store.putRecord({ ...a, value: "A1", unique: { url: "x" }, mode: "create" });
      expect(await store.putRecord({ ...a, value: "A2", unique: { url: "x" } })).toEqual({ ok: true, version: 2 });
      expect(await store.putRecord({ ...a, value: "A3", unique: { url: "y" } })).toEqual({ ok: true, version: 3 });
      expect(
        await store.putRecord({ collection, id: "b", value: "B", indexes: {}, unique: { url: "x" }, mode: "create" }),
      ).toEqual({ ok: true, version: 1 });
      expect(
        await store.putRecord({ collection, id: "c", value: "C", indexes: {}, unique: { url: "y" }, mode: "create" }),
      ).toEqual({ ok: false, reason: "unique", field: "url" });
      // Dropping the unique field altogether releases it too.
      expect(await store.putRecord({ ...a, value: "A4" })).toEqual({ ok: true, version: 4 });
      expect(
        await store.putRecord({ collection, id: "c", value: "C", indexes: {}, unique: { url: "y" }, mode: "create" }),
      ).toEqual({ ok: true, version: 1 });
    });

    it("unique values are scoped to their collection and field", async () => {
      const one = fresh("uniq");
      const two = fresh("uniq");
      const put = (collection: string, id: string, unique: Record<string, string>) =>
        store.putRecord({ collection, id, value: id, indexes: {}, unique, mode: "create" });
      expect(await put(one, "a", { url: "same" })).toEqual({ ok: true, version: 1 });
      expect(await put(two, "a", { url: "same" })).toEqual({ ok: true, version: 1 });
      expect(await put(one, "b", { mirror: "same" })).toEqual({ ok: true, version: 1 });
    });

    it("20 concurrent creates claiming the same unique value: exactly one wins", async () => {
      const collection = fresh("uniq");
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          store.putRecord({
            collection,
            id: `r${i}`,
            value: `v${i}`,
            indexes: { status: "new" },
            unique: { publicUrl: "https://contested.example" },
            mode: "create",
          }),
        ),
      );
      const winners = results.flatMap((r, i) => (r.ok ? [i] : []));
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual(Array(19).fill({ ok: false, reason: "unique", field: "publicUrl" }));
      const all = await store.listRecords({ collection, limit: 50 });
      expect(all.records.map((r) => r.id)).toEqual([`r${winners[0]}`]);
      const filtered = await store.listRecords({ collection, where: { status: "new" }, limit: 50 });
      expect(filtered.records.map((r) => r.id)).toEqual([`r${winners[0]}`]);
    });

    it("changing index values moves a record between filters; dropping a field removes it from that filter", async () => {
      const collection = fresh("idx");
      const ids = async (where: Record<string, string>) =>
        (await store.listRecords({ collection, where, limit: 50 })).records.map((r) => r.id);
      await store.putRecord({ collection, id: "a", value: "A", indexes: { status: "draft", j: "AR" }, mode: "create" });
      await store.putRecord({ collection, id: "b", value: "B", indexes: { status: "draft", j: "UY" }, mode: "create" });
      expect(await ids({ status: "draft" })).toEqual(["a", "b"]);
      expect(await ids({ status: "active" })).toEqual([]);

      await store.putRecord({
        collection,
        id: "a",
        value: "A",
        indexes: { status: "active", j: "AR" },
        mode: "update",
      });
      expect(await ids({ status: "draft" })).toEqual(["b"]);
      expect(await ids({ status: "active" })).toEqual(["a"]);
      expect(await ids({ j: "AR" })).toEqual(["a"]);

      await store.putRecord({ collection, id: "a", value: "A", indexes: { status: "active" }, mode: "update" });
      expect(await ids({ j: "AR" })).toEqual([]);
      expect(await ids({ status: "active" })).toEqual(["a"]);
      expect((await store.listRecords({ collection, limit: 50 })).records.map((r) => r.id)).toEqual(["a", "b"]);
    });

    it("listRecords pages in creation order with limit and next, and next is null on the last page", async () => {
      const collection = fresh("page");
      const ids = Array.from({ length: 7 }, (_, i) => `id-${String.fromCharCode(122 - i)}`); // not alphabetical
      for (const id of ids) await store.putRecord({ collection, id, value: `v-${id}`, indexes: {}, mode: "create" });

      const seen: string[] = [];
      const sizes: number[] = [];
      let after: number | undefined;
      for (let guard = 0; guard < 10; guard++) {
        const page = await store.listRecords({ collection, limit: 3, after });
        seen.push(...page.records.map((r) => r.id));
        sizes.push(page.records.length);
        for (const r of page.records) expect(r).toEqual({ id: r.id, value: `v-${r.id}`, version: 1 });
        if (page.next === null) break;
        expect(typeof page.next).toBe("number");
        after = page.next;
      }
      expect(seen).toEqual(ids);
      expect(sizes).toEqual([3, 3, 1]);

      // When the last page is exactly full, its next is already null.
      const first = await store.listRecords({ collection, limit: 4 });
      expect(first.next).not.toBeNull();
      const last = await store.listRecords({ collection, limit: 3, after: first.next ?? undefined });
      expect(last.records.map((r) => r.id)).toEqual(ids.slice(4));
      expect(last.next).toBeNull();
      expect(await store.listRecords({ collection, limit: 7 })).toMatchObject({ next: null });
      expect((await store.listRecords({ collection, limit: 100 })).records.map((r) => r.id)).toEqual(ids);
    });

    it("updates keep a record's place in the order", async () => {
      const collection = fresh("order");
      for (const id of ["a", "b", "c"])
        await store.putRecord({ collection, id, value: id, indexes: {}, mode: "create" });
      await store.putRecord({ collection, id: "a", value: "a2", indexes: {}, mode: "update" });
      await store.putRecord({ collection, id: "b", value: "b2", indexes: {}, mode: "update" });
      const page = await store.listRecords({ collection, limit: 10 });
      expect(page.records).toEqual([
        { id: "a", value: "a2", version: 2 },
        { id: "b", value: "b2", version: 2 },
        { id: "c", value: "c", version: 1 },
      ]);
      // A cursor taken before the update still resumes at the same place.
      const firstTwo = await store.listRecords({ collection, limit: 2 });
      await store.putRecord({ collection, id: "a", value: "a3", indexes: {}, mode: "update" });
      const rest = await store.listRecords({ collection, limit: 2, after: firstTwo.next ?? undefined });
      expect(rest.records.map((r) => r.id)).toEqual(["c"]);
    });

    it("where with several fields matches only records matching all of them, across pages", async () => {
      const collection = fresh("multi");
      const rows: [string, string, string][] = [];
      for (let i = 0; i < 30; i++) {
        const status = i % 3 === 0 ? "active" : "draft";
        const jurisdiction = i % 2 === 0 ? "AR" : "UY";
        rows.push([`r${i}`, status, jurisdiction]);
        await store.putRecord({
          collection,
          id: `r${i}`,
          value: `v${i}`,
          indexes: { status, jurisdiction },
          mode: "create",
        });
      }
      const want = rows.filter(([, s, j]) => s === "active" && j === "AR").map(([id]) => id);
      expect(want).toEqual(["r0", "r6", "r12", "r18", "r24"]);
      const got: string[] = [];
      let after: number | undefined;
      for (let guard = 0; guard < 10; guard++) {
        const page = await store.listRecords({
          collection,
          where: { status: "active", jurisdiction: "AR" },
          limit: 2,
          after,
        });
        got.push(...page.records.map((r) => r.id));
        if (page.next === null) break;
        after = page.next;
      }
      expect(got).toEqual(want);
      const none = await store.listRecords({ collection, where: { status: "active", jurisdiction: "CL" }, limit: 5 });
      expect(none).toEqual({ records: [], next: null });
    });

    it("listRecords on an unknown collection or an unknown field returns an empty last page", async () => {
      expect(await store.listRecords({ collection: fresh("nothing"), limit: 10 })).toEqual({ records: [], next: null });
      const collection = fresh("fields");
      await store.putRecord({ collection, id: "a", value: "A", indexes: { s: "1" }, mode: "create" });
      expect(await store.listRecords({ collection, where: { other: "1" }, limit: 10 })).toEqual({
        records: [],
        next: null,
      });
    });

    it("deleteRecord removes the record, its index entries and its unique claims", async () => {
      const collection = fresh("del");
      await store.putRecord({
        collection,
        id: "a",
        value: "A",
        indexes: { s: "x" },
        unique: { u: "1" },
        mode: "create",
      });
      await store.putRecord({ collection, id: "b", value: "B", indexes: { s: "x" }, mode: "create" });
      await store.deleteRecord(collection, "a");
      expect(await store.getRecord(collection, "a")).toBeNull();
      expect((await store.listRecords({ collection, limit: 10 })).records.map((r) => r.id)).toEqual(["b"]);
      expect((await store.listRecords({ collection, where: { s: "x" }, limit: 10 })).records.map((r) => r.id)).toEqual([
        "b",
      ]);
      expect(await store.putRecord({ collection, id: "a", value: "A", indexes: {}, mode: "update" })).toEqual({
        ok: false,
        reason: "missing",
      });
      expect(
        await store.putRecord({ collection, id: "c", value: "C", indexes: {}, unique: { u: "1" }, mode: "create" }),
      ).toEqual({ ok: true, version: 1 });
      // A re-created id starts again at version 1, at the end of the order.
      expect(await store.putRecord({ collection, id: "a", value: "A again", indexes: {}, mode: "create" })).toEqual({
        ok: true,
        version: 1,
      });
      expect((await store.listRecords({ collection, limit: 10 })).records.map((r) => r.id)).toEqual(["b", "c", "a"]);
      expect((await store.listRecords({ collection, where: { s: "x" }, limit: 10 })).records.map((r) => r.id)).toEqual([
        "b",
      ]);
    });

    it("deleteRecord of a missing record does nothing", async () => {
      const collection = fresh("del");
      await store.putRecord({ collection, id: "a", value: "A", indexes: {}, mode: "create" });
      await store.deleteRecord(collection, "zzz");
      await store.deleteRecord(fresh("nothing"), "a");
      expect(await store.getRecord(collection, "a")).toEqual({ id: "a", value: "A", version: 1 });
    });

    it("names containing ':' or '%' never collide across collections, ids, fields and values", async () => {
      const base = fresh("sep");
      const put = (collection: string, id: string, indexes: Record<string, string>, unique?: Record<string, string>) =>
        store.putRecord({ collection, id, value: `${collection}|${id}`, indexes, unique, mode: "create" });
      expect(await put(`${base}:x`, "y", { "f:g": "h" }, { "u:v": "w" })).toEqual({ ok: true, version: 1 });
      expect(await put(base, "x:y", { f: "g:h" }, { u: "v:w" })).toEqual({ ok: true, version: 1 });
      expect(await put(`${base}%3Ax`, "y", { "f%3Ag": "h" }, { "u%3Av": "w" })).toEqual({ ok: true, version: 1 });
      expect(await store.getRecord(`${base}:x`, "y")).toMatchObject({ value: `${base}:x|y` });
      expect(await store.getRecord(base, "x:y")).toMatchObject({ value: `${base}|x:y` });
      expect(await store.getRecord(base, "y")).toBeNull();
      expect((await store.listRecords({ collection: base, where: { "f:g": "h" }, limit: 5 })).records).toEqual([]);
      expect((await store.listRecords({ collection: base, where: { f: "g:h" }, limit: 5 })).records).toHaveLength(1);
      expect(
        (await store.listRecords({ collection: `${base}:x`, where: { "f:g": "h" }, limit: 5 })).records,
      ).toHaveLength(1);
      expect((await store.listRecords({ collection: base, limit: 5 })).records.map((r) => r.id)).toEqual(["x:y"]);
    });
  });

  describe("atomic batches", () => {
    const rec = (collection: string, id: string, over: Partial<RecordWrite> = {}): BatchWrite => ({
      type: "record",
      write: { collection, id, value: id, indexes: { s: "x" }, mode: "create", ...over },
    });

    it("apply every write when every condition holds", async () => {
      const [list, key, collection] = [fresh("b-list"), fresh("b-key"), fresh("b-rec")];
      await store.append(list, 0, "h");
      const result = await store.batch([
        { type: "append", key: list, expectedLength: 1, values: ["e0", "e1"] },
        { type: "set", key, value: "answer", expect: [null] },
        rec(collection, "a", { unique: { u: "1" } }),
      ]);
      expect(result).toEqual({ ok: true, pushedAt: [] });
      expect(await store.range(list)).toEqual(["h", "e0", "e1"]);
      expect(await store.get(key)).toBe("answer");
      expect(await store.getRecord(collection, "a")).toEqual({ id: "a", value: "a", version: 1 });
      expect((await store.listRecords({ collection, where: { s: "x" }, limit: 5 })).records).toHaveLength(1);
      const dup = rec(collection, "b", { unique: { u: "1" } });
      expect(await store.batch([dup])).toEqual({ ok: false, index: 0, failure: { reason: "unique", field: "u" } });
    });

    it("push whatever the list's length, answer where each push went, and keep the list's expiry", async () => {
      const [seq, other, log] = [fresh("b-seq"), fresh("b-seq2"), fresh("b-log")];
      await store.append(log, 0, "h", { expiry: 60_000 });
      expect(
        await store.batch([
          { type: "push", key: seq, values: ["a", "b"] },
          { type: "push", key: other, values: ["x"] },
        ]),
      ).toEqual({ ok: true, pushedAt: [0, 0] });
      expect(await store.batch([{ type: "push", key: seq, values: ["c"] }])).toEqual({ ok: true, pushedAt: [2] });
      expect(await store.range(seq)).toEqual(["a", "b", "c"]);
      // A push lands only with the rest of its batch.
      const refused = await store.batch([
        { type: "push", key: seq, values: ["lost"] },
        { type: "append", key: log, expectedLength: 5, values: ["e"] },
      ]);
      expect(refused).toEqual({ ok: false, index: 1, failure: { reason: "length", length: 1 } });
      expect(await store.range(seq)).toEqual(["a", "b", "c"]);
      // 50 concurrent pushers each get a distinct position, and every value is where it was told.
      const positions = await Promise.all(
        Array.from({ length: 50 }, (_, i) => store.batch([{ type: "push", key: seq, values: [`v${i}`] }])),
      );
      const stored = await store.range(seq);
      for (const [i, result] of positions.entries()) {
        if (!result.ok) throw new Error("an unconditional push was refused");
        expect(stored[result.pushedAt[0] as number]).toBe(`v${i}`);
      }
      expect(new Set(positions.map((r) => (r.ok ? r.pushedAt[0] : -1))).size).toBe(50);
      await store.batch([{ type: "push", key: log, values: ["e"] }]);
      expect(await store.range(log)).toEqual(["h", "e"]);
      // Several pushes onto one list in a batch land in batch order, each told where.
      const two = fresh("b-seq3");
      expect(
        await store.batch([
          { type: "push", key: two, values: ["p", "q"] },
          { type: "push", key: two, values: ["r"] },
        ]),
      ).toEqual({ ok: true, pushedAt: [0, 2] });
      expect(await store.range(two)).toEqual(["p", "q", "r"]);
      await expect(store.batch([{ type: "push", key: seq, values: [] }])).rejects.toThrow(/at least one value/);
    });

    it("write nothing when one condition fails, and name the first write that failed and why", async () => {
      const [list, key, collection] = [fresh("b-list"), fresh("b-key"), fresh("b-rec")];
      await store.append(list, 0, "h");
      await store.set(key, "before");
      await store.putRecord({ collection, id: "taken", value: "T", indexes: {}, unique: { u: "1" }, mode: "create" });
      const otherList = fresh("b-list");
      await store.append(otherList, 0, "x");
      const good: BatchWrite[] = [
        { type: "append", key: list, expectedLength: 1, values: ["e0"] },
        { type: "set", key, value: "after", expect: ["before"] },
        rec(collection, "new"),
      ];
      const cases: [BatchWrite, BatchFailure][] = [
        [
          { type: "append", key: fresh("b-list"), expectedLength: 2, values: ["x"] },
          { reason: "length", length: 0 },
        ],
        [{ type: "set", key: fresh("b-key"), value: "x", expect: ["something"] }, { reason: "changed" }],
        [{ type: "set", key: otherList, value: "x", expect: [null] }, { reason: "changed" }],
        [rec(collection, "taken"), { reason: "exists" }],
        [rec(collection, "ghost", { mode: "update" }), { reason: "missing" }],
        [rec(collection, "taken", { mode: "update", expectVersion: 7 }), { reason: "version" }],
        [rec(collection, "other", { unique: { u: "1" } }), { reason: "unique", field: "u" }],
      ];
      for (const [bad, failure] of cases) {
        expect(await store.batch([...good, bad])).toEqual({ ok: false, index: 3, failure });
        expect(await store.batch([bad, ...good])).toEqual({ ok: false, index: 0, failure });
      }
      expect(await store.batch([good[0] as BatchWrite, { ...good[0], key: fresh("b-list") } as BatchWrite])).toEqual({
        ok: false,
        index: 1,
        failure: { reason: "length", length: 0 },
      });
      expect(await store.range(list)).toEqual(["h"]);
      expect(await store.get(key)).toBe("before");
      expect(await store.getRecord(collection, "new")).toBeNull();
      expect((await store.listRecords({ collection, limit: 10 })).records.map((r) => r.id)).toEqual(["taken"]);
      expect(await store.batch(good)).toEqual({ ok: true, pushedAt: [] });
    });

    it("compare-and-set accepts any of the expected values, null meaning a missing key", async () => {
      const key = fresh("cas");
      const claim = (value: string) => store.batch([{ type: "set", key, value, expect: [null, "mine"] }]);
      expect(await claim("mine")).toEqual({ ok: true, pushedAt: [] });
      expect(await claim("done")).toEqual({ ok: true, pushedAt: [] });
      expect(await claim("again")).toEqual({ ok: false, index: 0, failure: { reason: "changed" } });
      expect(await store.get(key)).toBe("done");
    });

    it("compare-and-delete removes a key only while it holds an expected value", async () => {
      const [key, other, missing] = [fresh("cad"), fresh("cad"), fresh("cad")];
      await store.set(key, "mine");
      await store.set(other, "theirs");
      const release = (k: string) => store.batch([{ type: "del", key: k, expect: ["mine"] }]);
      expect(await release(other)).toEqual({ ok: false, index: 0, failure: { reason: "changed" } });
      expect(await store.get(other)).toBe("theirs");
      expect(await release(key)).toEqual({ ok: true, pushedAt: [] });
      expect(await store.get(key)).toBeNull();
      expect(await release(key)).toEqual({ ok: false, index: 0, failure: { reason: "changed" } });
      // null expects a missing key; a del without expect removes whatever is there.
      expect(await store.batch([{ type: "del", key: missing, expect: [null] }])).toEqual({ ok: true, pushedAt: [] });
      expect(await store.batch([{ type: "del", key: other }])).toEqual({ ok: true, pushedAt: [] });
      expect(await store.get(other)).toBeNull();
    });

    it("apply expiry as set and append do", async () => {
      const [short, kept, list, permanent] = [fresh("b-ttl"), fresh("b-ttl"), fresh("b-exp"), fresh("b-exp")];
      await store.set(kept, "old", { ttlMs: 60_000 });
      expect(
        await store.batch([
          { type: "set", key: short, value: "s", ttlMs: 60_000 },
          { type: "set", key: kept, value: "new" },
          { type: "append", key: list, expectedLength: 0, values: ["a", "b"], expiry: 60_000 },
          { type: "append", key: permanent, expectedLength: 0, values: ["a"], expiry: "persist" },
        ]),
      ).toEqual({ ok: true, pushedAt: [] });
      await store.batch([{ type: "append", key: permanent, expectedLength: 1, values: ["b"], expiry: 60_000 }]);
      await passTime(59_000);
      expect(await store.get(short)).toBe("s");
      await passTime(2_000);
      expect(await store.get(short)).toBeNull();
      expect(await store.get(kept)).toBe("new");
      expect(await store.length(list)).toBe(0);
      expect(await store.range(permanent)).toEqual(["a", "b"]);
    });

    it("give records created together distinct places in creation order", async () => {
      const collection = fresh("b-order");
      await store.putRecord({ collection, id: "first", value: "1", indexes: {}, mode: "create" });
      expect(await store.batch([rec(collection, "second"), rec(collection, "third")])).toEqual({
        ok: true,
        pushedAt: [],
      });
      await store.putRecord({ collection, id: "fourth", value: "4", indexes: {}, mode: "create" });
      const ids = (await store.listRecords({ collection, limit: 10 })).records.map((r) => r.id);
      expect(ids).toEqual(["first", "second", "third", "fourth"]);
    });

    it("carry values byte-identical", async () => {
      const [list, collection] = [fresh("b-bytes"), fresh("b-bytes")];
      const keys = TRICKY_VALUES.map(() => fresh("b-bytes"));
      const result = await store.batch([
        { type: "append", key: list, expectedLength: 0, values: TRICKY_VALUES },
        ...TRICKY_VALUES.map(
          (value, i): BatchWrite => ({ type: "set", key: keys[i] as string, value, expect: [null] }),
        ),
        ...TRICKY_VALUES.map((value, i) => rec(collection, `r${i}`, { value, indexes: { kind: value } })),
      ]);
      expect(result).toEqual({ ok: true, pushedAt: [] });
      expect(await store.range(list)).toEqual(TRICKY_VALUES);
      for (const [i, value] of TRICKY_VALUES.entries()) {
        expect(await store.get(keys[i] as string)).toBe(value);
        expect((await store.getRecord(collection, `r${i}`))?.value).toBe(value);
        // A compare-and-set matches the exact stored bytes.
        expect(await store.batch([{ type: "set", key: keys[i] as string, value: "x", expect: [value] }])).toEqual({
          ok: true,
          pushedAt: [],
        });
      }
    });

    it("refuse a batch that writes one key or record twice", async () => {
      const key = fresh("b-twice");
      const collection = fresh("b-twice");
      await expect(
        store.batch([
          { type: "set", key, value: "1" },
          { type: "append", key, expectedLength: 0, values: ["2"] },
        ]),
      ).rejects.toThrow(RangeError);
      await expect(store.batch([rec(collection, "a"), rec(collection, "a")])).rejects.toThrow(RangeError);
      expect(await store.get(key)).toBeNull();
      expect(await store.getRecord(collection, "a")).toBeNull();
    });

    it("20 racing batches on the same list length: exactly one lands, whole, and the others leave nothing", async () => {
      const [list, collection] = [fresh("b-race"), fresh("b-race")];
      const keys = Array.from({ length: 20 }, () => fresh("b-race"));
      const results = await Promise.all(
        keys.map((key, w) =>
          store.batch([
            { type: "append", key: list, expectedLength: 0, values: [`w${w}`] },
            { type: "set", key, value: `w${w}` },
            rec(collection, `w${w}`),
          ]),
        ),
      );
      const winners = results.flatMap((r, w) => (r.ok ? [w] : []));
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual(
        Array(19).fill({ ok: false, index: 0, failure: { reason: "length", length: 1 } }),
      );
      const w = winners[0] as number;
      expect(await store.range(list)).toEqual([`w${w}`]);
      const written = await Promise.all(keys.map((key) => store.get(key)));
      expect(written.filter((v) => v !== null)).toEqual([`w${w}`]);
      expect((await store.listRecords({ collection, limit: 30 })).records.map((r) => r.id)).toEqual([`w${w}`]);
    });
  });
});

describe("upstash backend against an unreliable Redis", () => {
  let redis: RedisServer;
  let bridge: UpstashBridge;
  let store: UpstashStore;
  const token = `tok-${randomBytes(16).toString("hex")}`;

  beforeAll(async () => {
    // Its own Redis: these tests stop it, which must not disturb other suites.
    redis = await startRedisServer();
    bridge = await startUpstashBridge({ redisUrl: redis.url, token });
    store = new UpstashStore({ url: bridge.url, token });
  });
  afterAll(async () => {
    await bridge?.close();
    await redis?.dispose();
  });

  it("answers a readMany in one request and one command, whatever it reads", async () => {
    const key = fresh("many");
    await store.set(key, "v");
    await store.readMany([{ type: "get", key }]); // loads the script once (EVALSHA, then EVAL)
    const before = bridge.stats();
    const reads = Array.from({ length: 30 }, (_, i) => ({ type: "range" as const, key, start: i, stop: i }));
    await store.readMany([...reads, { type: "get", key }, { type: "path", keys: [key, key] }]);
    const after = bridge.stats();
    expect(after.requests - before.requests).toBe(1);
    expect(after.commands - before.commands).toBe(1);
  });

  it("reads a whole page in one request and one command, whatever the page size", async () => {
    const collection = fresh("trip");
    for (let i = 0; i < 60; i++) {
      await store.putRecord({
        collection,
        id: `r${i}`,
        value: `v${i}`,
        indexes: { even: String(i % 2 === 0) },
        mode: "create",
      });
    }
    await store.listRecords({ collection, limit: 1 }); // loads the script once (EVALSHA, then EVAL)
    for (const query of [{ limit: 50 }, { limit: 20, where: { even: "true" } }]) {
      const before = bridge.stats();
      const page = await store.listRecords({ collection, ...query });
      const after = bridge.stats();
      expect(page.records).toHaveLength(query.limit);
      expect(after.requests - before.requests).toBe(1);
      expect(after.commands - before.commands).toBe(1);
    }
  });

  it("with Redis down every operation throws StoreUnavailableError without the token; after restart nothing was half-written", async () => {
    const collection = fresh("outage");
    const list = fresh("outage");
    const key = fresh("outage");
    await store.putRecord({ collection, id: "a", value: "A", indexes: { s: "x" }, unique: { u: "a" }, mode: "create" });
    await store.append(list, 0, "e0");
    await store.set(key, "before");

    await redis.stop();
    const attempts: [string, () => Promise<unknown>][] = [
      ["ping", () => store.ping()],
      ["append", () => store.append(list, 1, "e1")],
      ["range", () => store.range(list)],
      ["length", () => store.length(list)],
      ["get", () => store.get(key)],
      ["set", () => store.set(key, "during")],
      ["del", () => store.del(key)],
      ["expire", () => store.expire(key, 10)],
      ["incr", () => store.incr(fresh("ctr"), 1000)],
      [
        "putRecord",
        () =>
          store.putRecord({ collection, id: "b", value: "B", indexes: { s: "x" }, unique: { u: "b" }, mode: "create" }),
      ],
      ["getRecord", () => store.getRecord(collection, "a")],
      ["listRecords", () => store.listRecords({ collection, limit: 10 })],
      ["deleteRecord", () => store.deleteRecord(collection, "a")],
      [
        "batch",
        () =>
          store.batch([
            { type: "append", key: list, expectedLength: 1, values: ["e1"] },
            { type: "set", key, value: "during" },
            { type: "record", write: { collection, id: "b", value: "B", indexes: {}, mode: "create" } },
          ]),
      ],
    ];
    for (const [name, attempt] of attempts) {
      const error = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect({ name, isStoreUnavailable: error instanceof StoreUnavailableError }).toEqual({
        name,
        isStoreUnavailable: true,
      });
      expect((error as Error).message).not.toContain(token);
    }

    await redis.restart();
    // The bridge reconnects on its own within a few hundred milliseconds.
    for (let i = 0; ; i++) {
      const up = await store.ping().then(
        () => true,
        () => false,
      );
      if (up) break;
      if (i > 100) throw new Error("store did not come back after Redis restarted");
      await sleep(50);
    }
    expect(await store.getRecord(collection, "a")).toEqual({ id: "a", value: "A", version: 1 });
    expect(await store.getRecord(collection, "b")).toBeNull();
    expect((await store.listRecords({ collection, where: { s: "x" }, limit: 10 })).records.map((r) => r.id)).toEqual([
      "a",
    ]);
    expect(await store.range(list)).toEqual(["e0"]);
    expect(await store.get(key)).toBe("before");
    expect(
      await store.putRecord({ collection, id: "c", value: "C", indexes: {}, unique: { u: "b" }, mode: "create" }),
    ).toEqual({ ok: true, version: 1 });
    expect(await store.append(list, 1, "e1")).toEqual({ ok: true, length: 2 });
  });

  it("a wrong token is refused and the error does not reveal the token used", async () => {
    const wrong = `wrong-${randomBytes(16).toString("hex")}`;
    const intruder = new UpstashStore({ url: bridge.url, token: wrong });
    const error = await intruder.get("anything").then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as Error).message).not.toContain(wrong);
    await expect(intruder.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it("an unreachable REST endpoint throws StoreUnavailableError", async () => {
    const gone = await startUpstashBridge({ redisUrl: redis.url, token });
    await gone.close();
    const orphan = new UpstashStore({ url: gone.url, token });
    await expect(orphan.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(orphan.append(fresh("x"), 0, "v")).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it("gives up on a failing endpoint after one retry of a read and none of a write", async () => {
    // Counted in attempts, not seconds: every connection is cut as soon as it opens.
    const cutter = await connectionCounter();
    try {
      const failing = new UpstashStore({ url: `http://127.0.0.1:${cutter.port}`, token });
      await expect(failing.get("anything")).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(cutter.count()).toBe(2);
      await expect(failing.append(fresh("x"), 0, "v")).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(cutter.count()).toBe(3);
    } finally {
      await cutter.close();
    }
  });
});

describe("upstash REST bridge", () => {
  let bridge: UpstashBridge;
  const token = `tok-${randomBytes(16).toString("hex")}`;
  const post = (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${bridge.url}${pathname}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    bridge = await startUpstashBridge({ redisUrl: await getSharedRedisUrl(), token });
  });
  afterAll(async () => {
    await bridge?.close();
  });

  it("answers 401 without the bearer token", async () => {
    const res = await fetch(bridge.url, { method: "POST", body: JSON.stringify(["PING"]) });
    expect(res.status).toBe(401);
    const wrong = await post("/", ["PING"], { authorization: "Bearer nope" });
    expect(wrong.status).toBe(401);
  });

  it("base64-encodes every string of a reply, nested ones too, and leaves integers and nulls alone", async () => {
    const res = await post("/", ["EVAL", "return {ARGV[1], 7, {ARGV[2]}, false}", "0", "ñ🦄", "x"], {
      "upstash-encoding": "base64",
    });
    expect(res.status).toBe(200);
    const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");
    expect(await res.json()).toEqual({ result: [b64("ñ🦄"), 7, [b64("x")], null] });
    const plain = await post("/", ["EVAL", "return ARGV[1]", "0", "ñ"]);
    expect(await plain.json()).toEqual({ result: "ñ" });
  });

  it("answers a failing single command with a non-2xx status and per-command errors in a batch", async () => {
    const key = fresh("bridge");
    const single = await post("/", ["LPUSH", key]);
    expect(single.status).toBeGreaterThanOrEqual(400);
    expect(((await single.json()) as { error: string }).error).toMatch(/wrong number of arguments/i);

    await post("/", ["SET", key, "str"]);
    const pipeline = await post("/pipeline", [
      ["GET", key],
      ["LPUSH", key, "x"],
    ]);
    expect(pipeline.status).toBe(200);
    const replies = (await pipeline.json()) as { result?: unknown; error?: string }[];
    expect(replies[0]).toEqual({ result: "str" });
    expect(replies[1]?.error).toMatch(/WRONGTYPE/);

    const multi = await post("/multi-exec", [
      ["INCR", fresh("bridge")],
      ["LPUSH", key, "x"],
    ]);
    expect(multi.status).toBe(200);
    const execReplies = (await multi.json()) as { result?: unknown; error?: string }[];
    expect(execReplies[0]).toEqual({ result: 1 });
    expect(execReplies[1]?.error).toMatch(/WRONGTYPE/);
  });

  it("runs scripts that carry Upstash-only shebang flags and maps their EVALSHA hash", async () => {
    const client = new Redis({ url: bridge.url, token, automaticDeserialization: false, enableAutoPipelining: false });
    const script = client.createScript<string[]>(`#!lua flags=allow-key-locking\nreturn {KEYS[1], ARGV[1]}`);
    // First call: EVALSHA misses, the client falls back to EVAL, which the bridge rewrites.
    expect(await script.exec(["k"], ["ñ"])).toEqual(["k", "ñ"]);
    // Second call: EVALSHA of the original hash hits the rewritten script.
    const before = bridge.stats().requests;
    expect(await script.exec(["k2"], ["v2"])).toEqual(["k2", "v2"]);
    expect(bridge.stats().requests - before).toBe(1);
  });
});
