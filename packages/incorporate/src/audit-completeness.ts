import { fromBase64 } from "./tlog/bytes.ts";
import { type Checkpoint, openCheckpoint } from "./tlog/checkpoint.ts";
import { TlogError } from "./tlog/errors.ts";
import { openIndexNote } from "./tlog/index-note.ts";
import { type IndexProof, parseIndexValue, verifyIndexProof } from "./tlog/log-index.ts";
import { verifyConsistency } from "./tlog/merkle-verify.ts";
import { checkWitnessPolicy, type WitnessPolicy } from "./tlog/policy.ts";
import { readLeaves } from "./tlog/session-leaves.ts";
import type { BundleRef, Tile } from "./tlog/tile-path.ts";
import { bundlePath, tilePath } from "./tlog/tile-path.ts";
import { checkWitnessViews } from "./tlog/witness-views.ts";

/** Whether the session's head is proved in a checkpoint that meets the witness policy. */
export interface WitnessCheck {
  /** The head is in a checkpoint carrying the policy's quorum of witness cosignatures. */
  meets: boolean;
  quorum: number;
  /** The witnesses whose cosignature verified on that checkpoint (or on the best one found). */
  cosigned: string[];
  /** The size of the witnessed checkpoint the head is proved in; null when none was found. */
  size: number | null;
  /** A contradiction (a bad cosignature, a later checkpoint that does not extend the proof's) or why unchecked. */
  error: string | null;
  /** `error` is a contradiction, not a delay. */
  contradiction: boolean;
}

/** Whether the head shown is the session's latest entry in the log. */
export interface CompletenessCheck {
  /**
   * true: no leaf of this session follows the head's leaf, in leaves `[from, to)`; false: the log
   * holds a later entry of it (the session was cut back) or a second leaf for one of its seqs;
   * null: it could not be checked (see `error`).
   */
  complete: boolean | null;
  /** Leaves read after the head's leaf: `[from, to)`. */
  from: number | null;
  to: number | null;
  /**
   * At most this many leaves are read: until the log commits to a per-session index, completeness is
   * proved by reading the entry bundles after the head, so a head older than that many leaves is
   * reported as unchecked rather than read without end.
   */
  limit: number;
  error: string | null;
}

export interface LogReader {
  /** A text resource under the service's base URL (e.g. `/log/checkpoint`); rejects on failure. */
  text(path: string): Promise<string>;
  /** A binary resource under the service's base URL; rejects on failure. */
  bytes(path: string): Promise<Uint8Array>;
  /** A text resource at an absolute URL (a witness's); rejects on failure. */
  absolute(url: string): Promise<string>;
}

/** Leaves read after a head by default: 16 entry bundles. */
export const DEFAULT_COMPLETENESS_LIMIT = 4096;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
const isContradiction = (err: unknown) =>
  err instanceof TlogError && (err.code === "verification_failed" || err.code === "unverified");

/**
 * Finds a checkpoint that meets `policy` and contains the proof's checkpoint `proved` (the one the
 * head's inclusion proof leads to): `proved` itself when cosigned enough, else the log's latest
 * (`/log/checkpoint`) when it is, proven consistent with `proved`. Short of the quorum, compares the
 * log with what each policy witness last cosigned (checkWitnessViews): a fork they refused is a
 * contradiction, not a delay. Returns the witnessed checkpoint and the latest one proven.
 */
