import { formatCheckpoint } from "../../packages/incorporate/src/tlog/checkpoint";
import {
  appendStoredHashes,
  rootCoords,
  rootFromStored,
  type StoredHash,
} from "../../packages/incorporate/src/tlog/merkle-coords";
import { emptyRoot, leafHash } from "../../packages/incorporate/src/tlog/merkle-hash";
import { signNote } from "../../packages/incorporate/src/tlog/note";
import { getConfig } from "../config/config";
import { randomToken } from "../identity/random-token";
import { getStore } from "../store";
import type { BatchWrite, Store } from "../store/types";
import { readHashesCached, rememberHashes } from "./hash-cache";
import { CHECKPOINT_KEY, LEAVES_KEY, LOCK_KEY, levelKey, nodeSha256, toBase64 } from "./layout";
import { headOf, type LogHead, readLogHead } from "./log-head";
import { logNoteKey } from "./log-key";
import { rememberSignedHead, rollbackFrom } from "./rollback-guard";
import { lookupIn } from "./stored-hashes";
import { witnessInBackground } from "./witness-loop";

/** Leaves hashed into one checkpoint at most: bounds one integration's reads and its batch. */
const MAX_BATCH = 2048;
/**
 * An integrator that dies keeps others out this long at most; one still running renews its lock
 * once half of it has passed. The lock only saves duplicate work: correctness rests on the
 * checkpoint's compare-and-set, so a lock that lapses under a live integrator costs a retry, never
 * a fork.
 */
const LOCK_TTL_MS = 5_000;

const encoder = new TextEncoder();

/**
 * Integrates sequenced leaves into the tree and signs one checkpoint per batch: any process may, one
 * at a time (a lock in the store), and the checkpoint is replaced only if it is still the one the
 * batch started from (compare-and-set), so two integrators can never both extend the same tree.
 * Returns the head after this call; null when another process holds the lock.
 */
export async function integrate(store: Store = getStore()): Promise<LogHead | null> {
  const token = randomToken();
  if (!(await store.set(LOCK_KEY, token, { nx: true, ttlMs: LOCK_TTL_MS, volatile: true }))) return null;
  let renewed = Date.now();
  try {
    for (;;) {
      if (Date.now() - renewed > LOCK_TTL_MS / 2) {
        await store.expire(LOCK_KEY, LOCK_TTL_MS);
        renewed = Date.now();
      }
      const [note, leafCount] = await Promise.all([store.get(CHECKPOINT_KEY), store.length(LEAVES_KEY)]);
      const head = note === null ? null : headOf(note);
      const rollback = rollbackFrom(store, head);
      if (rollback !== null) throw new Error(`refusing to integrate: ${rollback}; the store was edited`);
      const size = head?.size ?? 0;
      if (head !== null && leafCount <= size) return head;
      const next = await extend(store, note, size, Math.min(leafCount, size + MAX_BATCH));
      // Another integrator (whose lock had expired) moved the tree: start again from its head.
      if (next === null) continue;
      if (next.size >= leafCount) return next;
    }
  } finally {
    await store.batch([{ type: "del", key: LOCK_KEY, expect: [token] }]);
  }
}

/** Hashes leaves [size, end) into the tree of `size` and stores the new hashes and checkpoint. */
async function extend(store: Store, note: string | null, size: number, end: number): Promise<LogHead | null> {
  const [leaves, edge] = await Promise.all([
    end > size ? store.range(LEAVES_KEY, size, end - 1) : Promise.resolve([]),
    readHashesCached(store, rootCoords(size)),
  ]);
  const leafHashes = leaves.map((leaf) => leafHash(encoder.encode(leaf), nodeSha256));
  const added = appendStoredHashes(size, leafHashes, edge, nodeSha256);
  const byCoord = new Map(added.map((h) => [`${h.level}/${h.index}`, h.hash]));
  const root =
    end === 0
      ? emptyRoot(nodeSha256)
      : rootFromStored(
          end,
          lookupIn(edge, ({ level, index }) => byCoord.get(`${level}/${index}`)),
          nodeSha256,
        );
  const body = formatCheckpoint({ origin: getConfig().tlog.origin, size: end, root, extensions: [] });
  const signed = await signNote(body, logNoteKey());
  const writes: BatchWrite[] = [
    ...levelAppends(size, added),
    { type: "set", key: CHECKPOINT_KEY, value: signed, expect: [note] },
  ];
  const result = await store.batch(writes);
  if (!result.ok) return null;
  rememberHashes(store, added);
  const next = headOf(signed);
  rememberSignedHead(store, next);
  // Witnesses hear of the new checkpoint in the background: none of them ever holds up a write.
  witnessInBackground(store);
  return next;
}

/** One append per Merkle level, each conditional on the level holding exactly the old tree's hashes. */
function levelAppends(size: number, added: StoredHash[]): BatchWrite[] {
  const levels = new Map<number, StoredHash[]>();
  for (const h of added) levels.set(h.level, [...(levels.get(h.level) ?? []), h]);
  return [...levels].map(([level, hashes]) => ({
    type: "append",
    key: levelKey(level),
    expectedLength: Math.floor(size / 2 ** level),
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

/**
 * Waits until leaf `index` is integrated, integrating itself when no one else is, for at most
 * `budgetMs`. Returns the head that covers it, or null: the leaf is sequenced either way, and a later
 * integration picks it up. Never throws: a write already stored must not fail for its receipt.
 */
export async function awaitIntegration(
  index: number,
  budgetMs: number,
  store: Store = getStore(),
): Promise<LogHead | null> {
  const deadline = Date.now() + budgetMs;
  try {
    for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
      const head = (await integrateShared(store)) ?? (await readLogHead(store));
      if (head !== null && head.size > index) return head;
      if (Date.now() >= deadline) return null;
      await new Promise((r) => setTimeout(r, pause));
    }
  } catch (err) {
    console.error("[tlog] integration failed; the leaf stays sequenced for the next one:", err);
    return null;
  }
}
