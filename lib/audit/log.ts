import { randomUUID } from "node:crypto";
import { getConfig } from "../config/config";
import { ApiError } from "../http/problem";
import { hashOf } from "../signing/canonical";
import { currentHmacKey, signingKeys } from "../signing/keys";
import { getStore } from "../store";
import { type BatchFailure, type BatchWrite, type Expiry, isStoreUnavailable, type Store } from "../store/types";
import { findRecentLeaf } from "../tlog/find-leaf";
import { logRefusal } from "../tlog/integrate";
import { leafBytes, leafHashOf, sequenceLeaf } from "../tlog/leaf";
import { type TransparencyReceipt, transparencyReceipt } from "../tlog/receipt";
import { sessionSubject, subjectReads } from "../tlog/subject-lookup";
import { inAppendQueue } from "./append-queue";
import { announceCheckpoint } from "./appended";
import { signCheckpoint, signCheckpointNow } from "./checkpoint";
import type { AuditEntry, AuditEvent } from "./entry";
import { type SessionInLog, sessionInLog } from "./index-status";
import { logKey, readLogHead, unsettled } from "./log-head";
import { authorize, newSessionHeader, sealedHeaderOrThrow } from "./session-header";
import { signEntry } from "./sign-entry";
import { auditLogCorrupt, headRefusal, unsignableBecause } from "./signable-head";
import { checkpointKey, checkpointWrite, type SignedHead, storeCheckpoint } from "./store-checkpoint";
import { KEEP_NONE, verifyStoredEntries } from "./stored-verification";
import {
  emptySummary,
  type SessionSummary,
  sealSummary,
  summaryAfterAppend,
  summaryKey,
  summaryOfReport,
} from "./summary";

const MAX_ATTEMPTS = 200;

export interface AppendOutcome {
  entry: AuditEntry;
  /** The entry as stored: its full canonical form (RFC 8785) and that form's hash, `prev` of the next. */
  stored: StoredEntry;
  sessionId: string;
  /** The checkpoint signed over the head this append produced (stored with it), or a newer one. */
  checkpoint: string;
  /** The entry's leaf in the transparency log, with its inclusion proof once integrated. */
  transparency: TransparencyReceipt;
  /** The session write token, present only when this call created the session. */
  sessionToken: string | null;
}

export interface AppendRequest {
  /** Null: the server makes a UUID v4 session. */
  sessionId: string | null;
  /**
   * `sessionId` is a UUID v4 the server made for this call, never one a client sent: no log can
   * hold a leaf of it yet, so its index is not looked up (as for a null sessionId).
   */
  madeHere?: boolean;
  /** The `x-session-token` the caller presented, if any. */
  sessionToken: string | null;
  /**
   * The service itself writes (e.g. the registry logging a certification in a record's session):
   * no token is checked, so the service never has to keep one. Never set from client input.
   */
  asService?: boolean;
  /**
   * The write token a new session gets, made by the caller beforehand (POST /api/play answers with
   * it in a header before its first entry exists); a fresh one when absent. Ignored when the session exists.
   */
  newSessionToken?: string;
  event: AuditEvent;
}

/**
 * The writes an entry records (a registry record, a stored answer...), built for each attempt from
 * the entry that attempt signs. They land in the same atomic batch as the entry, or not at all.
 */
export type AuditEffects = (entry: AuditEntry, stored: StoredEntry) => BatchWrite[];

export interface StoredEntry {
  full: string;
  hash: string;
}

export type AppendWithEffectsOutcome =
  | ({ ok: true } & AppendOutcome)
  /** An effect's condition failed (`index` into the effects): neither the entry nor any effect was written. */
  | { ok: false; index: number; failure: BatchFailure };

/**
 * Appends one signed, chained entry to a session, creating the session (and its write token) on
 * first write. Concurrent writers never lose, duplicate or reorder entries: the append is
 * conditional on the list length the writer saw, and a writer that loses the race re-reads the
 * head and retries. Sessions holding only demo tool calls expire AUDIT_DEMO_RETENTION after their
 * last write; an incorporation or registry entry makes the session permanent.
 */
export async function appendAuditEvent(request: AppendRequest, store: Store = getStore()): Promise<AppendOutcome> {
  const outcome = await appendAuditEventWith(request, () => [], store);
  if (!outcome.ok) throw new Error("appendAuditEvent: an append without effects cannot be refused");
  return outcome;
}

/**
 * appendAuditEvent plus the entry's effects, in one atomic store batch: the entry and what it records
 * are both stored or neither is, whatever fails when. A new session's header goes in the same batch,
 * so a failed first write leaves no session behind either.
 */
