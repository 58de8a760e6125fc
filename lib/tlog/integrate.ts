import {
  appendStoredHashes,
  EMPTY_INDEX,
  emptyRoot,
  equalBytes,
  formatCheckpoint,
  formatIndexNote,
  type HashLookup,
  IndexBatch,
  type IndexNodeReader,
  type IndexUpdate,
  type IndexValue,
  leafHash,
  leafSubject,
  MemoryTree,
  nextIndexValue,
  rootCoords,
  rootFromStored,
  type StoredHash,
  signNote,
  TILE_HEIGHT,
  TILE_WIDTH,
  tileWidth,
} from "@sociedades-ia/incorporate/tlog";
import { getConfig } from "../config/config";
import { randomToken } from "../identity/random-token";
import { getStore } from "../store";
import type { BatchWrite, Store } from "../store/types";
import { coordKey, readHashesCached, rememberHashes } from "./hash-cache";
import {
  INDEX_NOTE_KEY,
  IndexWrites,
  indexNodeReader,
  indexRootOf,
  isIndexStateError,
  KEPT_LEVELS,
  type NodesAhead,
  readIndexPaths,
  rememberIndexNote,
  takeIndexTop,
} from "./index-store";
import { CHECKPOINT_KEY, LOCK_KEY, nodeSha256, SEQUENCED_KEY, tileKey, toBase64 } from "./layout";
import { hotLeafItems, hotLeafReads, joinHotLeaves, readLeafRange } from "./leaf-items";
import { headOf, type LogHead, openStoredHead, readLogHead, rememberOpenedNote } from "./log-head";
import { logNoteKey } from "./log-key";
import { clearStall, isIntegrationRefused, logStall, type Stall, stallLog } from "./log-stall";
import { rememberSignedHead, rollbackFrom, seenSize } from "./rollback-guard";
import { openLeafItem } from "./sealed-leaf";
import { lookupIn } from "./stored-hashes";
import { flushTiles, tilesToFlush } from "./tile-flush";
import { witnessInBackground } from "./witness-loop";

/** Leaves hashed into one checkpoint at most: bounds one integration's reads and its batch. */
const MAX_BATCH = 2048;
/**
 * An integrator that dies keeps others out this long at most; one still running renews its lock
 * once half of it has passed. The lock only saves duplicate work: correctness rests on the
 * checkpoint's compare-and-set, so a lock that lapses under a live integrator costs a retry, never
 * a fork. (The last commit of a call also releases the lock, on the condition that it still holds
 * it: one that lapsed to another process leaves that commit to the other.)
 */
const LOCK_TTL_MS = 5_000;

const encoder = new TextEncoder();

/**
 * Integrates sequenced leaves into the tree and signs one checkpoint per batch: any process may, one
 * at a time (a lock in the store), and the checkpoint is replaced only if it is still the one the
 * batch started from (compare-and-set), so two integrators can never both extend the same tree.
 * Nothing the store holds is signed over unless it checks: the stored checkpoint must be the log's,
 * the stored hashes must give its root, and each new leaf must carry this service's MAC and follow
 * its subject's previous leaf (log-index). Otherwise the log stalls (log-stall.ts) and this throws
 * IntegrationRefused. Returns the head after this call; null when another process holds the lock.
 */
