import { hash } from "node:crypto";
import type { Hasher } from "@sociedades-ia/incorporate/tlog";

/**
 * Where the transparency log lives in the store (both backends, through the store contract):
 *   tlog:leaves        list: every leaf in log order, as its bytes (canonical JSON); position = index
 *   tlog:h:<level>     list: the hash of complete subtree (level, i) at position i, base64
 *   tlog:checkpoint    string: the signed checkpoint note of the integrated tree
 *   tlog:lock          string: the integrator's claim (volatile, with a time to live)
 * Leaves are sequenced by the writes they record (a push in the same atomic batch), and integrated
 * into the tree and a new checkpoint in batches, by whichever process gets the lock.
 */
export const LEAVES_KEY = "tlog:leaves";
export const CHECKPOINT_KEY = "tlog:checkpoint";
export const LOCK_KEY = "tlog:lock";
export const levelKey = (level: number) => `tlog:h:${level}`;

/** A plain Uint8Array over a Buffer's bytes, without copying them. */
const bytesOf = (buffer: Buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

/** SHA-256 with node:crypto's one-shot hash: integration hashes every new leaf and node. */
export const nodeSha256: Hasher = (data) => bytesOf(hash("sha256", data, "buffer"));

export const toBase64 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
export const fromBase64 = (text: string) => bytesOf(Buffer.from(text, "base64"));
