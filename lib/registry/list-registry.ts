import { getConfig } from "../config/config";
import { getStore } from "../store";
import { SCHEMA_FILES } from "./build-json-schemas";
import { isExpiredDraft } from "./draft-expiry";
import { ensureSeeds } from "./ensure-seeds";
import { openEntry } from "./open-entry";
import { encodeCursor, type RegistryQuery } from "./parse-registry-query";
import type { RegistryList } from "./record-schema";
import { schemaUrl } from "./schema-url";
import { REGISTRY_COLLECTION } from "./stored-record";

/**
 * One page of the registry (SPEC 2.3 envelope) in creation order, which updates do not change, so
 * pages never skip or repeat a record. One store round trip per page, whatever its size. Drafts left
 * uncertified past REGISTRY_DRAFT_TTL are left out, so a page may hold fewer than `limit` records
 * while `nextCursor` still leads on. A record whose stored state does not verify is left out (and
 * alarmed: open-entry.ts), as is one whose verified state does not match the filters its store
 * indexes were found by. `now` is the clock (tests).
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
  const page = await getStore().listRecords({
    collection: REGISTRY_COLLECTION,
    where,
    limit: query.limit,
    ...(query.after === undefined ? {} : { after: query.after }),
  });
  const ttlMs = getConfig().registryDraftTtlMs;
  const opened = await Promise.all(page.records.map(openEntry));
  const records = opened
    .flatMap((o) => (o.ok ? [o.entry] : []))
    .filter((entry) => Object.entries(where).every(([k, v]) => entry.record[k as keyof typeof entry.record] === v))
    .filter((entry) => !isExpiredDraft(entry, now, ttlMs))
    .map((entry) => entry.record);
  return {
    $schema: schemaUrl(SCHEMA_FILES.list, requestOrigin),
    generatedAt: now.toISOString(),
    count: records.length,
    filters: query.filters,
    records,
    nextCursor: page.next === null ? null : encodeCursor(page.next, query.filters),
  };
}