export async function checkWitnessed(
  provedNote: string,
  policy: WitnessPolicy,
  reader: LogReader,
): Promise<{ check: WitnessCheck; witnessed: Checkpoint | null; latest: Checkpoint | null }> {
  const check: WitnessCheck = {
    meets: false,
    quorum: policy.quorum,
    cosigned: [],
    size: null,
    error: null,
    contradiction: false,
  };
  let proved: Checkpoint;
  try {
    const first = await checkWitnessPolicy(provedNote, policy);
    proved = first.checkpoint;
    check.cosigned = first.cosigned.map((w) => w.name);
    if (first.meets) return { check: { ...check, meets: true, size: proved.size }, witnessed: proved, latest: proved };
  } catch (err) {
    return {
      check: { ...check, error: messageOf(err), contradiction: isContradiction(err) },
      witnessed: null,
      latest: null,
    };
  }
  // Witnesses cosign a minute or so late: a later checkpoint that extends this one may carry them.
  let latest: Checkpoint;
  let cosigned: string[];
  let meets: boolean;
  try {
    const note = await reader.text("/log/checkpoint");
    const checked = await checkWitnessPolicy(note, policy);
    latest = checked.checkpoint;
    cosigned = checked.cosigned.map((w) => w.name);
    meets = checked.meets;
  } catch (err) {
    const contradiction = isContradiction(err);
    return { check: { ...check, error: messageOf(err), contradiction }, witnessed: null, latest: null };
  }
  try {
    await proveExtends(proved, latest, reader);
  } catch (err) {
    return {
      check: { ...check, error: messageOf(err), contradiction: isContradiction(err) },
      witnessed: null,
      latest: null,
    };
  }
  if (!meets) {
    // Not witnessed: do the witnesses hold a checkpoint this log contradicts (a fork they refused)?
    try {
      await checkWitnessViews(
        policy,
        latest,
        (url) => reader.absolute(url),
        async (from, to) => consistencyProof(await reader.text(`/log/consistency?from=${from}&to=${to}`)),
      );
    } catch (err) {
      if (isContradiction(err)) {
        return { check: { ...check, error: messageOf(err), contradiction: true }, witnessed: null, latest: null };
      }
    }
    const most = cosigned.length > check.cosigned.length ? cosigned : check.cosigned;
    return {
      check: {
        ...check,
        cosigned: most,
        error: `not witnessed yet: ${most.length} of the ${policy.quorum} witness cosignatures the policy requires`,
      },
      witnessed: null,
      latest,
    };
  }
  return { check: { ...check, meets: true, cosigned, size: latest.size }, witnessed: latest, latest };
}

/** The hashes of a `/log/consistency` answer (checked by the verification that uses them). */
function consistencyProof(text: string): Uint8Array[] {
  const body = JSON.parse(text) as { hashes?: unknown };
  const hashes = Array.isArray(body.hashes) ? body.hashes : [];
  return hashes.map((h) => fromBase64(String(h)) ?? new Uint8Array());
}

/** Proves `newer` extends `older` through the log's consistency proof; throws `verification_failed` when not. */
async function proveExtends(older: Checkpoint, newer: Checkpoint, reader: LogReader): Promise<void> {
  if (newer.size < older.size) {
    throw new TlogError(
      "verification_failed",
      `the log's latest checkpoint (size ${newer.size}) is smaller than the one the head is proved in (${older.size})`,
    );
  }
  if (newer.size === older.size) {
    if (newer.root.some((b, i) => b !== older.root[i])) {
      throw new TlogError("verification_failed", `the log has two roots for size ${older.size}`);
    }
    return;
  }
  const proof = consistencyProof(await reader.text(`/log/consistency?from=${older.size}&to=${newer.size}`));
  try {
    verifyConsistency(older.size, newer.size, proof, older.root, newer.root);
  } catch (err) {
    throw new TlogError(
      "verification_failed",
      `the log's latest checkpoint (size ${newer.size}) does not extend the one the head is proved in (${older.size}): ${messageOf(err)}`,
    );
  }
}

/**
 * Reads the log's leaves after the head's leaf (index `headIndex`) up to `checkpoint`'s size, each
 * proven under its root, and looks for a leaf of the session: an entry at or beyond `size` (the head
 * shown is not the latest: the session was cut back) or a second leaf for an earlier seq. Reads at
 * most `limit` leaves.
 */
