import { getStore } from "../store";
import { sharedLookups } from "../tlog/subject-lookup";
import { SCAN_LIMIT } from "./list-registry";
import { openEntry } from "./open-entry";
import type { RegistryRecord } from "./record-schema";
import { foldName } from "./registry-query";
import { REGISTRY_COLLECTION } from "./stored-record";

const PAGE = 100;

/**
 * The forming record (a company incorporated here, not claimed yet) whose name is `name`, folded as
 * the list's name filter folds it, or null. Reads at most SCAN_LIMIT forming records.
 */
export async function findFormingRecord(name: string): Promise<RegistryRecord | null> {
  const wanted = foldName(name);
  if (!wanted) return null;
  let after: number | undefined;
  for (let read = 0; read < SCAN_LIMIT; ) {
    const page = await getStore().listRecords({
      collection: REGISTRY_COLLECTION,
      where: { status: "forming" },
      limit: PAGE,
      ...(after === undefined ? {} : { after }),
    });
    read += page.records.length;
    const lookup = sharedLookups();
    for (const opened of await Promise.all(page.records.map((stored) => openEntry(stored, lookup)))) {
      if (opened.ok && opened.entry.record.status === "forming" && foldName(opened.entry.record.name) === wanted) {
        return opened.entry.record;
      }
    }
    if (page.next === null) return null;
    after = page.next;
  }
  return null;
}
