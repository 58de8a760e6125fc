import { type KeyObject, sign } from "node:crypto";

/**
 * An Ed25519 signature made in libuv's thread pool (node:crypto's callback form), not on the event
 * loop: one takes some 50 µs here, which signing inline would take from every request waiting.
 * The log's notes are signed so. A session's checkpoint is not: it is signed inside its entry's
 * synchronous batch, once the leaf's position is known (docs/decisions/performance.md).
 */
export const signInPool = (data: Uint8Array, key: KeyObject): Promise<Buffer> =>
  new Promise((resolve, reject) => sign(null, data, key, (err, signature) => (err ? reject(err) : resolve(signature))));
