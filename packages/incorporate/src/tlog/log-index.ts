/**
 * The log's index: a sparse Merkle map, committed to by a signed note beside each checkpoint, from
 * each subject the log records (an audit session, a registry record, a key) to its latest leaf.
 * With it, anyone holding a checkpoint can check in O(log n) that an entry is the latest of its
 * session, and a monitor can recompute the whole map from the log's entry bundles and compare
 * roots. Format and reasons: docs/decisions/log-index.md.
 *
 * The map is a compact trie over SHA-256(subject), four children a node (each level takes two bits
 * of the key, most significant first): an empty subtree hashes to 32 zero bytes, a subtree holding
 * one subject is that subject's leaf node, and only a subtree holding two or more is an inner node.
 * So its shape, and its root, depend only on the map's contents. Four children rather than two halve
 * the nodes an update hashes, stores and walks; a proof carries three siblings a level instead of
 * one over half the levels.
 */

import { canonicalize } from "../jcs.ts";
import { equalBytes, fromBase64, toBase64 } from "./bytes.ts";
import { TlogError } from "./errors.ts";
import { type Hasher, sha256 } from "./sha256.ts";

/** What the index holds for a subject: its latest leaf in the log. */
export interface IndexValue {
  /** `session:<id>`, `record:<id>` or `key:<purpose>:<kid>`. */
  subject: string;
  /** The subject's leaf count minus one: an audit entry's seq, a record's version. */
  seq: number;
  /** The leaf's index in the log. */
  index: number;
  /** What the leaf states: an entry's hash, a record's hash, a key's id. */
  hash: string;
}

/** Where the path to a subject ends in the trie, besides the siblings met on the way. */
export type IndexTerminal =
  /** The subject's own leaf: the proof is of the value it comes with. */
  | { kind: "value" }
  /** An empty subtree: the subject is not in the map. */
  | { kind: "empty" }
  /** Another subject's leaf, on the same path this far: the subject is not in the map. */
  | { kind: "other"; keyHash: string; valueHash: string };

/**
 * A lookup's proof: sibling hashes (base64) from the root down, three a level (the children beside
 * the path's, in child order), then what ends the path.
 */
export interface IndexProof {
  siblings: string[];
  terminal: IndexTerminal;
}

/** A node as stored: a leaf holds its value, an inner node its four children's hashes. */
export type IndexNode = { kind: "leaf"; value: IndexValue } | { kind: "inner"; children: readonly Uint8Array[] };

export const INDEX_HASH_SIZE = 32;
/** Children an inner node has; each level of the trie takes log2 of it (two) bits of a key. */
export const INDEX_ARITY = 4;
/** Siblings a proof carries for each level it descends. */
export const SIBLINGS_PER_LEVEL = INDEX_ARITY - 1;
/** The hash of an empty map, or of an empty subtree. */
export const EMPTY_INDEX = new Uint8Array(INDEX_HASH_SIZE);
/** Levels a SHA-256 key has: 256 bits, two a level. */
const MAX_DEPTH = 128;
const LEAF = 0x00;
const INNER = 0x01;
const encoder = new TextEncoder();

export const subjectKeyHash = (subject: string, hash: Hasher = sha256) => hash(encoder.encode(subject));

/**
 * The canonical text of a value (RFC 8785), which its leaf node commits to. Its four members are
 * written in their sorted order directly: every leaf node an update hashes or stores needs it.
 */
export const indexValueBytes = (value: IndexValue) =>
  `{"hash":${canonicalize(value.hash)},"index":${canonicalize(value.index)},"seq":${canonicalize(value.seq)},"subject":${canonicalize(value.subject)}}`;

// One buffer for each kind of node's preimage: hashing is synchronous and keeps no reference to its input.
const leafPreimage = new Uint8Array(1 + 2 * INDEX_HASH_SIZE);
const innerPreimage = new Uint8Array(1 + INDEX_ARITY * INDEX_HASH_SIZE);
innerPreimage[0] = INNER;

/** SHA-256(0x00 ‖ SHA-256(subject) ‖ SHA-256(JCS(value))). */
export function indexLeafHash(keyHash: Uint8Array, valueHash: Uint8Array, hash: Hasher = sha256): Uint8Array {
  leafPreimage[0] = LEAF;
  leafPreimage.set(keyHash, 1);
  leafPreimage.set(valueHash, 1 + INDEX_HASH_SIZE);
  return hash(leafPreimage);
}

