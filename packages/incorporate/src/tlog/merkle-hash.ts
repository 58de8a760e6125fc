import { concatBytes } from "./bytes.ts";
import { type Hasher, sha256 } from "./sha256.ts";

/** Length of every hash in the log (SHA-256). */
export const HASH_SIZE = 32;

/** RFC 6962 leaf hash: SHA-256(0x00 || entry). */
export function leafHash(entry: Uint8Array, hash: Hasher = sha256): Uint8Array {
  return hash(concatBytes(LEAF_PREFIX, entry));
}

/** RFC 6962 interior node hash: SHA-256(0x01 || left || right). */
export function nodeHash(left: Uint8Array, right: Uint8Array, hash: Hasher = sha256): Uint8Array {
  return hash(concatBytes(NODE_PREFIX, left, right));
}

/** The root of the empty tree: SHA-256 of no bytes. */
export function emptyRoot(hash: Hasher = sha256): Uint8Array {
  return hash(new Uint8Array(0));
}

const LEAF_PREFIX = new Uint8Array([0x00]);
const NODE_PREFIX = new Uint8Array([0x01]);
