import { isApiError } from "../http/problem";
import { getStore } from "../store";
import { certifyRecord } from "./certify-record";
import { parseEntry, REGISTRY_COLLECTION } from "./stored-record";

const CURSOR_KEY = "registry:recheck:after";
/** Records per run and time budget, so one run fits a serverless function's duration limit. */
export const RECHECK_BATCH = 10;
const RECHECK_BUDGET_MS = 45_000;

export interface RecheckSummary {
  checked: { id: string; rating: string; score: number; goodStanding: string }[];
  skipped: { id: string; reason: string }[];
  /** True when this run reached the end of the live records (the next run starts over). */
  wrapped: boolean;
}

/**
 * The scheduled re-check: re-certifies live records in batches, continuing where the previous run
 * stopped (a cursor kept in the store) and wrapping around at the end. Each verdict goes through the
 * state machine (good standing active <-> suspended) and updates lastCheckedAt.
 */
export async function recheckLiveRecords(): Promise<RecheckSummary> {
  const store = getStore();
  const started = Date.now();
  const after = Number((await store.get(CURSOR_KEY)) ?? 0);
  const page = await store.listRecords({
    collection: REGISTRY_COLLECTION,
    where: { status: "live" },
    limit: RECHECK_BATCH,
    ...(after > 0 ? { after } : {}),
  });
  const summary: RecheckSummary = { checked: [], skipped: [], wrapped: page.next === null };
  for (const stored of page.records) {
    const { record } = parseEntry(stored.value);
    if (Date.now() - started > RECHECK_BUDGET_MS) {
      summary.skipped.push({ id: record.id, reason: "time budget of this run used up" });
      continue;
    }
    if (record.publicUrl === "-") {
      summary.skipped.push({ id: record.id, reason: "no public URL" });
      continue;
    }
    try {
      const { record: next, report } = await certifyRecord(record.id, { cron: true });
      summary.checked.push({
        id: record.id,
        rating: report.rating,
        score: report.score,
        goodStanding: next.goodStanding.state,
      });
    } catch (err) {
      if (!isApiError(err)) throw err;
      summary.skipped.push({ id: record.id, reason: err.detail });
    }
  }
  await store.set(CURSOR_KEY, String(page.next ?? 0));
  return summary;
}
