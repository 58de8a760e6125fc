import {
  consistencyProofCoords,
  consistencyProofFromStored,
  type HashLookup,
  inclusionProofCoords,
  inclusionProofFromStored,
  TILE_WIDTH,
  type Tile,
  tileWidth,
} from "@sociedades-ia/incorporate/tlog";
import { ApiError } from "../http/problem";
import { getStore } from "../store";
import type { Store } from "../store/types";
import { withCosignatures } from "./cosigned-head";
import { nodeSha256, toBase64 } from "./layout";
import { type LogHead, readLogHead } from "./log-head";
import { leadsToRoot, provenHashes, rememberProven } from "./proven-hashes";
import { isTileUnavailable, TileReader } from "./tile-read";

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
  const coords = [...inclusionProofCoords(index, treeSize), { level: 0, index }];
  const proofFrom = (lookup: HashLookup) => ({
    leaf: lookup({ level: 0, index }) as Uint8Array,
    hashes: inclusionProofFromStored(index, treeSize, lookup, nodeSha256),
  });
  // In the latest tree: from hashes an earlier proof fixed when they still lead to the signed root,
  // else from tiles, whose hashes are kept once their proof leads there (proven-hashes.ts).
  const latest = treeSize === head.size;
  const known = latest ? provenHashes(store, coords) : null;
  let proof = known === null ? null : proofFrom(known);
  if (proof === null || !leadsToRoot(head, index, proof.leaf, proof.hashes)) {
    const lookup = await checked(() => new TileReader(store, head).hashes(coords, treeSize));
    proof = proofFrom(lookup);
    if (latest && leadsToRoot(head, index, proof.leaf, proof.hashes)) rememberProven(store, coords, lookup);
  }
  return {
    index,
    size: treeSize,
    leafHash: toBase64(proof.leaf),
    hashes: proof.hashes.map(toBase64),
    checkpoint: latest ? (await withCosignatures(head, store)).note : null,
  };
}

/** The consistency proof between trees of `from` and `to` leaves (default: the latest). */
export async function proveConsistency(from: number, to?: number, store: Store = getStore()) {
  const head = await latestHead(store);
  const toSize = to ?? head.size;
  if (toSize > head.size) throw outOfRange(`to ${toSize} is beyond the log's ${head.size} leaves`);
  if (from < 1 || from > toSize) throw outOfRange(`from must be 1 to ${toSize}: the empty tree is consistent with any`);
  const lookup = await checked(() => new TileReader(store, head).hashes(consistencyProofCoords(from, toSize), toSize));
  const hashes = consistencyProofFromStored(from, toSize, lookup, nodeSha256);
  return { from, to: toSize, hashes: hashes.map(toBase64) };
}

/**
 * A hash tile's bytes, or null when the latest tree does not hold it: a full tile (width 256) once
 * all its hashes exist, a partial one of any width up to what exists. `full`: whether it is the full
 * tile (immutable) rather than a partial one (served briefly: tlog-tiles clients move to the full one).
 */
export async function readHashTile(tile: Tile, store: Store = getStore()): Promise<Uint8Array | null> {
  const head = await latestHead(store);
  if (tile.width > tileWidth(tile.level, tile.index, head.size)) return null;
  return checked(() => new TileReader(store, head).fetch(tile));
}

/** An entry bundle's bytes, or null when the latest tree does not hold its entries yet. */
export async function readEntryBundle(bundle: { index: number; width: number }, store: Store = getStore()) {
  const head = await latestHead(store);
  if (bundle.index * TILE_WIDTH + bundle.width > head.size) return null;
  return checked(() => new TileReader(store, head).bundleBytes(bundle.index, bundle.width));
}

/** The leaves at [start, end) of the latest tree (for the /log page's recent leaves). */
export async function readLeaves(start: number, end: number, store: Store = getStore()): Promise<string[]> {
  if (end <= start) return [];
  const head = await latestHead(store);
  return checked(() => new TileReader(store, head).leaves(start, end));
}

/** A tile the log has but cannot give in a form that checks answers 503: never bytes the checkpoint does not vouch for. */
async function checked<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (isTileUnavailable(err) || (err as { code?: unknown }).code === "missing_data") {
      throw new ApiError("store_unavailable", `The transparency log cannot serve this now: ${(err as Error).message}.`);
    }
    throw err;
  }
}
