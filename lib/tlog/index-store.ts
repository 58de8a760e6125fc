import {
  decodeIndexNode,
  EMPTY_INDEX,
  encodeIndexNode,
  equalBytes,
  type IndexNode,
  type IndexNodeReader,
  type IndexTop,
  keyDigit,
  nodeHashOf,
  openIndexNote,
  subjectKeyHash,
  toBase64,
  type WrittenNode,
} from "@sociedades-ia/incorporate/tlog";
import { Generations } from "../cache/generations";
import { getConfig } from "../config/config";
import { perStore, perStoreValue } from "../store/per-store";
import type { BatchWrite, Store, StoreRead } from "../store/types";
import { nodeSha256 } from "./layout";
import type { LogHead } from "./log-head";
import { logNoteKey } from "./log-key";

/**
 * Where the log's index lives in the store:
 *   tlog:index                string: the signed index note of the checkpoint in tlog:checkpoint
 *   tlog:ix4:<depth>:<bits>   string: the node at that position of the trie (its latest version):
 *                             `depth` levels down, where the key's first 2·depth bits lead, as hex
 * A node is stored at its position, so the index takes one node per position whatever its history.
 * Keys `tlog:ix:…` held the two-child trie of index notes v1; nothing reads them any more.
 * Nothing here is believed as read: a node must hash to what its parent (and, at the top, the
 * signed note) says, and the note must be signed by the log's key for the stored checkpoint's tree.
 */
export const INDEX_NOTE_KEY = "tlog:index";

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

/** The first `bits` bits of a key hash (given also as hex), as hex: the last digit's unused bits zero. */
function prefixHex(keyHash: Uint8Array, hex: string, bits: number): string {
  const whole = bits >> 3;
  const rest = bits & 7;
  if (rest === 0) return hex.slice(0, 2 * whole);
  return hex.slice(0, 2 * whole) + HEX[(keyHash[whole] as number) & (0xff << (8 - rest)) & 0xff];
}

/** The store key of the node at `depth` on the path of `keyHash`, whose hex is `hex`. */
const keyAt = (depth: number, keyHash: Uint8Array, hex: string) =>
  `tlog:ix4:${depth}:${prefixHex(keyHash, hex, 2 * depth)}`;

/** A subject's path as store keys, each made once: an update reads, then writes, the same positions. */
class PathKeys {
  readonly hex: string;
  readonly #keys: string[] = [];
  constructor(readonly keyHash: Uint8Array) {
    this.hex = Buffer.from(keyHash.buffer, keyHash.byteOffset, keyHash.byteLength).toString("hex");
  }
  at(depth: number): string {
    let key = this.#keys[depth];
    if (key === undefined) {
      key = keyAt(depth, this.keyHash, this.hex);
      this.#keys[depth] = key;
    }
    return key;
  }
}

// Outside an integration, the last two paths named: an insertion that splits a leaf goes down its
// own path and the other subject's, and back.
let recent: PathKeys | null = null;
let previous: PathKeys | null = null;
function pathOf(keyHash: Uint8Array): PathKeys {
  if (recent?.keyHash === keyHash) return recent;
  if (previous?.keyHash === keyHash) [recent, previous] = [previous, recent];
  else [recent, previous] = [new PathKeys(keyHash), recent];
  return recent as PathKeys;
}

/**
 * An integration's paths, each made once: its batch walks every subject's path in turn, then its
 * finish writes the changed nodes of all of them at once, where two paths named in turn would miss.
 */
class BatchPaths {
  readonly #paths = new Map<Uint8Array, PathKeys>();
  of(keyHash: Uint8Array): PathKeys {
    let path = this.#paths.get(keyHash);
    if (path === undefined) {
      path = new PathKeys(keyHash);
      this.#paths.set(keyHash, path);
    }
    return path;
  }
}

const hexOf = (keyHash: Uint8Array): string => pathOf(keyHash).hex;

export const indexNodeKey = (depth: number, keyHash: Uint8Array) => pathOf(keyHash).at(depth);

/** The store holds index state that its signed notes do not vouch for. */
export class IndexStateError extends Error {
  override name = "IndexStateError";
  readonly indexState = true;
}

/** By brand, not class identity: Next bundles lib/ into several chunks, each with its own class. */
export const isIndexStateError = (err: unknown): err is IndexStateError =>
  typeof err === "object" && err !== null && "indexState" in err;

/**
 * A node with its hash, as this process holds it, and the children a walk found under it: a node
 * is named by its hash, so a child met again under the same hash is the same node, with no lookup.
 */
interface KnownNode {
  hash: Uint8Array;
  node: IndexNode;
  kids?: (KnownNode | undefined)[];
}

/**
 * Children are linked only this deep: links keep nodes alive past the cache's bound, so they are
 * kept to the top of the trie (at most 4^7 nodes), which every walk crosses.
 */