export async function integrate(store: Store = getStore()): Promise<LogHead | null> {
  const token = randomToken();
  if (!(await store.set(LOCK_KEY, token, { nx: true, ttlMs: LOCK_TTL_MS, volatile: true }))) return null;
  let renewed = Date.now();
  // Indexing a large batch over the network can outlast the lock: it is renewed as the work goes.
  const keepLock = async () => {
    if (Date.now() - renewed > LOCK_TTL_MS / 2) {
      await store.expire(LOCK_KEY, LOCK_TTL_MS);
      renewed = Date.now();
    }
  };
  // Released with the last commit when nothing is left to do under the lock (one command fewer).
  let released = false;
  try {
    // The leaves sequenced when the call began: once they are in, the call returns, so that the
    // writers waiting on it are answered, and leaves arriving meanwhile take the next round.
    let target: number | null = null;
    for (let lost = 0; ; ) {
      await keepLock();
      // One request: the leaves after the largest tree this process saw come with the state, so
      // when no other process integrated since, the batch needs no read of its own.
      const from = seenSize(store);
      const aheadReads = hotLeafReads(from, from + MAX_BATCH);
      const [note, sequenced, indexNote, ...ahead] = (await store.readMany([
        { type: "get", key: CHECKPOINT_KEY },
        { type: "get", key: SEQUENCED_KEY },
        { type: "get", key: INDEX_NOTE_KEY },
        ...aheadReads,
      ])) as [string | null, string | null, string | null, ...string[][]];
      const leafCount = Number(sequenced ?? "0");
      target ??= leafCount;
      const head = note === null ? null : await openStoredHead(store, note);
      const rollback = rollbackFrom(store, head);
      if (rollback !== null) throw new Error(`refusing to integrate: ${rollback}; the store was edited`);
      const size = head?.size ?? 0;
      if (head !== null && leafCount < size) {
        throw stallLog(store, `the stored checkpoint (size ${size}) is ahead of the ${leafCount} leaves stored`);
      }
      if (head !== null && leafCount === size) {
        clearStall(store);
        return head;
      }
      const end = Math.min(leafCount, size + MAX_BATCH);
      const goal = Math.min(leafCount, target);
      // The round's last commit, with no tile to move after it: it releases the lock itself. Its
      // condition is the lock's too, so a commit made after the lock lapsed to another is refused.
      const last = end >= goal && !tilesToFlush(store, end);
      const unlock: BatchWrite | null = last ? { type: "del", key: LOCK_KEY, expect: [token] } : null;
      const next = await extend(
        store,
        { note, head, indexNote, keepLock, ahead: { from, items: joinHotLeaves(aheadReads, ahead) } },
        end,
        unlock,
      );
      // The lock lapsed and another process holds it now: the rest is its work.
      if (next === LOCK_LOST) {
        released = true;
        return null;
      }
      if (typeof next === "string") {
        // Another integrator (whose lock had expired) moved the tree or its index: start again from
        // its head. Over and over, it is stored state that no write can fit (hash lists edited
        // behind the checkpoint, index nodes or notes the log's key did not sign).
        if (++lost >= MAX_LOST) throw stallLog(store, next);
        continue;
      }
      lost = 0;
      released = unlock !== null;
      clearStall(store);
      // Tiles the new tree completes go to the tile store while this process holds the lock.
      await flushTiles(store, next);
      if (next.size >= goal) return next;
    }
  } finally {
    if (!released) await store.batch([{ type: "del", key: LOCK_KEY, expect: [token] }]);
  }
}

/**
 * Why the log cannot take new leaves now, or null. A stalled log is tried once more first: once the
 * store is repaired, the next write finds it integrating again.
 */
export async function logRefusal(store: Store = getStore()): Promise<Stall | null> {
  if (logStall(store) === null) return null;
  try {
    await integrate(store);
  } catch {
    // Still refused (its alarm is raised once per reason), or the store is down: the stall stands.
  }
  return logStall(store);
}

/** Integrations in a row whose batch found the tree moved, before the log is declared stalled. */
const MAX_LOST = 5;

/** extend's answer when its commit, which was to release the lock, found the lock another's. */
const LOCK_LOST = Symbol("lock lost");

interface StoredState {
  note: string | null;
  head: LogHead | null;
  indexNote: string | null;
  keepLock: () => Promise<void>;
  /** Leaves read with the state, from index `from` on. */
  ahead?: { from: number; items: string[] };
}

/**
 * Hashes leaves [size, end) into the tree of `size` and stores the new hashes, index and notes; or
 * says why it could not, when the stored state moved under it (a retry may fit).
 */