/** SHA-256(0x01 ‖ child 0 ‖ child 1 ‖ child 2 ‖ child 3). */
export function indexInnerHash(children: readonly Uint8Array[], hash: Hasher = sha256): Uint8Array {
  if (children.length !== INDEX_ARITY) throw new TlogError("invalid_argument", "an inner node has four children");
  for (let i = 0; i < INDEX_ARITY; i++) innerPreimage.set(children[i] as Uint8Array, 1 + i * INDEX_HASH_SIZE);
  return hash(innerPreimage);
}

/** The child a key takes at `depth`: its bits 2·depth and 2·depth + 1, most significant bit first. */
export const keyDigit = (keyHash: Uint8Array, depth: number) =>
  ((keyHash[depth >> 2] as number) >> (6 - 2 * (depth & 3))) & 3;

export function nodeHashOf(node: IndexNode, hash: Hasher = sha256): Uint8Array {
  if (node.kind === "inner") return indexInnerHash(node.children, hash);
  return indexLeafHash(
    subjectKeyHash(node.value.subject, hash),
    hash(encoder.encode(indexValueBytes(node.value))),
    hash,
  );
}

// An inner node's four hashes side by side, encoded at once: one base64 call per stored node.
const innerBytes = new Uint8Array(INDEX_ARITY * INDEX_HASH_SIZE);
/** Base64 characters of an inner node's four hashes. */
const INNER_TEXT = 172;

/**
 * A node as one line of text (how the server stores it): `L` and the value, or `I` and the base64
 * of its four children's hashes side by side.
 */
export function encodeIndexNode(node: IndexNode): string {
  if (node.kind === "leaf") return `L${indexValueBytes(node.value)}`;
  for (let i = 0; i < INDEX_ARITY; i++) innerBytes.set(node.children[i] as Uint8Array, i * INDEX_HASH_SIZE);
  return `I${toBase64(innerBytes)}`;
}

export function decodeIndexNode(text: string): IndexNode {
  const bad = () => new TlogError("malformed", "malformed index node");
  if (text.startsWith("I") && text.length === 1 + INNER_TEXT) {
    const bytes = fromBase64(text.slice(1));
    if (bytes?.length !== INDEX_ARITY * INDEX_HASH_SIZE) throw bad();
    const children = Array.from({ length: INDEX_ARITY }, (_, i) =>
      bytes.subarray(i * INDEX_HASH_SIZE, (i + 1) * INDEX_HASH_SIZE),
    );
    return { kind: "inner", children };
  }
  if (!text.startsWith("L")) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(1));
  } catch {
    throw bad();
  }
  const value = parseIndexValue(parsed);
  if (value === null || indexValueBytes(value) !== text.slice(1)) throw bad();
  return { kind: "leaf", value };
}

/** A value from untrusted JSON, or null when it is not one. */
export function parseIndexValue(raw: unknown): IndexValue | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { subject, seq, index, hash } = raw as Record<string, unknown>;
  const count = (n: unknown) => typeof n === "number" && Number.isSafeInteger(n) && n >= 0;
  if (typeof subject !== "string" || typeof hash !== "string" || !count(seq) || !count(index)) return null;
  return { subject, seq: seq as number, index: index as number, hash };
}

/**
 * Reads the node whose hash is `hash`, found at `depth` on the path of `keyHash`; must check it. A
 * reader that already holds the node may return it as is: a walk awaits only the nodes it must fetch.
 */
export type IndexNodeReader = (hash: Uint8Array, depth: number, keyHash: Uint8Array) => IndexNode | Promise<IndexNode>;

export interface IndexLookup {
  value: IndexValue | null;
  proof: IndexProof;
}

