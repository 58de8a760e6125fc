import type { AuditEntry } from "../audit/entry";
import { readAuditItemsAfter } from "../audit/log";
import { ApiError } from "../http/problem";
import { loadEntry } from "../registry/stored-record";
import { hashOf } from "../signing/canonical";
import { storeAlarm } from "../store/store-alarm";
import { type RecordedRefusal, type RefusalFacts, refusalAnswer } from "./refusal-answer";
import type { SuccessFacts } from "./success-answer";

/**
 * What an incorporation stores for its replays: the facts its answer is built from, with the audit
 * entry and the registry record named rather than copied. Both are kept by the store anyway, sealed
 * (the record) or signed and chained (the entry), so a copy would only double the bytes of every
 * incorporation for a day. The entry is named by its seq and the hash of its canonical form, so a
 * replay hands out exactly the entry the first answer had, or none; the record by its id, so a
 * replay shows it as it stands now (a record is never deleted, only changed through the API and
 * the log). A refusal (422) keeps its findings and names its entry the same way.
 */
type NamedEntry = { seq: number; hash: string };

export interface StoredSuccess {
  ok: true;
  ref: Omit<SuccessFacts, "entry" | "record"> & { entry: NamedEntry; record: string };
}

export interface StoredRefusal {
  ok: false;
  ref: Omit<RefusalFacts, "entry" | "sessionToken"> & { entry: NamedEntry };
}

/** The entry named by its seq and `hash`, the hash of its stored canonical form (AppendOutcome.stored). */
const named = (entry: AuditEntry, hash: string): NamedEntry => ({ seq: entry.seq, hash });

/** A success stored by a version that copied its entry and record (replays within a day of a deploy). */
interface CopiedSuccess {
  ok: true;
  facts: SuccessFacts;
}

/** The stored form of a success's facts; `entryHash` is the hash of the entry's stored form. */
export function storedSuccess(facts: SuccessFacts, entryHash: string): StoredSuccess {
  const { entry, record, ...rest } = facts;
  return { ok: true, ref: { ...rest, entry: named(entry, entryHash), record: record.id } };
}

/** The stored form of a refusal's facts (never its session token, shown once). */
export function storedRefusal(facts: RefusalFacts, entryHash: string): StoredRefusal {
  const { entry, sessionToken: _shownOnce, ...rest } = facts;
  return { ok: false, ref: { ...rest, entry: named(entry, entryHash) } };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * The facts of a stored success of session `sessionId`, with its entry and record read back; null
 * for a stored body that is not a success. The stored answer's seal already holds (idempotency.ts):
 * what is checked here is what it names, read from the store.
 */
export async function replayedFacts(stored: unknown, sessionId: string): Promise<SuccessFacts | null> {
  if (!isObject(stored) || stored.ok !== true) return null;
  if (isObject(stored.facts)) return (stored as unknown as CopiedSuccess).facts;
  if (!isObject(stored.ref)) return null;
  const { entry, record: recordId, ...rest } = (stored as unknown as StoredSuccess).ref;
  const loaded = await loadEntry(recordId); // a record that fails its seal is refused in there
  if (loaded === null) throw missingFact(sessionId, `record ${recordId}`);
  return { ...rest, entry: await namedEntry(sessionId, entry), record: loaded.entry.record };
}

/**
 * The answer of a stored refusal of session `sessionId`, its entry read back; null for a stored
 * body that is not one (a refusal stored whole by an earlier version is replayed as it is).
 */
export async function replayedRefusal(stored: unknown, sessionId: string): Promise<RecordedRefusal | null> {
  if (!isObject(stored) || stored.ok !== false || !isObject(stored.ref)) return null;
  const { entry, ...rest } = (stored as unknown as StoredRefusal).ref;
  return refusalAnswer({ ...rest, entry: await namedEntry(sessionId, entry) });
}

/** The entry a stored answer names, as the session holds it, or 409 when it is not that entry. */
async function namedEntry(sessionId: string, entry: NamedEntry): Promise<AuditEntry> {
  const [raw] = await readAuditItemsAfter(sessionId, entry.seq - 1, 1);
  // A session's items are the entries' canonical forms: the hash is taken over the stored text.
  if (raw === undefined || hashOf(raw) !== entry.hash) throw missingFact(sessionId, `entry ${entry.seq}`);
  return JSON.parse(raw) as AuditEntry;
}

/** The first answer's entry or record is not in the store as it was written: the replay is refused. */
function missingFact(sessionId: string, what: string): ApiError {
  storeAlarm("incorporation", `a stored answer names ${what}, which the store no longer holds as written`, sessionId);
  return new ApiError(
    "idempotent_answer_corrupt",
    "The answer stored for this request names an audit entry or registry record the store no longer holds as it was written (the store was edited), so it is not handed out; nothing was written. Send the request with a new Idempotency-Key to run it afresh.",
  );
}
