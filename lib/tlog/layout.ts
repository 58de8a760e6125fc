import { hash } from "node:crypto";
import type { Hasher } from "@sociedades-ia/incorporate/tlog";

/**
 * Where the transparency log lives in the hot store (both backends, through the store contract). The
 * hot store keeps only the tail not yet in a full tile, and coordination; full tiles and entry
 * bundles go to the tile store (tile-store.ts) once integrated, and their keys here are deleted.
 *   tlog:sequenced       string: how many leaves were ever sequenced (the sequencer's counter)
 *   tlog:leaves:<N>      list: leaves N*256 onward (at most 256), each sealed (sealed-leaf.ts)
 *   tlog:tile:<L>:<N>    list: the hashes of tile (L, N), base64: Merkle level 8L, from hash N*256
 *   tlog:flushed         string: how many entry bundles (and the tiles they complete) the tile store holds
 *   tlog:checkpoint      string: the signed checkpoint note of the integrated tree
 *   tlog:lock            string: the integrator's claim (volatile, with a time to live)
 * Leaves are sequenced by the writes they record (a bucketed push in the same atomic batch), and
 * integrated into the tree and a new checkpoint in batches, by whichever process gets the lock. No
 * list grows past 256 items, and each is written by 256 appends at most.
 */
export const SEQUENCED_KEY = "tlog:sequenced";
export const LEAF_BUCKET_PREFIX = "tlog:leaves:";
export const FLUSHED_KEY = "tlog:flushed";
export const CHECKPOINT_KEY = "tlog:checkpoint";
export const LOCK_KEY = "tlog:lock";
export const leafBucketKey = (bundle: number) => `${LEAF_BUCKET_PREFIX}${bundle}`;
export const tileKey = (level: number, index: number) => `tlog:tile:${level}:${index}`;

/** The layout before tiles (one list of every leaf, one list per Merkle level): moved at start-up. */
export const LEGACY_LEAVES_KEY = "tlog:leaves";
export const legacyLevelKey = (level: number) => `tlog:h:${level}`;

/** A plain Uint8Array over a Buffer's bytes, without copying them. */
const bytesOf = (buffer: Buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

// Digests are cut from shared slabs: a Buffer of its own per digest (what `hash(…, "buffer")`
// returns) costs an ArrayBuffer each, five times the hashing itself, and weighs on every collection.
const SLAB_BYTES = 4096;
let slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
let slabAt = 0;

/** SHA-256 with node:crypto's one-shot hash: integration hashes every new leaf and node. */
export const nodeSha256: Hasher = (data) => {
  if (slabAt + 32 > SLAB_BYTES) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    slabAt = 0;
  }
  // "binary" is latin1: a character per byte, copied into the slab as it is.
  slab.write(hash("sha256", data, "binary"), slabAt, 32, "latin1");
  const digest = new Uint8Array(slab.buffer, slabAt, 32);
  slabAt += 32;
  return digest;
};

export const toBase64 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
export const fromBase64 = (text: string) => bytesOf(Buffer.from(text, "base64"));
