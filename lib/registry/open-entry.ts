import { ApiError } from "../http/problem";
import type { StoredRecord } from "../store/types";
import { isIndexStateError } from "../tlog/index-store";
import { publicRecordHash } from "../tlog/leaf";
import { lookupSubject, recordSubject, type SubjectLookupFn } from "../tlog/subject-lookup";
import type { RegistryEntry } from "./registry-entry";
import { unsealEntry } from "./seal-entry";

/** A stored entry that verified: the entry, its store version and its `seq` (the version the log knows). */
export interface OpenedEntry {
  ok: true;
  entry: RegistryEntry;
  /** The store's write counter, for conditional updates. */
  version: number;
  /** The record's version in the transparency log: the `seq` of the leaf that recorded this state. */
  seq: number;
}

/** A stored entry that did not verify: never served, never written over. */
export interface CorruptEntry {
  ok: false;
  id: string;
  problem: string;
}

/**
 * The one read of a stored registry entry: every reader (a record, a list, a claim, a change, a
 * certification, a report, the re-check, MCP tools and pages) goes through here. The store is not
 * trusted: the entry must carry the service's seal and be the entry of the id it is stored under.
 * Anything else is reported once in the server log as an alarm and handed back as corrupt. Async so
 * that further checks (against the transparency log's index) belong here too.
 */
export async function openEntry(
  stored: StoredRecord,
  lookup: SubjectLookupFn = (subject) => lookupSubject(subject),
): Promise<OpenedEntry | CorruptEntry> {
  const opened = unsealEntry(stored.value);
  let problem = "problem" in opened ? opened.problem : null;
  if ("entry" in opened && opened.entry.record?.id !== stored.id) {
    problem = `it is sealed as record ${JSON.stringify(opened.entry.record?.id)}`;
  }
  if (problem !== null || !("entry" in opened)) {
    const why = problem ?? "it does not verify";
    console.error(`[registry] ALARM: stored record ${stored.id} is not the service's: ${why}. It is not served.`);
    return { ok: false, id: stored.id, problem: why };
  }
  const behind = await behindTheLog(opened.entry, lookup);
  if (behind !== null) {
    console.error(`[registry] ALARM: stored record ${stored.id} is not the log's latest: ${behind}. It is not served.`);
    return { ok: false, id: stored.id, problem: behind };
  }
  return { ok: true, entry: opened.entry, version: stored.version, seq: opened.entry.seq };
}

/**
 * A sealed entry can still be an older one put back: the log's index holds the record's latest
 * version (seq and public hash), and a stored state behind it, or another state at its seq, is not
 * the record's. Entries the log has not integrated yet are ahead of the index, and stand.
 */
async function behindTheLog(entry: RegistryEntry, lookup: SubjectLookupFn): Promise<string | null> {
  let found: Awaited<ReturnType<SubjectLookupFn>>;
  try {
    found = await lookup(recordSubject(entry.record.id));
  } catch (err) {
    if (isIndexStateError(err)) return null; // reported where the index is read; the seal still holds
    throw err;
  }
  const latest = found?.value;
  if (!latest || latest.seq < entry.seq) return null;
  if (latest.seq > entry.seq) return `the log holds its version ${latest.seq}, the store version ${entry.seq}`;
  return latest.hash === publicRecordHash(entry.record)
    ? null
    : `the log holds another state at its version ${latest.seq}`;
}

/** The 409 answered for a record whose stored state does not verify. */
export function corruptRecordProblem(id: string): ApiError {
  return new ApiError(
    "registry_record_corrupt",
    `The stored state of record ${id} does not carry the service's seal (it was changed outside the service), so it is not served or changed. The operator has been alerted.`,
  );
}