export async function appendAuditEventWith(
  request: AppendRequest,
  effects: AuditEffects,
  store: Store = getStore(),
): Promise<AppendWithEffectsOutcome> {
  const sessionId = request.sessionId ?? randomUUID();
  return inAppendQueue(logKey(sessionId), () => appendWithRetries(sessionId, request, effects, store));
}

/** The conditional append, retried while writers in other processes win the race. */
async function appendWithRetries(
  sessionId: string,
  request: AppendRequest,
  effects: AuditEffects,
  store: Store,
): Promise<AppendWithEffectsOutcome> {
  const key = logKey(sessionId);
  const expiry: Expiry = request.event.kind === "tool-call" ? getConfig().demoRetentionMs : "persist";
  const stall = await logRefusal(store);
  if (stall !== null) throw logStalled(stall.reason);

  let refusedSnapshot: string | null = null;
  let rereadHead = true;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 * attempt)));
    // The head, not the whole log: what this append builds on is checked in one read whatever
    // the session's size (signable-head.ts says why that is enough), with the log's index of it.
    // A session id this server has just made (request.sessionId null) cannot be in the log yet.
    const known = request.sessionId !== null && request.madeHere !== true;
    const head = await readLogHead(sessionId, store, known ? subjectReads(sessionSubject(sessionId)) : []);
    const { headerRaw } = head;
    if (headerRaw === null && head.summaryRaw !== null) throw sessionRetired();

    // A new session: whoever appends the header first owns it, and returns its token. An existing
    // one takes a write only under a header the service sealed for it, the service's own too.
    const header = headerRaw === null ? newSessionHeader(sessionId, new Date(), request.newSessionToken) : null;
    if (headerRaw !== null) {
      const sealed = sealedHeaderOrThrow(headerRaw, sessionId);
      if (!request.asService) authorize(sealed, request.sessionToken);
    }

    // The position comes from the list's length, never from what the stored last entry says of itself.
    const seq = head.stored;
    const max = getConfig().env.AUDIT_MAX_ENTRIES;
    if (seq >= max) {
      throw new ApiError(
        "audit_session_full",
        `This session holds ${max} entries, the most one session may hold; nothing was written. Start a new session.`,
        { max },
      );
    }
    // The log's index is the one record of how far this session went that the store cannot roll
    // back: a session cut back in the store takes no new entry at a seq the log already holds.
    const inLog: SessionInLog = known
      ? await sessionInLog(
          sessionId,
          { size: seq, hash: head.last === null ? null : hashOf(head.last) },
          store,
          head.extra,
        )
      : { status: "latest", seq: null, leafIndex: null };
    if (inLog.status === "cut") {
      // Another writer's entry may have landed and been integrated since the head was read: only a
      // list that has not grown since is shorter than the log.
      if ((await store.length(key)) !== (head.exists ? head.stored + 1 : 0)) continue;
      throw sessionCut(sessionId, seq, inLog);
    }
    let summary: SessionSummary | null = header ? emptySummary(sessionId) : head.summary;
    let last = head.last;
    let refusal = header ? null : await headRefusal(head, store);
    if (refusal === undefined && unsettled(head) && rereadHead) {
      // The reads are separate requests: an append by another process may have landed among them.
      rereadHead = false;
      continue;
    }
    if (refusal === undefined) {
      // No summary of this head (a session stored before summaries, or an edited store): verify every
      // entry once, and the append stores the summary that makes the next one cheap again.
      const stored = await verifyStoredEntries(sessionId, seq, store, { keep: KEEP_NONE });
      last = (await stored.itemAt(seq - 1)) ?? null;
      if (stored.report.total !== seq || (await store.length(key)) !== seq + 1) continue;
      refusal = await unsignableBecause({ sessionId, ...stored, checkpoint: head.checkpoint });
      summary = summaryOfReport(sessionId, stored.report);
    }
    if (refusal !== null || summary === null) {
      // The reads are separate requests: an append landing among them looks like a mismatch. Only
      // the same state read twice is a stored log that fails verification.
      const snapshot = `${head.stored}\n${head.summaryRaw}\n${head.checkpoint}\n${head.last}`;
      if (refusedSnapshot === snapshot) throw auditLogCorrupt(refusal ?? "its summary does not match it");
      refusedSnapshot = snapshot;
      continue;
    }
    const now = new Date();
    const { entry, full } = signEntry(
      { ...request.event, sessionId, seq, ts: now.toISOString(), prev: last === null ? null : hashOf(last) },
      currentHmacKey(),
    );
    const headHash = hashOf(full);
    // The entry's leaf is sequenced in the same batch: no entry without its leaf, no leaf without its entry.
    const leaf = leafBytes({ kind: "audit.entry", sessionId, seq, entryHash: headHash });
    const append: BatchWrite = header
      ? { type: "append", key, expectedLength: 0, values: [header.raw, full], expiry }
      : { type: "append", key, expectedLength: seq + 1, values: [full], expiry };
    const signed = { sessionId, size: seq + 1, head: headHash, at: now, expiry };
    // The summary is compare-and-set on the one this append read: a writer that lost the race retries.
    const next: BatchWrite = {
      type: "set",
      key: summaryKey(sessionId),
      value: sealSummary(summaryAfterAppend(summary, headHash)),
      expect: [head.summaryRaw],
    };
    const stored: StoredEntry = { full, hash: headHash };
    const writes = [append, sequenceLeaf(leaf), next, ...effects(entry, stored)];
    // Where the store can, the checkpoint is signed and stored in the entry's own batch, once the
    // leaf's position is known: one write and one disk sync fewer. Elsewhere it follows the batch.
    let checkpoint: string | null = null;
    const keys = store.batchFollowedBy ? await signingKeys() : null;
    const result = await (store.batchFollowedBy && keys
      ? store.batchFollowedBy(writes, ([logIndex]) => {
          checkpoint = signCheckpointNow(keys, { sessionId, size: seq + 1, head: headHash, logIndex }, now);
          return [checkpointWrite(sessionId, checkpoint, head.checkpointStored, expiry)];
        })
      : store.batch(writes)
    ).catch((err: unknown) => settleLost(err, { ...signed, full, leaf }, store));
    if (!result.ok) {
      // A failed condition among the effects is the caller's; any other (the followers' too) is a race.
      if (result.index > 2 && result.index < writes.length) {
        return { ok: false, index: result.index - 3, failure: result.failure };
      }
      continue;
    }
    const logIndex = result.pushedAt[0] as number;
    if (checkpoint === null) checkpoint = await storeCheckpoint({ ...signed, logIndex }, store, head.checkpointStored);
    else announceCheckpoint(sessionId);
    const transparency = await transparencyReceipt({ index: logIndex, leafHash: leafHashOf(leaf) }, store);
    return { ok: true, entry, stored, sessionId, checkpoint, transparency, sessionToken: header?.token ?? null };
  }
  throw sessionTooBusy();
}

