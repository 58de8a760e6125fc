import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getConfig } from "@/lib/config/config";
import { certifyRecord } from "@/lib/registry/certify-record";
import { prepareFormingStub } from "@/lib/registry/create-forming-stub";
import { seedRecords } from "@/lib/registry/ensure-seeds";
import { RECHECK_BATCH, RECHECK_CURSOR_KEY, recheckLiveRecords } from "@/lib/registry/recheck-live-records";
import { entryWrite, REGISTRY_COLLECTION } from "@/lib/registry/stored-record";
import { getStore } from "@/lib/store";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

let restore: () => void;
const ids: string[] = [];
beforeAll(async () => {
  restore = applyEnv({ DATA_DIR: tempDir("sia-recheck-") });
  // Live records without a public URL: the re-check passes over them without any network call.
  for (let i = 0; i < RECHECK_BATCH + 2; i++) {
    const { record } = prepareFormingStub({ sessionId: `recheck-session-${i}`, denominacion: `Recheck ${i}` });
    const entry = {
      v: 2 as const,
      record: { ...record, status: "live" as const },
      ownerTokenHash: null,
      claimTokenHash: null,
      auditSessionId: null,
      seq: 0,
      reportHash: null,
    };
    expect((await getStore().putRecord(entryWrite(entry, { mode: "create" }))).ok).toBe(true);
    ids.push(record.id);
  }
});
afterAll(() => restore?.());
// Every test starts a fresh round at the first record, over this file's records only, whatever ran
// before it: the service's seed records are loaded once per process by whichever call comes first
// (certifying does), so they are taken out again here.
beforeEach(async () => {
  await getStore().del(RECHECK_CURSOR_KEY);
  for (const seed of seedRecords()) await getStore().deleteRecord(REGISTRY_COLLECTION, seed.id);
});

describe("the scheduled re-check", () => {
  it("starts the next run with the records a run had no time left for", async () => {
    const out = await recheckLiveRecords({ budgetMs: 0 });
    expect(out.checked).toEqual([]);
    expect(out.skipped.map((s) => s.id)).toEqual(ids.slice(0, RECHECK_BATCH));
    expect(out.skipped.every((s) => s.reason.includes("time budget"))).toBe(true);
    expect(out.wrapped).toBe(false);

    const first = await recheckLiveRecords();
    expect(first.skipped).toEqual(ids.slice(0, RECHECK_BATCH).map((id) => ({ id, reason: "no public URL" })));
    expect(first.wrapped).toBe(false);
    const second = await recheckLiveRecords();
    expect(second.skipped.map((s) => s.id)).toEqual(ids.slice(RECHECK_BATCH));
    expect(second.wrapped).toBe(true);
    expect((await recheckLiveRecords()).skipped.map((s) => s.id)).toEqual(ids.slice(0, RECHECK_BATCH));
  });

  it("moves past exactly the records reached when the budget ends mid-batch", async () => {
    let t = 0;
    const clock = () => (t += 10); // the start, then 10 ms more at each record
    // A record starts only while a whole certification still fits in what is left of the run.
    const partial = await recheckLiveRecords({ budgetMs: getConfig().certifier.budgetMs + 35, clock });
    expect(partial.skipped.filter((s) => s.reason === "no public URL").map((s) => s.id)).toEqual(ids.slice(0, 3));
    expect(partial.skipped.filter((s) => s.reason.includes("time budget"))).toHaveLength(RECHECK_BATCH - 3);
    const rest = await recheckLiveRecords();
    expect(rest.skipped.map((s) => s.id)).toEqual(ids.slice(3, 3 + RECHECK_BATCH));
  });

  it("never certifies, so never promotes, a record that is not live", async () => {
    const { record } = prepareFormingStub({ sessionId: "recheck-session-draft", denominacion: "Recheck borrador" });
    const entry = {
      v: 2 as const,
      record,
      ownerTokenHash: null,
      claimTokenHash: null,
      auditSessionId: null,
      seq: 0,
      reportHash: null,
    };
    expect((await getStore().putRecord(entryWrite(entry, { mode: "create" }))).ok).toBe(true);
    try {
      await expect(certifyRecord(record.id, { cron: true })).rejects.toMatchObject({
        code: "conflict",
        detail: expect.stringContaining("no longer live"),
      });
    } finally {
      // The other tests count the records a run passes over: this one must not stay among them.
      await getStore().deleteRecord(REGISTRY_COLLECTION, record.id);
    }
  });
});
