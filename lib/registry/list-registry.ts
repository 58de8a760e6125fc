import { getConfig } from "../config/config";
import { getStore } from "../store";
import { sharedLookups } from "../tlog/subject-lookup";
import { SCHEMA_FILES } from "./build-json-schemas";
import { isExpiredDraft } from "./draft-expiry";
import { ensureSeeds } from "./ensure-seeds";
import { openEntry } from "./open-entry";
import type { RegistryList } from "./record-schema";
import { encodeCursor, foldName, type RegistryQuery } from "./registry-query";
import { schemaUrl } from "./schema-url";
import { REGISTRY_COLLECTION } from "./stored-record";

/** Most records one name search reads from the store before it answers with a cursor. */
export const SCAN_LIMIT = 1_000;

/**
 * One page of the registry (SPEC 2.3 envelope) in creation order, which updates do not change, so
 * pages never skip or repeat a record. One store round trip per page, whatever its size. Drafts left
 * uncertified past REGISTRY_DRAFT_TTL are left out, so a page may hold fewer than `limit` records
 * while `nextCursor` still leads on. A record whose stored state does not verify is left out (and
 * alarmed: open-entry.ts), as is one whose verified state does not match the filters its store
 * indexes were found by. With a name filter (`q`) the pages are read on until `limit` records
 * match, the list ends or SCAN_LIMIT records were read: a search for a name answers in one call, at
 * a bounded cost, and `nextCursor` leads on from where the reading stopped. `now` is the clock (tests).
 */
export async function listRegistry(
  query: RegistryQuery,
  requestOrigin?: string,
  now: Date = new Date(),
): Promise<RegistryList> {
  await ensureSeeds();
  const where = Object.fromEntries(Object.entries(query.filters).filter(([, v]) => v !== null)) as Record<
    string,
    string
  >;
  const ttlMs = getConfig().registryDraftTtlMs;
  const records: RegistryList["records"] = [];
  let after = query.after;
  let read = 0;
  let next: number | null;
  do {
    // Each page asks for no more than the matches still wanted: a page ends where the answer ends.
    const page = await getStore().listRecords({
      collection: REGISTRY_COLLECTION,
      where,
      limit: query.limit - records.length,
      ...(after === undefined ? {} : { after }),
    });
    read += page.records.length;
    next = page.next;
    after = page.next ?? undefined;
    // One read of the log's notes serves every record's check against the index on this page.
    const lookup = sharedLookups();
    for (const opened of await Promise.all(page.records.map((stored) => openEntry(stored, lookup)))) {
      if (!opened.ok) continue;
      const { entry } = opened;
      if (!Object.entries(where).every(([k, v]) => entry.record[k as keyof typeof entry.record] === v)) continue;
      if (isExpiredDraft(entry, now, ttlMs)) continue;
      if (query.q !== null && !foldName(entry.record.name).includes(query.q)) continue;
      records.push(entry.record);
    }
  } while (query.q !== null && next !== null && records.length < query.limit && read < SCAN_LIMIT);
  return {
    $schema: schemaUrl(SCHEMA_FILES.list, requestOrigin),
    generatedAt: now.toISOString(),
    count: records.length,
    // SPEC 2.3's three filters always; q only when it filters, so unfiltered envelopes keep their shape.
    filters: query.q === null ? query.filters : { ...query.filters, q: query.q },
    records,
    nextCursor: next === null ? null : encodeCursor(next, query.filters, query.q),
  };
}