/** Finds a subject under `root`, with the proof that a verifier checks against that root. */
export async function lookupIndex(
  root: Uint8Array,
  subject: string,
  read: IndexNodeReader,
  hash: Hasher = sha256,
): Promise<IndexLookup> {
  const keyHash = subjectKeyHash(subject, hash);
  const siblings: string[] = [];
  let at = root;
  for (let depth = 0; depth <= MAX_DEPTH; depth++) {
    if (equalBytes(at, EMPTY_INDEX)) return { value: null, proof: { siblings, terminal: { kind: "empty" } } };
    const got = read(at, depth, keyHash);
    const node = got instanceof Promise ? await got : got;
    if (node.kind === "leaf") {
      if (node.value.subject === subject)
        return { value: node.value, proof: { siblings, terminal: { kind: "value" } } };
      const other = {
        kind: "other" as const,
        keyHash: toBase64(subjectKeyHash(node.value.subject, hash)),
        valueHash: toBase64(hash(encoder.encode(indexValueBytes(node.value)))),
      };
      return { value: null, proof: { siblings, terminal: other } };
    }
    const digit = keyDigit(keyHash, depth);
    for (let i = 0; i < INDEX_ARITY; i++) if (i !== digit) siblings.push(toBase64(node.children[i] as Uint8Array));
    at = node.children[digit] as Uint8Array;
  }
  throw new TlogError("verification_failed", "the index is deeper than a SHA-256 key allows");
}

/**
 * Checks that under `root`, `subject` maps to `value` (null: to nothing), as `proof` says. Throws a
 * TlogError with code `verification_failed` when it does not.
 */
export function verifyIndexProof(
  root: Uint8Array,
  subject: string,
  value: IndexValue | null,
  proof: IndexProof,
  hash: Hasher = sha256,
): void {
  const fail = (why: string) => new TlogError("verification_failed", `index proof: ${why}`);
  const keyHash = subjectKeyHash(subject, hash);
  if (proof.siblings.length % SIBLINGS_PER_LEVEL !== 0) throw fail("siblings come three a level");
  const depth = proof.siblings.length / SIBLINGS_PER_LEVEL;
  if (depth > MAX_DEPTH) throw fail("too many siblings");
  const siblings = proof.siblings.map((s) => fromBase64(s));
  if (siblings.some((s) => s?.length !== INDEX_HASH_SIZE)) throw fail("a sibling is not base64 of 32 bytes");
  let node: Uint8Array;
  const { terminal } = proof;
  if (terminal.kind === "value") {
    if (value === null) throw fail("the proof is of a value, but none was expected");
    if (value.subject !== subject) throw fail("the value is of another subject");
    node = indexLeafHash(keyHash, hash(encoder.encode(indexValueBytes(value))), hash);
  } else {
    if (value !== null) throw fail("the proof says the subject is not in the index");
    if (terminal.kind === "empty") node = EMPTY_INDEX;
    else {
      const otherKey = fromBase64(terminal.keyHash);
      const otherValue = fromBase64(terminal.valueHash);
      if (otherKey?.length !== INDEX_HASH_SIZE || otherValue?.length !== INDEX_HASH_SIZE) {
        throw fail("the other leaf's hashes are not base64 of 32 bytes");
      }
      if (equalBytes(otherKey, keyHash)) throw fail("the other leaf is the subject's own");
      for (let d = 0; d < depth; d++) {
        if (keyDigit(otherKey, d) !== keyDigit(keyHash, d)) throw fail("the other leaf is not on the subject's path");
      }
      node = indexLeafHash(otherKey, otherValue, hash);
    }
  }
  for (let d = depth - 1; d >= 0; d--) {
    const level = siblings.slice(d * SIBLINGS_PER_LEVEL, (d + 1) * SIBLINGS_PER_LEVEL) as Uint8Array[];
    level.splice(keyDigit(keyHash, d), 0, node);
    node = indexInnerHash(level, hash);
  }
  if (!equalBytes(node, root)) throw fail("it does not lead to the index root");
}

/** A node written by an update, with where it sits: at `depth` on the path of `keyHash`. */
export interface WrittenNode {
  hash: Uint8Array;
  node: IndexNode;
  depth: number;
  keyHash: Uint8Array;
}

/**
 * Sets a subject's value under `root` and returns the new root; every node the new root needs and
 * the old one lacked goes to `write` (several updates may write the same position: the last wins).
 * `value` may be a function of the subject's current value (null: none), found on the same walk.
 * A batch of one update (see IndexBatch).
 */
export async function updateIndex(
  root: Uint8Array,
  value: IndexUpdate,
  read: IndexNodeReader,
  write: (node: WrittenNode) => void,
  hash: Hasher = sha256,
): Promise<Uint8Array> {
  const batch = new IndexBatch(root, read, hash);
  await batch.set(value);
  return batch.finish(write);
}

