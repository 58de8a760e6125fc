import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckpointPayload } from "@/lib/audit/checkpoint";
import { toCsv } from "@/lib/audit/csv";
import { openCsvExport } from "@/lib/audit/csv-export";
import { readAuditEntries } from "@/lib/audit/log";
import { publishedCount, readNewestCheckpoint } from "@/lib/audit/published-log";
import { auditEventStream } from "@/lib/audit/stream";
import { getStore } from "@/lib/store";
import type { Store } from "@/lib/store/types";
import { appendEntries } from "../support/audit-seed";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

// The CSV export and a stream's catch-up read a session a page at a time. The pages here hold two
// entries, so a five-entry session takes three.
const PAGE = 2;
const logKey = (sid: string) => `audit:${sid}:log`;

let restore: () => void;
let store: Store;
beforeAll(() => {
  restore = applyEnv({ DATA_DIR: tempDir("sia-paged-reads-") });
  store = getStore();
});
afterAll(async () => {
  await getStore().close?.();
  restore();
});

/** A session of five entries, plus one stored item no checkpoint covers (an append whose checkpoint is not stored yet). */
async function sessionWithUnpublishedTail(sid: string) {
  await appendEntries(store, sid, 5);
  const [lastItem] = await store.range(logKey(sid), -1, -1);
  const tail = { ...JSON.parse(lastItem as string), seq: 5, input: { n: "unpublished" } };
  await store.append(logKey(sid), 6, JSON.stringify(tail));
}

/** The store, failing every read of the log once `failAfter` such reads have answered; counts them. */
function failingStore(inner: Store, failAfter: number): { store: Store; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(inner, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop !== "range") return typeof value === "function" ? value.bind(target) : value;
      return async (...args: Parameters<Store["range"]>) => {
        if (args[0].endsWith(":log") && args[1] !== -1) {
          if (reads >= failAfter) throw new Error("store down");
          reads += 1;
        }
        return target.range(...args);
      };
    },
  });
  return { store: proxy, reads: () => reads };
}

describe("publishedCount", () => {
  const signed = (size: number) => ({ size }) as CheckpointPayload;

  it("publishes the entries the checkpoint covers, every stored one without a signed checkpoint", () => {
    expect(publishedCount(6, signed(5))).toBe(5);
    expect(publishedCount(5, signed(5))).toBe(5);
    expect(publishedCount(5, null)).toBe(5);
    expect(publishedCount(0, null)).toBe(0);
    // A checkpoint past the stored entries (an edited store): what is stored, which then fails to verify.
    expect(publishedCount(3, signed(5))).toBe(3);
  });
});

describe("the CSV export", () => {
  it("holds exactly the entries the checkpoint covers, in order, read a page per pull", async () => {
    const sid = "paged-csv-session";
    await sessionWithUnpublishedTail(sid);
    const counted = failingStore(store, Number.POSITIVE_INFINITY);
    const csv = await openCsvExport(sid, { store: counted.store, page: PAGE });
    expect(csv.rows).toBe(5);
    expect(csv.checkpoint).toBe((await readNewestCheckpoint(sid, store)).checkpoint);

    const reader = csv.body.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    // Nothing is read ahead of the client: one page so far.
    expect(counted.reads()).toBe(1);
    let text = decoder.decode(first.value);
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    expect(counted.reads()).toBe(3);
    const entries = (await readAuditEntries(sid, store)).slice(0, 5);
    expect(text).toBe(toCsv(entries));
    expect(text).not.toContain("unpublished");
  });

  it("is a header row alone for an unknown session", async () => {
    const csv = await openCsvExport("paged-csv-unknown", { store, page: PAGE });
    expect(csv).toMatchObject({ rows: 0, checkpoint: null });
    expect(await new Response(csv.body).text()).toBe(toCsv([]));
  });

  it("breaks off, never ends cleanly, when the store fails after the first page", async () => {
    const sid = "paged-csv-failing";
    await appendEntries(store, sid, 5);
    const csv = await openCsvExport(sid, { store: failingStore(store, 1).store, page: PAGE });
    const reader = csv.body.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value).split("\r\n")).toHaveLength(4); // header, 2 rows, ""
    await expect(reader.read()).rejects.toThrow("store down");
  });

  it("breaks off when the log loses entries during the export", async () => {
    const sid = "paged-csv-expired";
    await appendEntries(store, sid, 5);
    const csv = await openCsvExport(sid, { store, page: PAGE });
    const reader = csv.body.getReader();
    await reader.read();
    await store.del(logKey(sid));
    await expect(reader.read()).rejects.toThrow(/lost entries 2 to 4/);
  });
});

describe("a stream that is behind", () => {
  /** Reads events until a checkpoint event arrives; returns every event read. */
  async function untilCheckpoint(stream: ReadableStream<Uint8Array>): Promise<string[]> {
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    const events: string[] = [];
    let buffer = "";
    while (!events.some((e) => e.startsWith("event: checkpoint"))) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the stream ended before its checkpoint");
      buffer += decoder.decode(value, { stream: true });
      const blocks = buffer.split("\n\n");
      buffer = blocks.pop() ?? "";
      events.push(...blocks);
    }
    await reader.cancel();
    return events;
  }

  const open = (sid: string, afterSeq: number) =>
    auditEventStream(sid, { afterSeq, lifetimeMs: 60_000, pollMs: 60_000, heartbeatMs: 60_000, page: PAGE });
  const kinds = (events: string[]) =>
    events.map((e) => /^id: (\d+)\nevent: entry/.exec(e)?.[1] ?? /^event: (\w+)/.exec(e)?.[1] ?? e.split("\n")[0]);

  it("sends every covered entry once, in order, over several pages, then the checkpoint", async () => {
    const sid = "paged-stream-session";
    await sessionWithUnpublishedTail(sid);
    const events = await untilCheckpoint(open(sid, -1));
    expect(kinds(events)).toEqual(["retry: 2000", "0", "1", "2", "3", "4", "checkpoint"]);
    expect(events.at(-1)).toContain('data: {"size":5,');
    expect(events.join("\n")).not.toContain("unpublished");
  });

  it("resumes after Last-Event-ID in pages too", async () => {
    const events = await untilCheckpoint(open("paged-stream-session", 0));
    expect(kinds(events)).toEqual(["retry: 2000", "1", "2", "3", "4", "checkpoint"]);
  });

  it("stops reading at its lifetime when its client stops reading, and says it has ended", async () => {
    let ended: () => void = () => {};
    const stopped = new Promise<void>((resolve) => {
      ended = resolve;
    });
    const stream = auditEventStream("paged-stream-session", {
      afterSeq: -1,
      lifetimeMs: 20,
      pollMs: 60_000,
      heartbeatMs: 60_000,
      page: PAGE,
      onEnd: () => ended(),
    });
    // Nobody reads: the first page fills the queue, and the lifetime ends the stream all the same.
    await stopped;
    const events: string[] = [];
    const decoder = new TextDecoder();
    for await (const chunk of stream) events.push(...decoder.decode(chunk).split("\n\n").filter(Boolean));
    // One page went out before the client stopped reading, then the reconnect that ends the stream.
    expect(kinds(events)).toEqual(["retry: 2000", "0", "1", "reconnect"]);
    expect(events.at(-1)).toContain('"lastEventId":1');
  });
});
