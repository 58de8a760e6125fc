import { getConfig } from "../config/config";
import { isApiError } from "../http/problem";
import { getStore } from "../store";
import { certifyRecord } from "./certify-record";
import { openEntry } from "./open-entry";
import { REGISTRY_COLLECTION } from "./stored-record";

/** Where the next run starts: the position after the last record a run reached. */
export const RECHECK_CURSOR_KEY = "registry:recheck:after";
/** Records per run and time budget, so one run fits a serverless function's duration limit (60 s). */
export const RECHECK_BATCH = 10;
const RECHECK_BUDGET_MS = 50_000;

export interface RecheckSummary {
  checked: { id: string; rating: string; score: number; goodStanding: string }[];
  skipped: { id: string; reason: string }[];
  /** True when this run reached the end of the live records (the next run starts over). */
  wrapped: boolean;
}

/**
 * The scheduled re-check: re-certifies live records in batches, continuing where the previous run
 * stopped (a cursor kept in the store) and wrapping around at the end. Each verdict goes through the
 * state machine (good standing active <-> suspended) and updates lastCheckedAt. A run whose time
 * budget ends mid-batch moves the cursor only past the records it reached, so the next run starts
 * with the first one it skipped.
 */
export async function recheckLiveRecords(
  options: { budgetMs?: number; clock?: () => number } = {},
): Promise<RecheckSummary> {
  const store = getStore();
  const { budgetMs = RECHECK_BUDGET_MS, clock = Date.now } = options;
  const started = clock();
  const certificationMs = getConfig().certifier.budgetMs;
  const after = Number((await store.get(RECHECK_CURSOR_KEY)) ?? 0);
  const list = (limit: number) =>
    store.listRecords({
      collection: REGISTRY_COLLECTION,
      where: { status: "live" },
      limit,
      ...(after > 0 ? { after } : {}),
    });
  const page = await list(RECHECK_BATCH);
  const summary: RecheckSummary = { checked: [], skipped: [], wrapped: page.next === null };
  let reached = 0;
  for (const stored of page.records) {
    // A record is started only if a whole certification still fits: a run cut off by the platform
    // would keep its cursor, and every later run would stall on the same records.
    if (clock() - started + certificationMs > budgetMs) break;
    reached++;
    const opened = await openEntry(stored);
    if (!opened.ok) {
      summary.skipped.push({ id: stored.id, reason: "its stored state does not verify (registry_record_corrupt)" });
      continue;
    }
    const { record } = opened.entry;
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
  let next = page.next;
  if (reached < page.records.length) {
    for (const stored of page.records.slice(reached)) {
      summary.skipped.push({ id: stored.id, reason: "time budget of this run used up: the next run starts here" });
    }
    summary.wrapped = false;
    // Positions are opaque: the position after the records reached is the end of a page that long.
    next = reached === 0 ? after : (await list(reached)).next;
  }
  await store.set(RECHECK_CURSOR_KEY, String(next ?? 0));
  return summary;
}