/** A subject's new value, or a function of its current one (null: none). */
export type IndexUpdate = IndexValue | { subject: string; next: (previous: IndexValue | null) => IndexValue };

/**
 * A subtree in an IndexBatch: its hash, while the batch has not needed it, or the node itself. A
 * node's hash is null once the batch changed something under it; a leaf's `depth` is where it is
 * stored, which a split moves it below.
 */
type Slot = Uint8Array | OverlayInner | OverlayLeaf;
interface OverlayInner {
  kind: "inner";
  children: Slot[];
  hash: Uint8Array | null;
  /** A key whose path runs through the node: where it is stored. */
  path: Uint8Array;
}
interface OverlayLeaf {
  kind: "leaf";
  value: IndexValue;
  keyHash: Uint8Array;
  hash: Uint8Array | null;
  depth: number;
}

/**
 * The top levels of the trie as a finished batch left them, in memory, every hash known: the next
 * batch may start from them instead of reading them again (see IndexBatch). Opaque.
 */
export interface IndexTop {
  readonly root: Uint8Array;
  /** The root's node, as the batch holds it. */
  readonly node: unknown;
}

const emptyChildren = (): Slot[] => [EMPTY_INDEX, EMPTY_INDEX, EMPTY_INDEX, EMPTY_INDEX];

/**
 * Many updates of one index, the leaves of one integration in log order: the same root and the same
 * node at each position as a batch for each in turn, but each node the batch changes is hashed and
 * written once, at finish(), however many of the updates pass through it (the top of the trie,
 * which every update crosses). The nodes the updates walk stay in memory until then, each read once.
 *
 * With `keep`, finish() leaves the top `keep` levels it walked in memory as `top`, and a batch given
 * that top for the same root walks them with no read at all. A batch changes the top it is given
 * in place: the caller hands it on only to the next batch after this one's writes landed.
 */
export class IndexBatch {
  #root: Slot;
  #finished = false;
  #top: IndexTop | null = null;
  readonly #read: IndexNodeReader;
  readonly #hash: Hasher;
  readonly #keep: number;

  constructor(
    root: Uint8Array,
    read: IndexNodeReader,
    hash: Hasher = sha256,
    options: { top?: IndexTop | null; keep?: number } = {},
  ) {
    const { top } = options;
    this.#root = top && equalBytes(top.root, root) ? (top.node as Slot) : root;
    this.#read = read;
    this.#hash = hash;
    this.#keep = options.keep ?? 0;
  }

  /** After finish(): the top of the trie to start the next batch from (see `keep`). */
  get top(): IndexTop | null {
    return this.#top;
  }