async function extend(
  store: Store,
  from: StoredState,
  end: number,
  unlock: BatchWrite | null = null,
): Promise<LogHead | string | typeof LOCK_LOST> {
  const size = from.head?.size ?? 0;
  const { ahead } = from;
  const readAhead = ahead?.from === size && ahead.items.length >= end - size;
  const [items, edge] = await Promise.all([
    end <= size ? [] : readAhead ? ahead.items.slice(0, end - size) : hotLeafItems(store, size, end),
    // The tree's edge is never in a full tile: the hot store holds it.
    readHashesCached(store, from.head ?? { size: 0, root: new Uint8Array(32) }, rootCoords(size)),
  ]);
  if (from.head !== null && size > 0) checkEdge(store, from.head, edge);
  if (items.length !== end - size) throw stallLog(store, `leaves ${size} to ${end - 1} are not all in the store`);
  const leaves = items.map((item, i) => {
    const opened = openLeafItem(item);
    if ("refused" in opened) throw stallLog(store, `leaf ${size + i} is refused: ${opened.refused}`);
    return opened.bytes;
  });
  let index: Awaited<ReturnType<typeof indexAfter>>;
  try {
    // Another process moved the tree since this one last did: the index nodes it replaced are not
    // in this process's cache, and each subject's path is read in one request, not node by node.
    const paths = readAhead ? undefined : await readIndexPaths(store, subjectsOf(leaves));
    index = await indexAfter(store, from, leaves, paths);
  } catch (err) {
    if (isIndexStateError(err)) return err.message;
    throw err;
  }
  const leafHashes = leaves.map((leaf) => leafHash(encoder.encode(leaf), nodeSha256));
  const added = appendStoredHashes(size, leafHashes, edge, nodeSha256);
  const byCoord = new Map(added.map((h) => [coordKey(h), h.hash]));
  const root =
    end === 0
      ? emptyRoot(nodeSha256)
      : rootFromStored(
          end,
          lookupIn(edge, (coord) => byCoord.get(coordKey(coord))),
          nodeSha256,
        );
  const { origin } = getConfig().tlog;
  const body = formatCheckpoint({ origin, size: end, root, extensions: [] });
  const key = logNoteKey();
  const [signed, indexNote] = await Promise.all([
    signNote(body, key),
    signNote(formatIndexNote({ origin, size: end, root, indexRoot: index.root }), key),
  ]);
  const writes: BatchWrite[] = [
    ...tileAppends(size, added),
    ...index.writes.writes(),
    { type: "set", key: CHECKPOINT_KEY, value: signed, expect: [from.note] },
    { type: "set", key: INDEX_NOTE_KEY, value: indexNote, expect: [from.indexNote] },
    ...(unlock ? [unlock] : []),
  ];
  const result = await store.batch(writes);
  if (!result.ok && unlock !== null && result.index === writes.length - 1) return LOCK_LOST;
  if (!result.ok) return `${MAX_LOST} integrations in a row found the stored tree changed under them`;
  rememberHashes(store, added);
  index.writes.remember(store);
  rememberIndexNote(store, indexNote, index.root);
  rememberOpenedNote(store, signed);
  const next = headOf(signed);
  rememberSignedHead(store, next);
  // Witnesses hear of the new checkpoint in the background: none of them ever holds up a write.
  witnessInBackground(store);
  return next;
}

/** The stored hashes at the tree's edge must give the root the log signed, or nothing is built on them. */
function checkEdge(store: Store, head: LogHead, edge: HashLookup): void {
  let root: Uint8Array | null = null;
  try {
    root = rootFromStored(head.size, edge, nodeSha256);
  } catch {
    root = null;
  }
  if (root === null || !equalBytes(root, head.root)) {
    throw stallLog(store, `the stored tree hashes do not give the signed root of size ${head.size}`);
  }
}

/**
 * The index after `leaves` (in log order from the stored tree's size): each leaf must be the next
 * of its subject. A log from before the index gets it built from its signed tree first. The leaves
 * go in as one batch: a node that several of them pass through is hashed and written once.
 */
async function indexAfter(
  store: Store,
  from: StoredState,
  leaves: string[],
  paths?: NodesAhead,
): Promise<{ root: Uint8Array; writes: IndexWrites }> {
  const size = from.head?.size ?? 0;
  const writes = new IndexWrites();
  const read = indexNodeReader(store, writes, paths);
  // An IndexStateError goes up to extend: it may be another integrator's update, read half-way.
  let root = from.head === null ? EMPTY_INDEX : await indexRootOf(store, from.head, from.indexNote);
  if (root === null) root = await indexOfTree(store, from.head as LogHead, read, writes);
  // The top of the trie as this process's last integration left it, when it is still the index's.
  const batch = new IndexBatch(root, read, nodeSha256, { top: takeIndexTop(store), keep: KEPT_LEVELS });
  for (const [i, leaf] of leaves.entries()) {
    await batch.set(indexUpdate(store, leaf, size + i));
    await from.keepLock();
  }
  const next = batch.finish(writes.add);
  writes.top = batch.top;
  return { root: next, writes };
}

/** The subjects `leaves` update in the index (a leaf without one is refused later, in order). */
const subjectsOf = (leaves: readonly string[]) =>
  leaves.flatMap((leaf) => {
    const found = leafSubject(leaf);
    return typeof found === "string" ? [] : [found.subject];
  });

/** The index update of the leaf at log index `at`, which must be the next of its subject. */
function indexUpdate(store: Store, leaf: string, at: number): IndexUpdate {
  const found = leafSubject(leaf);
  if (typeof found === "string") throw stallLog(store, `leaf ${at} is refused: ${found}`);
  // The subject's previous value is found on the update's own walk down the trie.
  const next = (previous: IndexValue | null) => {
    const value = nextIndexValue(found, at, previous);
    if (typeof value === "string") throw stallLog(store, `leaf ${at} is refused: ${value}`);
    return value;
  };
  return { subject: found.subject, next };
}

