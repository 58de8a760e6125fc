import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EmbeddedStore } from "@/lib/store/embedded";
import { StoreUnavailableError } from "@/lib/store/types";
import { tempDir } from "../support/temp-dir";

// Durability of the embedded backend; its semantics are covered by the shared contract suite.
const open: EmbeddedStore[] = [];
const tmp = () => tempDir("sia-embedded-");
function openStore(dir: string) {
  const store = EmbeddedStore.open(dir);
  open.push(store);
  return store;
}
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

describe("embedded store durability", () => {
  it("keeps every acknowledged write across a restart", async () => {
    const dir = tmp();
    const a = openStore(dir);
    await a.append("log", 0, "first");
    await a.append("log", 1, "second");
    await a.set("k", "v");
    await a.putRecord({
      collection: "c",
      id: "r1",
      value: "{}",
      indexes: { s: "x" },
      unique: { u: "1" },
      mode: "create",
    });
    await a.close();
    const b = openStore(dir);
    expect(await b.range("log")).toEqual(["first", "second"]);
    expect(await b.get("k")).toBe("v");
    expect((await b.getRecord("c", "r1"))?.version).toBe(1);
    const dup = await b.putRecord({
      collection: "c",
      id: "r2",
      value: "{}",
      indexes: {},
      unique: { u: "1" },
      mode: "create",
    });
    expect(dup).toEqual({ ok: false, reason: "unique", field: "u" });
  });

  it("keeps a volatile value in memory only: it works as a claim, and is gone after a restart", async () => {
    const dir = tmp();
    const a = openStore(dir);
    const logFile = path.join(dir, "store.log");
    const before = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
    expect(await a.set("claim", "mine", { nx: true, ttlMs: 60_000, volatile: true })).toBe(true);
    expect(await a.set("claim", "theirs", { nx: true, ttlMs: 60_000, volatile: true })).toBe(false);
    expect(await a.get("claim")).toBe("mine");
    expect(fs.existsSync(logFile) ? fs.statSync(logFile).size : 0).toBe(before);
    // A durable write replacing the claim, as a stored answer does, is kept.
    expect(await a.batch([{ type: "set", key: "claim", value: "answer", expect: ["mine"] }])).toEqual({
      ok: true,
      pushedAt: [],
    });
    await a.set("other", "v", { volatile: true });
    await a.close();
    const b = openStore(dir);
    expect(await b.get("claim")).toBe("answer");
    expect(await b.get("other")).toBeNull();
  });

  it("renews and releases a volatile claim without writing to disk, and still logs the delete of a stored value", async () => {
    const dir = tmp();
    const a = openStore(dir);
    await a.set("stored", "durable");
    const logFile = path.join(dir, "store.log");
    const before = fs.statSync(logFile).size;
    const syncs = vi.spyOn(fs, "fdatasync");
    expect(await a.set("lock", "token", { nx: true, ttlMs: 60_000, volatile: true })).toBe(true);
    await a.expire("lock", 60_000);
    expect(await a.batch([{ type: "del", key: "lock", expect: ["token"] }])).toEqual({ ok: true, pushedAt: [] });
    expect(await a.get("lock")).toBeNull();
    expect(fs.statSync(logFile).size).toBe(before);
    expect(syncs).not.toHaveBeenCalled();
    syncs.mockRestore();
    // A volatile value over a stored one: deleting it must reach the log, or the stored one comes back.
    await a.set("stored", "claim", { volatile: true });
    await a.del("stored");
    expect(fs.statSync(logFile).size).toBeGreaterThan(before);
    // Taken again, then written durably: from then on its delete is logged too.
    await a.set("lock", "again", { nx: true, volatile: true });
    await a.set("lock", "durable");
    await a.set("kept", "yes");
    await a.del("lock");
    await a.close();
    const b = openStore(dir);
    expect(await b.get("stored")).toBeNull();
    expect(await b.get("lock")).toBeNull();
    expect(await b.get("kept")).toBe("yes");
  });

  it("answers concurrent writes only once they are on disk, sharing syncs between them", async () => {
    const dir = tmp();
    const a = openStore(dir);
    const syncs = vi.spyOn(fs, "fdatasync");
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => a.append(`k${i % 5}`, Math.floor(i / 5), `v${i}`)),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    // Written in one turn of the event loop, they are made durable by one sync, not one each.
    expect(syncs.mock.calls.length).toBe(1);
    syncs.mockRestore();
    await a.close();
    const b = openStore(dir);
    for (let k = 0; k < 5; k++) expect(await b.range(`k${k}`)).toHaveLength(10);
  });

  it("answers a caller once what it saw is on disk, however many writes keep coming after it", async () => {
    const a = openStore(tmp());
    await a.set("k", "v");
    const syncs = vi.spyOn(fs, "fdatasync");
    let answered = false;
    a.set("pending", "x"); // a line the read below sees, not yet on disk
    const read = a.get("k").then((value) => {
      answered = true;
      return value;
    });
    // A steady stream of writers, each arriving while earlier syncs run.
    const writers: Promise<boolean>[] = [];
    for (let i = 0; i < 200 && !answered; i++) {
      writers.push(a.set(`w${i}`, "x"));
      await new Promise((r) => setImmediate(r));
    }
    expect(await read).toBe("v");
    const syncsForRead = syncs.mock.calls.length;
    await Promise.all(writers);
    syncs.mockRestore();
    // One sync covers the line it saw (two if one was already in flight), whatever came after.
    expect(syncsForRead).toBeLessThanOrEqual(2);
  });

  it("has a reader wait for the lines that changed what it read, and only for those", async () => {
    const a = openStore(tmp());
    await a.set("quiet", "q");
    // A slow disk: each sync takes 150 ms.
    const sync = fs.fdatasync;
    const slow = vi
      .spyOn(fs, "fdatasync")
      .mockImplementation(((fd: number, cb: (err: NodeJS.ErrnoException | null) => void) =>
        setTimeout(() => sync(fd, cb), 150)) as unknown as typeof fs.fdatasync);
    const done: string[] = [];
    const track = <T>(name: string, p: Promise<T>) =>
      p.then((v) => {
        done.push(name);
        return v;
      });
    const write = track("write busy", a.set("busy", "1"));
    const readBusy = track("read busy", a.get("busy"));
    const readQuiet = track("read quiet", a.get("quiet"));
    const claim = track("claim", a.set("claim", "c", { nx: true, volatile: true }));
    expect(await readQuiet).toBe("q");
    expect(await claim).toBe(true);
    // Neither the read of an unchanged key nor the claim of a new one waited for the pending line.
    expect(done).toEqual(["read quiet", "claim"]);
    expect(await readBusy).toBe("1");
    await write;
    expect(done.slice(2).sort()).toEqual(["read busy", "write busy"]);
    slow.mockRestore();
  });

  it("drops a torn last record after a crash and keeps going", async () => {
    const dir = tmp();
    const a = openStore(dir);
    await a.append("log", 0, "kept");
    await a.close();
    const file = path.join(dir, "store.log");
    fs.appendFileSync(file, '1234abcd {"o":"a","k":"log","v":"half-writ'); // the crash cut the line
    const sizeWithTear = fs.statSync(file).size;
    const b = openStore(dir);
    expect(await b.range("log")).toEqual(["kept"]);
    expect(fs.statSync(file).size).toBeLessThan(sizeWithTear);
    expect(await b.append("log", 1, "after")).toEqual({ ok: true, length: 2 });
    await b.close();
    expect(await openStore(dir).range("log")).toEqual(["kept", "after"]);
  });

  it("drops a complete last line whose checksum does not match", async () => {
    const dir = tmp();
    const a = openStore(dir);
    await a.set("k", "good");
    await a.close();
    fs.appendFileSync(path.join(dir, "store.log"), '00000000 {"o":"s","k":"k","v":"bad"}\n');
    expect(await openStore(dir).get("k")).toBe("good");
  });

  it("refuses to start on corruption in the middle of the log", async () => {
    const dir = tmp();
    const a = openStore(dir);
    await a.set("a", "1");
    await a.set("b", "2");
    await a.close();
    const file = path.join(dir, "store.log");
    const lines = fs.readFileSync(file, "utf8").split("\n");
    lines[0] = lines[0]?.replace('"1"', '"9"') ?? "";
    fs.writeFileSync(file, lines.join("\n"));
    expect(() => EmbeddedStore.open(dir)).toThrow(/corrupt at byte 0.*Restore the file/s);
    expect(fs.existsSync(path.join(dir, "store.lock"))).toBe(false);
  });

  it("refuses a second live process on the same DATA_DIR, and takes over a dead one's lock", async () => {
    const dir = tmp();
    const other = spawn("sleep", ["30"]);
    try {
      fs.writeFileSync(path.join(dir, "store.lock"), String(other.pid));
      expect(() => EmbeddedStore.open(dir)).toThrow(new RegExp(`in use by process ${other.pid}.*set DATA_DIR`, "s"));
    } finally {
      other.kill();
    }
    await new Promise((r) => other.once("exit", r));
    const store = openStore(dir); // the holder is gone: its lock is stale
    expect(await store.get("nothing")).toBeNull();
  });

  it("takes over a lock whose pid came back to another process, as after a container restart", async () => {
    const dir = tmp();
    const lock = path.join(dir, "store.lock");
    // This process's pid, but a start time it does not have: the holder was an earlier process.
    fs.writeFileSync(lock, `${process.pid} 1`);
    const store = openStore(dir);
    expect(fs.readFileSync(lock, "utf8")).toMatch(new RegExp(`^${process.pid} \\d+$`));
    expect(fs.readFileSync(lock, "utf8")).not.toBe(`${process.pid} 1`);
    // Its own lock, read back, is this process: a second open is refused.
    expect(() => EmbeddedStore.open(dir)).toThrow(/already open in this process/);
    await store.close();
    expect(fs.existsSync(lock)).toBe(false);
  });

  it("takes over a lock file left empty or unreadable", async () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, "store.lock"), "");
    const store = openStore(dir);
    expect(await store.get("nothing")).toBeNull();
  });

  it("releases its lock when the process exits without closing the store", async () => {
    const dir = tmp();
    const script = `
      const { EmbeddedStore } = await import(${JSON.stringify(path.resolve("lib/store/embedded.ts"))});
      const store = EmbeddedStore.open(process.argv[1]);
      await store.set("a", "1");
      process.exit(0);`;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script, dir], {
      stdio: "inherit",
    });
    const code = await new Promise((r) => child.once("exit", r));
    expect(code).toBe(0);
    expect(fs.existsSync(path.join(dir, "store.lock"))).toBe(false);
    const store = openStore(dir);
    expect(await store.get("a")).toBe("1");
  });

  it("compacts a log full of overwritten values on open, losing nothing live", async () => {
    const dir = tmp();
    const a = openStore(dir);
    // Written in one turn, they share one disk sync: 3,000 syncs one after another take half a
    // minute on a busy disk.
    await Promise.all(Array.from({ length: 3000 }, (_, i) => a.set("counter", String(i))));
    await a.append("log", 0, "entry");
    await a.close();
    const file = path.join(dir, "store.log");
    const before = fs.statSync(file).size;
    const b = openStore(dir);
    expect(fs.statSync(file).size).toBeLessThan(before / 100);
    expect(await b.get("counter")).toBe("2999");
    expect(await b.range("log")).toEqual(["entry"]);
  });

  it("does not resurrect an expired list's items when the key is reused", async () => {
    const dir = tmp();
    const a = openStore(dir);
    await a.append("s", 0, "old", { expiry: 30 });
    await new Promise((r) => setTimeout(r, 60));
    expect(await a.append("s", 0, "new", { expiry: 60_000 })).toEqual({ ok: true, length: 1 });
    await a.close();
    expect(await openStore(dir).range("s")).toEqual(["new"]);
  });

  it("does not resurrect an expired list that a read saw expire before the key was reused", async () => {
    const dir = tmp();
    const a = openStore(dir);
    await a.append("s", 0, "old", { expiry: 30 });
    await new Promise((r) => setTimeout(r, 60));
    expect(await a.range("s")).toEqual([]);
    expect(await a.length("s")).toBe(0);
    expect(await a.append("s", 0, "new", { expiry: 60_000 })).toEqual({ ok: true, length: 1 });
    await a.close();
    expect(await openStore(dir).range("s")).toEqual(["new"]);
  });

  it("keeps a batch whole or drops it whole when a crash tears its log line", async () => {
    const dir = tmp();
    const a = openStore(dir);
    await a.append("log", 0, "header");
    const result = await a.batch([
      { type: "append", key: "log", expectedLength: 1, values: ["entry"] },
      { type: "set", key: "answer", value: "stored" },
      { type: "record", write: { collection: "c", id: "r", value: "{}", indexes: {}, mode: "create" } },
    ]);
    expect(result).toEqual({ ok: true, pushedAt: [] });
    await a.close();
    const file = path.join(dir, "store.log");
    const whole = fs.readFileSync(file);
    expect(whole.toString("utf8").trimEnd().split("\n")).toHaveLength(2); // one line for the whole batch

    const b = openStore(dir);
    expect(await b.range("log")).toEqual(["header", "entry"]);
    expect(await b.get("answer")).toBe("stored");
    expect(await b.getRecord("c", "r")).toMatchObject({ version: 1 });
    await b.close();
    open.splice(open.indexOf(b), 1);

    fs.writeFileSync(file, whole.subarray(0, whole.length - 20)); // the crash cut the batch's line
    const c = openStore(dir);
    expect(await c.range("log")).toEqual(["header"]);
    expect(await c.get("answer")).toBeNull();
    expect(await c.getRecord("c", "r")).toBeNull();
  });

  it("writes a batch's followers, made from where its pushes landed, in the batch's one line, or nothing", async () => {
    const dir = tmp();
    const a = openStore(dir);
    await a.batch([{ type: "push", key: "seq", values: ["a", "b"] }]);
    const signed = (at: number[]) => [
      { type: "append" as const, key: "notes", expectedLength: 0, values: [`at ${at}`] },
    ];
    const result = await a.batchFollowedBy([{ type: "push", key: "seq", values: ["c"] }], signed);
    expect(result).toEqual({ ok: true, pushedAt: [2] });
    expect(await a.range("notes")).toEqual(["at 2"]);

    // The follower's condition fails (the list is no longer empty): the push is not written either.
    const failed = await a.batchFollowedBy([{ type: "push", key: "seq", values: ["d"] }], signed);
    expect(failed).toEqual({ ok: false, index: 1, failure: { reason: "length", length: 1 } });
    expect(await a.range("seq")).toEqual(["a", "b", "c"]);
    // A follower that throws leaves nothing behind either.
    const broken = a.batchFollowedBy([{ type: "push", key: "seq", values: ["e"] }], () => {
      throw new Error("cannot sign");
    });
    await expect(broken).rejects.toThrow("cannot sign");
    expect(await a.range("seq")).toEqual(["a", "b", "c"]);
    await a.close();

    const lines = fs.readFileSync(path.join(dir, "store.log"), "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(2); // the first push, then the push and its follower together
    const b = openStore(dir);
    expect(await b.range("seq")).toEqual(["a", "b", "c"]);
    expect(await b.range("notes")).toEqual(["at 2"]);
  });

  it("refuses a write the disk took only in part (disk full), and the log stays whole for later writes", async () => {
    const dir = tmp();
    const a = openStore(dir);
    await a.append("log", 0, "before");
    const write = fs.writeSync;
    const noSpace = () => {
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    };
    // A full disk: the kernel takes part of the record (a short write), then refuses the rest.
    const disk = vi
      .spyOn(fs, "writeSync")
      .mockImplementationOnce(((fd: number, data: Buffer, offset = 0) => write(fd, data, offset, 10)) as typeof write)
      .mockImplementationOnce(noSpace);
    await expect(a.append("log", 1, "lost")).rejects.toBeInstanceOf(StoreUnavailableError);
    disk.mockImplementationOnce(noSpace);
    await expect(a.set("k", "lost too")).rejects.toBeInstanceOf(StoreUnavailableError);
    disk.mockRestore();
    expect(await a.range("log")).toEqual(["before"]);
    expect(await a.append("log", 1, "after")).toEqual({ ok: true, length: 2 });
    await a.close();
    const b = openStore(dir);
    expect(await b.range("log")).toEqual(["before", "after"]);
    expect(await b.get("k")).toBeNull();
  });
});
