import { type KeyObject, sign } from "node:crypto";

/**
 * An Ed25519 signature made in libuv's thread pool (node:crypto's callback form), not on the event
 * loop: one takes some 50 µs here, and every append and integration signs, so signing inline would
 * hold up every other request for that long each time.
 */
export const signInPool = (data: Uint8Array, key: KeyObject): Promise<Buffer> =>
  new Promise((resolve, reject) => sign(null, data, key, (err, signature) => (err ? reject(err) : resolve(signature))));
