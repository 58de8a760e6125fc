import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { appendAuditEvent, openSession } from "@/lib/audit/log";
import { readLogReport, readPublishedLog, readPublishedPage } from "@/lib/audit/published-log";
import { checkpointKey } from "@/lib/audit/store-checkpoint";
import { summaryKey } from "@/lib/audit/summary";
import { getConfig } from "@/lib/config/config";
import { isApiError } from "@/lib/http/problem";
import { EmbeddedStore } from "@/lib/store/embedded";
import type { Store, StoreRead } from "@/lib/store/types";
import { appendEntries } from "../support/audit-seed";
import { tempDir } from "../support/temp-dir";
import { sequenced } from "../support/tlog-layout";
import { applyEnv } from "../support/upstash-stack";

let store: EmbeddedStore;
let restore: () => void;
beforeAll(() => {
  const dir = tempDir("sia-summary-");
  restore = applyEnv({ DATA_DIR: dir });
  // The store reads the clock through this wrapper, so a test that fakes Date moves its time too.
  store = EmbeddedStore.open(dir, { now: () => Date.now() });
});
afterAll(async () => {
  await store?.close();
  restore();
});
afterEach(() => {
  vi.useRealTimers();
});

const logKey = (sid: string) => `audit:${sid}:log`;
const event = (n: number) =>
  ({ kind: "tool-call", action: "a", actor: "t", input: { n }, output: null, outcome: "ok" }) as const;

/** A session of `size` entries; returns its write token. */
const session = (sid: string, size: number) => appendEntries(store, sid, size, event);

/** The store, counting the audit list items each call reads from it (the transparency log's reads aside). */
function counting(inner: Store): { store: Store; items: () => number; reset: () => void } {
  let items = 0;
  const proxy = new Proxy(inner, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === "readMany") {
        return async (reads: StoreRead[]) => {
          const got = await target.readMany(reads);
          reads.forEach((read, i) => {
            const result = got[i];
            if (read.type === "range" && read.key.startsWith("audit:") && Array.isArray(result)) items += result.length;
          });
          return got;
        };
      }
      if (prop !== "range") return typeof value === "function" ? value.bind(target) : value;
      return async (...args: Parameters<Store["range"]>) => {
        const got = await target.range(...args);
        if (args[0].startsWith("audit:")) items += got.length;
        return got;
      };
    },
  });
  return { store: proxy, items: () => items, reset: () => (items = 0) };
}

const stateOf = async (sid: string) => ({
  log: await store.range(logKey(sid), 0, -1),
  checkpoint: await store.get(checkpointKey(sid)),
  summary: await store.get(summaryKey(sid)),
  leaves: await sequenced(store),
});

describe("the session summary", () => {
  it("lets an append, the badge's report and a page read as few items of a long session as of a short one", async () => {
    await session("summary-short", 1);
    await session("summary-long", 150);
    const reads: Record<string, number[]> = {};
    for (const sid of ["summary-short", "summary-long"]) {
      const c = counting(store);
      const report = await readLogReport(sid, c.store);
      expect(report).toMatchObject({ tampered: 0, checkpoint: "valid" });
      const badge = c.items();
      c.reset();
      await readPublishedPage(sid, { after: -1, limit: 1 }, c.store);
      const page = c.items();
      c.reset();
      await appendAuditEvent({ sessionId: sid, sessionToken: null, asService: true, event: event(-1) }, c.store);
      reads[sid] = [badge, page, c.items()];
    }
    expect(reads["summary-long"]).toEqual(reads["summary-short"]);
    expect(await readLogReport("summary-long", store)).toMatchObject({ total: 151, verified: 151, tampered: 0 });
  });

  it("records what a full read found behind the head: the badge shows it and appends stop, writing nothing", async () => {
    const sid = "summary-edited";
    const token = await session(sid, 4);
    const items = await store.range(logKey(sid), 0, -1);
    const edited = JSON.parse(items[2] as string);
    edited.output = { forged: true };
    items[2] = JSON.stringify(edited);
    await store.del(logKey(sid));
    for (const [i, item] of items.entries()) await store.append(logKey(sid), i, item);

    const full = await readPublishedLog(sid, store);
    expect(full.report).toMatchObject({ tampered: 2, firstBadSeq: 1, checkpoint: "valid" });
    expect(await readLogReport(sid, store)).toMatchObject({ tampered: 2, firstBadSeq: 1 });
    const before = await stateOf(sid);
    const refused = await appendAuditEvent({ sessionId: sid, sessionToken: token, event: event(9) }, store).catch(
      (err: unknown) => err,
    );
    expect(isApiError(refused) && refused.code).toBe("audit_log_corrupt");
    expect(await stateOf(sid)).toEqual(before);
  });

  it("a page that finds an edit the summary does not list answers with the full verification", async () => {
    const sid = "summary-page-edit";
    await session(sid, 6);
    const items = await store.range(logKey(sid), 0, -1);
    const edited = JSON.parse(items[3] as string);
    edited.input = { n: 99 };
    items[3] = JSON.stringify(edited);
    await store.del(logKey(sid));
    for (const [i, item] of items.entries()) await store.append(logKey(sid), i, item);

    const page = await readPublishedPage(sid, { after: 1, limit: 2 }, store);
    expect(page.items).toHaveLength(2);
    expect(page).toMatchObject({ total: 6, first: 2, next: 3 });
    expect(page.report).toMatchObject({ tampered: 2, firstBadSeq: 2 });
  });

  it("ignores a summary edited in the store and verifies the log instead", async () => {
    const sid = "summary-forged";
    await session(sid, 3);
    const raw = JSON.parse((await store.get(summaryKey(sid))) as string);
    await store.set(summaryKey(sid), JSON.stringify({ ...raw, total: 3, verified: 0, unsigned: 3 }));
    expect(await readLogReport(sid, store)).toMatchObject({ total: 3, verified: 3, unsigned: 0, tampered: 0 });
  });
});

describe("an expired demo session's id", () => {
  it("stays retired: appending or opening it again is refused with 410 audit_session_retired, and nothing is written", async () => {
    const sid = "summary-expired";
    await session(sid, 2);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + getConfig().demoRetentionMs + 1);
    expect(await store.length(logKey(sid))).toBe(0);
    const before = await stateOf(sid);
    for (const attempt of [
      () => appendAuditEvent({ sessionId: sid, sessionToken: null, event: event(0) }, store),
      () => openSession({ sessionId: sid, sessionToken: null }, store),
    ]) {
      const refused = await attempt().catch((err: unknown) => err);
      expect(isApiError(refused) && [refused.code, refused.status]).toEqual(["audit_session_retired", 410]);
    }
    expect(await stateOf(sid)).toEqual(before);
    // The badge of the old id shows no entries, and never anyone else's.
    expect(await readLogReport(sid, store)).toMatchObject({ total: 0 });
  });
});
