import { randomFillSync } from "node:crypto";

// Tokens are cut from a pool of random bytes refilled 4 kB at a time: one call into the system's
// random generator per 128 tokens instead of one each (Node does the same for randomUUID). Used
// bytes are zeroed, so a token does not outlive its use in the pool.
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

/** `bytes` cryptographically random bytes as base64url (32 bytes: 43 characters, 256 bits). */
export function randomToken(bytes = 32): string {
  if (bytes > POOL_BYTES) throw new RangeError(`randomToken: at most ${POOL_BYTES} bytes`);
  if (offset + bytes > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(POOL_BYTES));
    offset = 0;
  }
  const token = pool.toString("base64url", offset, offset + bytes);
  pool.fill(0, offset, offset + bytes);
  offset += bytes;
  return token;
}
