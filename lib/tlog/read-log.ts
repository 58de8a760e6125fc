import {
  consistencyProofCoords,
  consistencyProofFromStored,
  encodeEntryBundle,
  inclusionProofCoords,
  inclusionProofFromStored,
  TILE_WIDTH,
  type Tile,
} from "@sociedades-ia/incorporate/tlog";
import { ApiError } from "../http/problem";
import { getStore } from "../store";
import type { Store } from "../store/types";
import { withCosignatures } from "./cosigned-head";
import { LEAVES_KEY, levelKey, nodeSha256, toBase64 } from "./layout";
import { type LogHead, readLogHead } from "./log-head";
import { leafOfItem } from "./sealed-leaf";
import { readStoredHashes } from "./stored-hashes";

/** The latest head; the log signs its empty tree at start-up, so a running service always has one. */
export async function latestHead(store: Store = getStore()): Promise<LogHead> {
  const head = await readLogHead(store);
  if (head === null)
    throw new ApiError("store_unavailable", "The transparency log has no checkpoint yet; retry shortly.");
  return head;
}

export interface InclusionProof {
  index: number;
  size: number;
  /** Base64 RFC 6962 leaf hash of the leaf at `index`. */
  leafHash: string;
  /** Base64 hashes, from the leaf up (RFC 9162 2.1.3). */
  hashes: string[];
  /** The signed checkpoint of `size` when it is the latest; null for an earlier size. */
  checkpoint: string | null;
}

function outOfRange(detail: string): ApiError {
  return new ApiError("invalid_query", detail);
}

/** The inclusion proof of leaf `index` in the tree of `size` leaves (default: the latest). */
export async function proveInclusion(index: number, size?: number, store: Store = getStore()): Promise<InclusionProof> {
  const head = await latestHead(store);
  const treeSize = size ?? head.size;
  if (treeSize > head.size) throw outOfRange(`size ${treeSize} is beyond the log's ${head.size} leaves`);
  if (index >= treeSize) throw outOfRange(`index ${index} is not in a tree of ${treeSize} leaves`);
  const coords = inclusionProofCoords(index, treeSize);
  const lookup = await readStoredHashes(store, [...coords, { level: 0, index }]);
  const leaf = lookup({ level: 0, index }) as Uint8Array;
  return {
    index,
    size: treeSize,
    leafHash: toBase64(leaf),
    hashes: inclusionProofFromStored(index, treeSize, lookup, nodeSha256).map(toBase64),
    checkpoint: treeSize === head.size ? (await withCosignatures(head, store)).note : null,
  };
}

/** The consistency proof between trees of `from` and `to` leaves (default: the latest). */
export async function proveConsistency(from: number, to?: number, store: Store = getStore()) {
  const head = await latestHead(store);
  const toSize = to ?? head.size;
  if (toSize > head.size) throw outOfRange(`to ${toSize} is beyond the log's ${head.size} leaves`);
  if (from < 1 || from > toSize) throw outOfRange(`from must be 1 to ${toSize}: the empty tree is consistent with any`);
  const hashes = consistencyProofFromStored(
    from,
    toSize,
    await readStoredHashes(store, consistencyProofCoords(from, toSize)),
    nodeSha256,
  );
  return { from, to: toSize, hashes: hashes.map(toBase64) };
}

/** The complete-subtree hashes of level `merkleLevel` that the latest tree holds. */
const storedAt = (size: number, merkleLevel: number) => Math.floor(size / 2 ** merkleLevel);

/**
 * A hash tile's bytes, or null when the latest tree does not hold it: a full tile (width 256) once
 * all its hashes exist, a partial one of any width up to what exists. Either never changes once
 * served, so it is cacheable for good.
 */
export async function readHashTile(tile: Tile, store: Store = getStore()): Promise<Uint8Array | null> {
  const head = await latestHead(store);
  const level = tile.level * 8;
  const start = tile.index * TILE_WIDTH;
  if (start + tile.width > storedAt(head.size, level)) return null;
  const hashes = await store.range(levelKey(level), start, start + tile.width - 1);
  return Buffer.concat(hashes.map((h) => Buffer.from(h, "base64")));
}

/** An entry bundle's bytes, or null when the latest tree does not hold its entries yet. */
export async function readEntryBundle(bundle: { index: number; width: number }, store: Store = getStore()) {
  const head = await latestHead(store);
  const start = bundle.index * TILE_WIDTH;
  if (start + bundle.width > head.size) return null;
  const leaves = await store.range(LEAVES_KEY, start, start + bundle.width - 1);
  return encodeEntryBundle(leaves.map((item) => new TextEncoder().encode(leafOfItem(item))));
}

/** The leaves at [start, end) of the latest tree, as stored (for the /log page's recent leaves). */
export async function readLeaves(start: number, end: number, store: Store = getStore()): Promise<string[]> {
  return end > start ? (await store.range(LEAVES_KEY, start, end - 1)).map(leafOfItem) : [];
}