/**
 * An append whose batch's answer was lost (the store may or may not have applied it) still owes
 * its entry a checkpoint if it landed: without one, reads leave the entry out. Looks once, now
 * (a lost answer usually means the store is back), and rethrows so the caller answers 503 with an
 * unknown outcome; if the store cannot be read now, the session's next append covers the entry.
 */
async function settleLost(
  err: unknown,
  lost: Omit<SignedHead, "logIndex"> & { full: string; leaf: string },
  store: Store,
): Promise<never> {
  if (isStoreUnavailable(err) && err.outcomeUnknown) {
    try {
      const [stored] = await store.range(logKey(lost.sessionId), lost.size, lost.size);
      const logIndex = stored === lost.full ? await findRecentLeaf(store, lost.leaf) : null;
      if (logIndex !== null) await storeCheckpoint({ ...lost, logIndex }, store);
    } catch {
      // Unreachable again: storeCheckpoint retries in the background, or the next append covers it.
    }
  }
  throw err;
}

/** The store serves less of the session than the log recorded: someone cut it back. */
function sessionCut(sessionId: string, seq: number, inLog: SessionInLog): ApiError {
  console.error(
    `[audit] ALARM: session ${sessionId} is cut in the store: it serves ${seq} entries, the log holds seq ${inLog.seq} at leaf ${inLog.leafIndex}`,
  );
  return new ApiError(
    "audit_session_cut",
    `The store holds fewer entries of this session than the transparency log recorded (its latest is seq ${inLog.seq}, at log index ${inLog.leafIndex}): its log was cut back, so nothing was written. Read it with ?verify=1; the operator must restore it.`,
    { latestSeq: inLog.seq, logIndex: inLog.leafIndex },
  );
}

/** The integrator refuses the store's log: adding leaves behind it would only pile them up. */
function logStalled(reason: string): ApiError {
  return new ApiError(
    "tlog_stalled",
    `The transparency log cannot take new entries until its store is repaired (${reason}); nothing was written.`,
    {},
    { "retry-after": "60" },
  );
}

/** Writers kept losing the race for the next position; none of their attempts was written. */
function sessionTooBusy(): ApiError {
  return new ApiError(
    "store_unavailable",
    "The session is too busy right now; nothing was written. Retry shortly.",
    {},
    { "retry-after": "1" },
  );
}

/**
 * The id named a demo session whose log has expired: its summary outlives it, so that nobody can
 * start a session under the same id and have badges embedded for the old one show their entries.
 */
function sessionRetired(): ApiError {
  return new ApiError(
    "audit_session_retired",
    "This session id belonged to a session whose log has expired, and ids are never reused; nothing was written. Leave the session id out to start a new session.",
  );
}

export interface OpenSessionOutcome {
  sessionId: string;
  /** The new session's write token when this call created it; null when it already existed. */
  sessionToken: string | null;
}