export async function checkComplete(
  session: { sessionId: string; size: number; headIndex: number },
  checkpoint: Checkpoint,
  reader: LogReader,
  limit = DEFAULT_COMPLETENESS_LIMIT,
  vkey?: string,
): Promise<CompletenessCheck> {
  if (vkey !== undefined) {
    const indexed = await checkCompleteByIndex(session, checkpoint, reader, vkey, limit);
    if (indexed !== null) return indexed;
  }
  const from = session.headIndex + 1;
  const to = checkpoint.size;
  const result: CompletenessCheck = { complete: null, from, to, limit, error: null };
  if (to - from > limit) {
    return {
      ...result,
      to: null,
      error: `the head is ${to - from} leaves before the end of the log, more than the ${limit} this check reads: not checked`,
    };
  }
  const decoder = new TextDecoder();
  try {
    const fetchTile = (tile: Tile) => reader.bytes(`/log/${tilePath(tile)}`);
    const fetchBundle = (bundle: BundleRef) => reader.bytes(`/log/${bundlePath(bundle)}`);
    for await (const leaves of readLeaves(checkpoint, from, to, fetchTile, fetchBundle)) {
      for (const { index, entry } of leaves) {
        let leaf: { kind?: unknown; sessionId?: unknown; seq?: unknown };
        try {
          leaf = JSON.parse(decoder.decode(entry));
        } catch {
          continue;
        }
        if (leaf?.kind !== "audit.entry" || leaf.sessionId !== session.sessionId || typeof leaf.seq !== "number") {
          continue;
        }
        const error =
          leaf.seq >= session.size
            ? `the log holds entry ${leaf.seq} of this session at leaf ${index}, after the head shown (entry ${session.size - 1}): the session shown was cut back`
            : `the log holds a second leaf for entry ${leaf.seq} of this session at leaf ${index}`;
        return { ...result, complete: false, error };
      }
    }
  } catch (err) {
    // Bundles that do not hash to the signed tree are the service contradicting its own log.
    if (isContradiction(err)) return { ...result, complete: false, error: `the log after the head: ${messageOf(err)}` };
    return { ...result, error: `could not read the log after the head: ${messageOf(err)}` };
  }
  return { ...result, complete: true };
}

/**
 * Completeness through the log's index (docs/decisions/log-index.md), whatever the head's age: the
 * session's latest leaf at the log's latest checkpoint, whose index note the log's key signed for
 * that tree, and which extends the checkpoint the head is proved in. Null when the service serves
 * no index (an older service, or a log not indexed yet): the caller reads the bundles instead.
 */
async function checkCompleteByIndex(
  session: { sessionId: string; size: number; headIndex: number },
  checkpoint: Checkpoint,
  reader: LogReader,
  vkey: string,
  limit: number,
): Promise<CompletenessCheck | null> {
  let body: { value?: unknown; proof?: IndexProof; checkpoint?: unknown; indexNote?: unknown };
  try {
    body = JSON.parse(await reader.text(`/log/index/session/${encodeURIComponent(session.sessionId)}`));
  } catch {
    return null;
  }
  const result: CompletenessCheck = { complete: null, from: null, to: null, limit, error: null };
  try {
    if (typeof body.checkpoint !== "string" || typeof body.indexNote !== "string" || !body.proof) {
      throw new TlogError("verification_failed", "the index lookup lacks its checkpoint, note or proof");
    }
    const latest = (await openCheckpoint(body.checkpoint, vkey)).checkpoint;
    const note = await openIndexNote(body.indexNote, vkey, { origin: latest.origin });
    if (note.size !== latest.size || note.root.some((b, i) => b !== latest.root[i])) {
      throw new TlogError("verification_failed", "the index note is for another tree than its checkpoint");
    }
    await proveExtends(checkpoint, latest, reader);
    const value = body.value === null ? null : parseIndexValue(body.value);
    if (body.value !== null && value === null)
      throw new TlogError("verification_failed", "the index value is malformed");
    verifyIndexProof(note.indexRoot, `session:${session.sessionId}`, value, body.proof);
    const indexed = { ...result, from: session.headIndex + 1, to: latest.size };
    if (value === null) {
      return {
        ...indexed,
        complete: false,
        error: "the log's index holds no entry of this session, though its head is in the log",
      };
    }
    if (value.seq === session.size - 1 && value.index === session.headIndex) return { ...indexed, complete: true };
    const error =
      value.seq >= session.size
        ? `the log holds entry ${value.seq} of this session at leaf ${value.index}, after the head shown (entry ${session.size - 1}): the session shown was cut back (the log's index says so)`
        : `the log's index holds entry ${value.seq} of this session at leaf ${value.index}, not the head shown (entry ${session.size - 1} at leaf ${session.headIndex})`;
    return { ...indexed, complete: false, error };
  } catch (err) {
    if (isContradiction(err)) return { ...result, complete: false, error: `the log's index: ${messageOf(err)}` };
    return null;
  }
}

/** Opens the proof's checkpoint (already verified by the inclusion check) for its size and root. */
export async function openProved(note: string, vkey: string): Promise<Checkpoint> {
  return (await openCheckpoint(note, vkey)).checkpoint;
}