  /** Applies one update (after those before it); `next` sees the subject's value as they left it. */
  async set(update: IndexUpdate): Promise<void> {
    if (this.#finished) throw new TlogError("invalid_argument", "the index batch is finished");
    const hash = this.#hash;
    const keyHash = subjectKeyHash(update.subject, hash);
    const valueFor = (previous: IndexValue | null): IndexValue => {
      const v = "next" in update ? update.next(previous) : update;
      if (v.subject !== update.subject) throw new TlogError("invalid_argument", "an update may not change the subject");
      return v;
    };
    // The slot being looked at hangs under `parent` as child `side` (the root when parent is null).
    let parent: OverlayInner | null = null;
    let side = 0;
    const hang = (slot: Slot) => {
      if (parent === null) this.#root = slot;
      else parent.children[side] = slot;
    };
    let slot = this.#root;
    for (let depth = 0; ; depth++) {
      if (depth > MAX_DEPTH) throw new TlogError("verification_failed", "the index is deeper than a key allows");
      if (slot instanceof Uint8Array) {
        if (equalBytes(slot, EMPTY_INDEX)) {
          hang({ kind: "leaf", value: valueFor(null), keyHash, hash: null, depth });
          return;
        }
        const got = this.#read(slot, depth, keyHash);
        const node = got instanceof Promise ? await got : got;
        slot =
          node.kind === "inner"
            ? { kind: "inner", children: node.children.slice(), hash: slot, path: keyHash }
            : { kind: "leaf", value: node.value, keyHash: subjectKeyHash(node.value.subject, hash), hash: slot, depth };
        hang(slot);
      }
      if (slot.kind === "leaf") {
        if (slot.value.subject === update.subject) {
          slot.value = valueFor(slot.value);
          slot.hash = null;
          return;
        }
        // Two subjects share the path this far: inner nodes down to where their keys part.
        const other = slot;
        let split = depth;
        while (keyDigit(other.keyHash, split) === keyDigit(keyHash, split)) {
          if (++split >= MAX_DEPTH) throw new TlogError("verification_failed", "two subjects share a key hash");
        }
        const mine: OverlayLeaf = { kind: "leaf", value: valueFor(null), keyHash, hash: null, depth: split + 1 };
        const parting = emptyChildren();
        parting[keyDigit(keyHash, split)] = mine;
        parting[keyDigit(other.keyHash, split)] = other;
        let below: Slot = { kind: "inner", children: parting, hash: null, path: keyHash };
        for (let d = split - 1; d >= depth; d--) {
          const children = emptyChildren();
          children[keyDigit(keyHash, d)] = below;
          below = { kind: "inner", children, hash: null, path: keyHash };
        }
        hang(below);
        return;
      }
      // An inner node on the path: something under it changes. It is stored where this key leads
      // as well as any other through it, and a batch names the paths of its own keys most cheaply.
      slot.hash = null;
      slot.path = keyHash;
      parent = slot;
      side = keyDigit(keyHash, depth);
      slot = slot.children[side] as Slot;
    }
  }

  /**
   * The root after every update; each node that is new, changed or moved goes to `write` (a node
   * before its parent). The batch takes no more updates after.
   */
  finish(write: (node: WrittenNode) => void): Uint8Array {
    this.#finished = true;
    const hash = this.#hash;
    const keep = this.#keep;
    // Every node the batch read or made is on a path it changed, so settle meets each of them: those
    // below the kept levels are let go there, as their hashes.
    const settle = (slot: Slot, depth: number): Uint8Array => {
      if (slot instanceof Uint8Array) return slot;
      if (slot.kind === "leaf") {
        if (slot.hash !== null && slot.depth === depth) return slot.hash;
        slot.hash ??= indexLeafHash(slot.keyHash, hash(encoder.encode(indexValueBytes(slot.value))), hash);
        slot.depth = depth;
        write({ hash: slot.hash, node: { kind: "leaf", value: slot.value }, depth, keyHash: slot.keyHash });
        return slot.hash;
      }
      if (slot.hash !== null) return slot.hash;
      const [c0, c1, c2, c3] = slot.children as [Slot, Slot, Slot, Slot];
      const below = depth + 1;
      const children = [settle(c0, below), settle(c1, below), settle(c2, below), settle(c3, below)];
      // Below the kept levels, the batch lets its nodes go: their hashes are all a parent needs.
      if (depth + 1 >= keep) slot.children = children;
      slot.hash = indexInnerHash(children, hash);
      write({ hash: slot.hash, node: { kind: "inner", children }, depth, keyHash: slot.path });
      return slot.hash;
    };
    const root = settle(this.#root, 0);
    this.#top = keep > 0 ? { root, node: this.#root } : null;
    return root;
  }
}

/**
 * An index held in memory (a monitor recomputing the map from the log's leaves, tests): the same
 * roots and proofs as the service's, from the same updates.
 */
export class MemoryIndex {
  #nodes = new Map<string, IndexNode>();
  #root: Uint8Array = EMPTY_INDEX;
  readonly #hash: Hasher;

  constructor(hash: Hasher = sha256) {
    this.#hash = hash;
  }

  get root(): Uint8Array {
    return this.#root;
  }

  #read: IndexNodeReader = (h) => {
    const node = this.#nodes.get(toBase64(h));
    if (!node) throw new TlogError("missing_data", "index node not found");
    return node;
  };

  async set(value: IndexValue): Promise<void> {
    this.#root = await updateIndex(
      this.#root,
      value,
      this.#read,
      (w) => this.#nodes.set(toBase64(w.hash), w.node),
      this.#hash,
    );
  }

  get(subject: string): Promise<IndexLookup> {
    return lookupIndex(this.#root, subject, this.#read, this.#hash);
  }
}