/** The index of a whole signed tree, from its leaves, which must give the tree's root. */
async function indexOfTree(
  store: Store,
  head: LogHead,
  read: IndexNodeReader,
  writes: IndexWrites,
): Promise<Uint8Array> {
  const tree = new MemoryTree(nodeSha256);
  let root: Uint8Array = EMPTY_INDEX;
  for (let start = 0; start < head.size; start += MAX_BATCH) {
    const items = await readLeafRange(store, start, Math.min(head.size, start + MAX_BATCH));
    const batch = new IndexBatch(root, read, nodeSha256);
    for (const [i, leaf] of items.entries()) {
      tree.appendEntries(encoder.encode(leaf));
      await batch.set(indexUpdate(store, leaf, start + i));
    }
    root = batch.finish(writes.add);
  }
  if (tree.size !== head.size || !equalBytes(tree.root(), head.root)) {
    throw stallLog(store, `the stored leaves do not give the signed root of size ${head.size}`);
  }
  return root;
}

/**
 * One append per tile the new hashes land in (Merkle levels 8L only: tiles hold those, and the levels
 * between are hashed up from them), each conditional on the tile holding exactly the old tree's hashes.
 */
function tileAppends(size: number, added: StoredHash[]): BatchWrite[] {
  const tiles = new Map<string, { level: number; index: number; hashes: StoredHash[] }>();
  for (const h of added) {
    if (h.level % TILE_HEIGHT !== 0) continue;
    const level = h.level / TILE_HEIGHT;
    const index = Math.floor(h.index / TILE_WIDTH);
    const key = tileKey(level, index);
    const tile = tiles.get(key) ?? { level, index, hashes: [] };
    tile.hashes.push(h);
    tiles.set(key, tile);
  }
  return [...tiles].map(([key, { level, index, hashes }]) => ({
    type: "append",
    key,
    expectedLength: tileWidth(level, index, size),
    values: hashes.sort((a, b) => a.index - b.index).map((h) => toBase64(h.hash)),
  }));
}

// One integration at a time per process: writers arriving meanwhile wait for it, then for the next.
const RUNNING = Symbol.for("sia.tlog.integrating");
type RunningGlobal = typeof globalThis & { [RUNNING]?: Promise<LogHead | null> };

function integrateShared(store: Store): Promise<LogHead | null> {
  const g = globalThis as RunningGlobal;
  g[RUNNING] ??= integrate(store).finally(() => {
    g[RUNNING] = undefined;
  });
  return g[RUNNING];
}

// One round per process: the writers waiting together share its lock try and checkpoint read,
// rather than each sending its own every few milliseconds while another process integrates. A round
// that only looks (`integrating: false`) reads the checkpoint alone.
const ROUND = Symbol.for("sia.tlog.integration-round");
type RoundGlobal = typeof globalThis & { [ROUND]?: Promise<LogHead | null> };

function roundShared(store: Store, integrating: boolean): Promise<LogHead | null> {
  const g = globalThis as RoundGlobal;
  g[ROUND] ??= (async () =>
    (integrating ? await integrateShared(store) : null) ?? (await readLogHead(store)))().finally(() => {
    g[ROUND] = undefined;
  });
  return g[ROUND];
}

/** Rounds in a row that only look at the checkpoint, while it does not move, before the lock is tried again. */
const LOOKS_PER_TRY = 4;

/**
 * Waits until leaf `index` is integrated, integrating itself when no one else is, for at most
 * `budgetMs`. Returns the head that covers it, or null: the leaf is sequenced either way, and a later
 * integration picks it up. Never throws: a write already stored must not fail for its receipt.
 * While another process integrates, a waiter reads the checkpoint until it covers the leaf, and tries
 * the lock again only when that checkpoint moved without covering it (the other integration took the
 * leaves sequenced before this one) or stood still for a few rounds (it may have died).
 */
export async function awaitIntegration(
  index: number,
  budgetMs: number,
  store: Store = getStore(),
): Promise<LogHead | null> {
  const deadline = Date.now() + budgetMs;
  try {
    let lastSize: number | null = null;
    let looks = 0;
    for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
      const trying = lastSize === null || looks >= LOOKS_PER_TRY;
      const head = await roundShared(store, trying);
      if (head !== null && head.size > index) return head;
      const size = head?.size ?? 0;
      // Moved (by this process or another) without covering the leaf: try the lock next round.
      looks = size !== lastSize ? LOOKS_PER_TRY : trying ? 0 : looks + 1;
      lastSize = size;
      if (Date.now() >= deadline) return null;
      await new Promise((r) => setTimeout(r, pause));
    }
  } catch (err) {
    // A refusal has raised its alarm already (log-stall.ts).
    if (!isIntegrationRefused(err)) {
      console.error("[tlog] integration failed; the leaf stays sequenced for the next one:", err);
    }
    return null;
  }
}
