import { getStore } from "../store";
import { readLeafRange, sequencedCount } from "../tlog/leaf-items";
import { eachStoredRecord } from "./each-stored-record";
import type { RegistryEntry } from "./registry-entry";
import { saveEntry } from "./stored-record";
import { reportHashOf, reportKey } from "./stored-report";

const LEAF_PAGE = 10_000;

export interface ResealResult {
  /** Entries written before sealing existed (v1, no seal), by id. */
  legacy: string[];
  /** Those sealed by this run (with `write`). */
  sealed: string[];
}

/** How many registry leaves the log holds per record id: the seq the next leaf of each takes. */
async function leafCounts(): Promise<Map<string, number>> {
  const store = getStore();
  const counts = new Map<string, number>();
  const total = await sequencedCount(store);
  for (let start = 0; start < total; start += LEAF_PAGE) {
    for (const raw of await readLeafRange(store, start, Math.min(start + LEAF_PAGE, total))) {
      try {
        const leaf = JSON.parse(raw) as { kind?: string; id?: string };
        if (leaf.kind === "registry.record" && typeof leaf.id === "string") {
          counts.set(leaf.id, (counts.get(leaf.id) ?? 0) + 1);
        }
      } catch {
        // not a leaf this count is about
      }
    }
  }
  return counts;
}

/**
 * The operator's one-time step after upgrading a store written before entries were sealed: finds the
 * v1 entries (no seal), and with `write` seals each as it stands, with a new `updated` leaf whose seq
 * continues the record's leaves, binding the kept report as it stands too. This trusts the store's
 * content at that moment, which is why it never runs by itself (scripts/reseal-registry.ts). An entry
 * that carries a seal, valid or not, is never touched.
 */
export async function resealLegacyEntries(options: { write: boolean }): Promise<ResealResult> {
  const store = getStore();
  const result: ResealResult = { legacy: [], sealed: [] };
  const counts = options.write ? await leafCounts() : new Map<string, number>();
  for await (const stored of eachStoredRecord(store)) {
    let old: Partial<Omit<RegistryEntry, "v">> & { v?: number; mac?: unknown };
    try {
      old = JSON.parse(stored.value);
    } catch {
      continue;
    }
    if (old.v !== 1 || "mac" in old || old.record?.id !== stored.id) continue;
    result.legacy.push(stored.id);
    if (!options.write) continue;
    const report = await store.get(reportKey(stored.id));
    const entry: RegistryEntry = {
      v: 2,
      record: old.record as RegistryEntry["record"],
      ownerTokenHash: old.ownerTokenHash ?? null,
      claimTokenHash: old.claimTokenHash ?? null,
      auditSessionId: old.auditSessionId ?? null,
      ...(old.draftSince ? { draftSince: old.draftSince } : {}),
      seq: counts.get(stored.id) ?? 0,
      reportHash: report === null ? null : reportHashOf(report),
    };
    const saved = await saveEntry(entry, { mode: "update", expectVersion: stored.version });
    if (saved.ok) result.sealed.push(stored.id);
  }
  return result;
}