const LINK_DEPTH = 6;

const MAX_NODES = 65_536;

/**
 * The nodes this process knows, by position (store key), as the store lays them out: one version
 * per position, so the cache holds current nodes rather than versions replaced since, and the ones
 * every walk crosses (the top of the trie) stay. A node is believed only when its hash is the one
 * its parent names; any other is read again from the store, and checked.
 */
const cacheOf = perStoreValue("sia.tlog.index-nodes", () => new Generations<string, KnownNode>(MAX_NODES));

/**
 * Nodes read ahead of a walk (say, a subject's whole path in the same request as the notes), as
 * stored, by position key: the walk decodes and checks one only if it needs it and holds no node
 * of that hash already, which, in a process that wrote the nodes itself, is never.
 */
export type NodesAhead = Map<string, string>;

/** The node `raw` if it decodes and hashes to `hash`, else null. */
function checkedNode(raw: string, hash: Uint8Array): IndexNode | null {
  try {
    const node = decodeIndexNode(raw);
    return equalBytes(nodeHashOf(node, nodeSha256), hash) ? node : null;
  } catch {
    return null;
  }
}

/** `known` when it is the node whose hash is `hash`. */
const ifHash = (known: KnownNode | undefined, hash: Uint8Array) =>
  known !== undefined && equalBytes(known.hash, hash) ? known : undefined;

/**
 * Reads nodes by position, checked against the hash the caller expects: the child linked under the
 * node the walk read last, then `pending`, then the nodes this process knows, then `ahead`, then
 * the store. Known nodes come back without a promise.
 */
export function indexNodeReader(store: Store, pending?: IndexWrites, ahead?: NodesAhead): IndexNodeReader {
  const nodes = cacheOf(store);
  // The walk so far: a walk reads one path from the root down, one level per read.
  let parent: KnownNode | undefined;
  let parentKey: Uint8Array | undefined;
  let parentDepth = -1;
  const found = (known: KnownNode, depth: number, keyHash: Uint8Array): IndexNode => {
    if (parent !== undefined && parentKey === keyHash && parentDepth === depth - 1 && depth <= LINK_DEPTH) {
      parent.kids ??= [undefined, undefined, undefined, undefined];
      parent.kids[keyDigit(keyHash, depth - 1)] = known;
    }
    parent = known;
    parentKey = keyHash;
    parentDepth = depth;
    return known.node;
  };
  return (hash, depth, keyHash) => {
    if (parent !== undefined && parentKey === keyHash && parentDepth === depth - 1) {
      const linked = ifHash(parent.kids?.[keyDigit(keyHash, depth - 1)], hash);
      if (linked) return found(linked, depth, keyHash);
    }
    const key = pending ? pending.paths.of(keyHash).at(depth) : indexNodeKey(depth, keyHash);
    const known = ifHash(pending?.at(key), hash) ?? ifHash(nodes.get(key), hash);
    if (known) return found(known, depth, keyHash);
    const early = ahead?.get(key);
    const node = early === undefined ? null : checkedNode(early, hash);
    if (node !== null) {
      const fresh = { hash, node };
      nodes.set(key, fresh);
      return found(fresh, depth, keyHash);
    }
    // Not read ahead, or replaced since: read now, and refuse it if it is not the node expected.
    return store.get(key).then((raw) => {
      const stored = raw === null ? null : checkedNode(raw, hash);
      if (stored === null) {
        throw new IndexStateError(
          `the index node at ${key} is ${raw === null ? "missing" : "not the one the signed index names"}`,
        );
      }
      const fresh = { hash, node: stored };
      nodes.set(key, fresh);
      return found(fresh, depth, keyHash);
    });
  };
}

/** The keys of the nodes on the path of `keyHash`, from the root down `depth` levels. */
export function pathKeys(keyHash: Uint8Array, depth: number): string[] {
  const hex = hexOf(keyHash);
  return Array.from({ length: depth }, (_, d) => keyAt(d, keyHash, hex));
}

/** Path levels read ahead: a trie of random keys is about log4(subjects) deep, rarely twice that. */
export const PATH_DEPTH = 24;

/** The read of a subject's path: its nodes from the root down, up to the first position stored empty. */
export const pathRead = (subject: string): StoreRead & { type: "path" } => ({
  type: "path",
  keys: pathKeys(subjectKeyHash(subject, nodeSha256), PATH_DEPTH),
});

/** What path reads found, by position key (a path read answers its keys' values in order). */
export function nodesAhead(reads: readonly { keys: string[] }[], found: readonly string[][]): NodesAhead {
  const ahead: NodesAhead = new Map();
  reads.forEach((read, r) => {
    for (const [d, raw] of (found[r] ?? []).entries()) ahead.set(read.keys[d] as string, raw);
  });
  return ahead;
}