/**
 * Checks, before anything is appended, that the caller may write to a session: creates it (its
 * header item, no entry) when it is new and returns its write token, or checks the presented token
 * (403 session_token_required / session_token_invalid) when it exists. For writes that must answer
 * before they know what they will append: POST /api/play returns the token in a header, then appends
 * one entry per tool call while it streams, each with appendAuditEvent and that token. A new session
 * that never gets an entry reads as an empty log and expires after AUDIT_DEMO_RETENTION.
 */
export async function openSession(
  request: { sessionId: string | null; sessionToken: string | null },
  store: Store = getStore(),
): Promise<OpenSessionOutcome> {
  const sessionId = request.sessionId ?? randomUUID();
  const key = logKey(sessionId);
  // Two rounds suffice: a lost claim means the header now exists.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [[headerRaw], summaryRaw] = await Promise.all([store.range(key, 0, 0), store.get(summaryKey(sessionId))]);
    if (headerRaw === undefined && summaryRaw !== null) throw sessionRetired();
    if (headerRaw !== undefined) {
      authorize(sealedHeaderOrThrow(headerRaw, sessionId), request.sessionToken);
      return { sessionId, sessionToken: null };
    }
    // The empty log gets its checkpoint too, so a reader of a session opened by /api/play is handed a
    // signed statement that it had no entries, never one signed on read.
    const now = new Date();
    const header = newSessionHeader(sessionId, now);
    const checkpoint = await signCheckpoint({ sessionId, size: 0, head: null }, now);
    const expiry = getConfig().demoRetentionMs;
    const claimed = await store.batch([
      { type: "append", key, expectedLength: 0, values: [header.raw], expiry },
      { type: "set", key: checkpointKey(sessionId), value: checkpoint, ttlMs: expiry },
      { type: "set", key: summaryKey(sessionId), value: sealSummary(emptySummary(sessionId)), expect: [null] },
    ]);
    if (claimed.ok) {
      announceCheckpoint(sessionId);
      return { sessionId, sessionToken: header.token };
    }
  }
  throw sessionTooBusy();
}

/**
 * Checks, writing nothing, that the caller may write to a session: for an existing one the presented
 * token (403 session_token_required / session_token_invalid), for a retired id 410
 * audit_session_retired. A new session is created later by its first entry (appendAuditEvent with
 * `newSessionToken`), so a write that ends up appending nothing leaves no session behind.
 */
export async function checkSessionWrite(
  request: { sessionId: string; sessionToken: string | null },
  store: Store = getStore(),
): Promise<{ exists: boolean }> {
  const [[headerRaw], summaryRaw] = await Promise.all([
    store.range(logKey(request.sessionId), 0, 0),
    store.get(summaryKey(request.sessionId)),
  ]);
  if (headerRaw === undefined && summaryRaw !== null) throw sessionRetired();
  if (headerRaw === undefined) return { exists: false };
  authorize(sealedHeaderOrThrow(headerRaw, request.sessionId), request.sessionToken);
  return { exists: true };
}

/** A session's stored items in order, each an entry's full canonical form; an unknown session has none. */
export function readAuditItems(sessionId: string, store: Store = getStore()): Promise<string[]> {
  return store.range(logKey(sessionId), 1, -1);
}

/** A stored item as a value: an unparseable, hand-edited item stays a string (verification reports it as malformed). */
export function parseAuditItem(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** A session's entries in order, as stored; an unknown session is an empty log. */
export async function readAuditEntries(sessionId: string, store: Store = getStore()): Promise<unknown[]> {
  return (await readAuditItems(sessionId, store)).map(parseAuditItem);
}

/**
 * Entries a long read (the CSV export, a stream catching up) takes from the store in one step: what
 * one step holds in memory is bounded by this, never by the session.
 */
export const AUDIT_READ_PAGE = 200;

/** The stored items of at most `limit` entries after `afterSeq`, in order (-1: from the first). */
export function readAuditItemsAfter(
  sessionId: string,
  afterSeq: number,
  limit: number,
  store: Store = getStore(),
): Promise<string[]> {
  if (limit <= 0) return Promise.resolve([]);
  // List positions: the header is item 0, entry n is item n + 1; the stop is inclusive.
  return store.range(logKey(sessionId), afterSeq + 2, afterSeq + 1 + limit);
}

/** At most `limit` entries after `afterSeq` (for the stream), in order. */
export async function readAuditEntriesAfter(
  sessionId: string,
  afterSeq: number,
  limit: number,
  store: Store = getStore(),
): Promise<AuditEntry[]> {
  const items = await readAuditItemsAfter(sessionId, afterSeq, limit, store);
  return items.map((raw) => JSON.parse(raw) as AuditEntry);
}