/**
 * The nodes now stored on each subject's path, in one request: what an update of those subjects
 * walks, read ahead rather than one node per round trip.
 */
export async function readIndexPaths(store: Store, subjects: readonly string[]): Promise<NodesAhead> {
  const reads = [...new Set(subjects)].map(pathRead);
  if (reads.length === 0) return new Map();
  return nodesAhead(reads, (await store.readMany(reads)) as string[][]);
}

/**
 * The levels of the trie an integration leaves in memory for the next (IndexBatch's `keep`): the
 * levels whose nodes every integration walks, as many as the links below hold.
 */
export const KEPT_LEVELS = LINK_DEPTH + 1;

// The top of the trie this process's last integration left, to start the next from.
const tops = () => perStore<IndexTop>("sia.tlog.index-top");

/**
 * The top of the trie the last integration of this process left, if any; taken, since the batch
 * given it changes it in place: it comes back only with a batch whose writes landed (remember).
 */
export function takeIndexTop(store: Store): IndexTop | null {
  const top = tops().get(store) ?? null;
  tops().delete(store);
  return top;
}

/** Collects an update's nodes; `writes()` gives one set per position (the last version wins). */
export class IndexWrites {
  readonly #byKey = new Map<string, KnownNode>();
  /** The paths this update walks and writes, by key hash. */
  readonly paths = new BatchPaths();
  /** The top of the trie after these writes, for the next integration. */
  top: IndexTop | null = null;

  // The written node is kept as is: it carries its hash and node, all a known node holds.
  add = (written: WrittenNode): void => {
    this.#byKey.set(this.paths.of(written.keyHash).at(written.depth), written);
  };

  /** The node this update put at `key` last, if any. */
  at(key: string): KnownNode | undefined {
    return this.#byKey.get(key);
  }

  writes(): BatchWrite[] {
    const writes: BatchWrite[] = [];
    this.#byKey.forEach(({ node }, key) => {
      writes.push({ type: "set", key, value: encodeIndexNode(node) });
    });
    return writes;
  }

  /** After the batch landed: the new nodes are known to this process for good. */
  remember(store: Store): void {
    const nodes = cacheOf(store);
    this.#byKey.forEach((known, key) => {
      nodes.set(key, known);
    });
    if (this.top !== null) tops().set(store, this.top);
  }
}

/** The first line of an index note of the two-child trie (before 2026-11-30). */
const V1_NOTE_HEADER = "log-index/v1\n";

// Each stored note is opened (its signature checked) once.
const opened = () => perStore<{ note: string; indexRoot: Uint8Array }>("sia.tlog.index-note");

/**
 * The index root of the tree `head` states: from the stored index note, which must be signed by the
 * log's key for exactly that tree. The empty tree's index is empty. Null when the store holds no
 * note (a log from before the index: the integrator builds it); throws IndexStateError when it holds
 * one that is not the log's statement about this tree.
 */
export async function indexRootOf(store: Store, head: LogHead, stored?: string | null): Promise<Uint8Array | null> {
  const note = stored === undefined ? await store.get(INDEX_NOTE_KEY) : stored;
  // A note of the earlier format (its trie had two children a node) is as good as none: the
  // integrator builds this format's index from the signed tree and signs a note of it. Any other
  // note must open below, or it is an edit.
  if (note === null || note.startsWith(V1_NOTE_HEADER)) return head.size === 0 ? EMPTY_INDEX : null;
  const known = opened().get(store);
  if (known?.note === note) return checkTree(note, head, known.indexRoot);
  let parsed: Awaited<ReturnType<typeof openIndexNote>>;
  try {
    parsed = await openIndexNote(note, logNoteKey().vkey, { origin: getConfig().tlog.origin });
  } catch (err) {
    throw new IndexStateError(`the stored index note is not the log's: ${(err as Error).message}`);
  }
  if (parsed.size !== head.size || !equalBytes(parsed.root, head.root)) {
    throw new IndexStateError(
      `the stored index note is for the tree of size ${parsed.size}, not the checkpoint's (size ${head.size})`,
    );
  }
  opened().set(store, { note, indexRoot: parsed.indexRoot });
  return parsed.indexRoot;
}

function checkTree(note: string, head: LogHead, indexRoot: Uint8Array): Uint8Array {
  const lines = note.split("\n");
  if (lines[2] !== String(head.size) || lines[3] !== toBase64(head.root)) {
    throw new IndexStateError(`the stored index note is not for the checkpoint's tree (size ${head.size})`);
  }
  return indexRoot;
}

/** Remembers a note this process has just signed (no need to verify it again). */
export function rememberIndexNote(store: Store, note: string, indexRoot: Uint8Array): void {
  opened().set(store, { note, indexRoot });
}
