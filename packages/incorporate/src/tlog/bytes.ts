/** Byte helpers shared by the log code: no Buffer, so they run in browsers too. */

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}

export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

/** Base64 without Buffer (browsers): the reference the faster Node code below must agree with. */
export const portableBase64 = {
  encode(bytes: Uint8Array): string {
    let bin = "";
    for (const b of bytes) bin += String.fromCharCode(b);
    return btoa(bin);
  },
  decode(text: string): Uint8Array | null {
    if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
    let bin: string;
    try {
      bin = atob(text);
    } catch {
      return null;
    }
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return portableBase64.encode(out) === text ? out : null;
  },
};

// Node's Buffer where there is one: a server encodes every index node it writes and decodes every
// one it reads, and Buffer does it natively, several times faster.
interface NodeBytes extends Uint8Array {
  toString(encoding?: "base64", start?: number, end?: number): string;
}
interface NodeBuffer {
  from(data: ArrayBufferLike, offset: number, length: number): NodeBytes;
  from(text: string, encoding: "base64"): NodeBytes;
  allocUnsafeSlow(size: number): NodeBytes;
}
const nodeBuffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;

// Hashes (and an index node's four) are encoded through one scratch buffer: a Buffer made per call
// cost more than its encoding.
const SCRATCH_BYTES = 128;
const scratch = nodeBuffer?.allocUnsafeSlow(SCRATCH_BYTES);

/** Standard base64 with padding. */
export const toBase64: (bytes: Uint8Array) => string =
  nodeBuffer && scratch
    ? (bytes) => {
        if (bytes.byteLength > SCRATCH_BYTES) {
          return nodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
        }
        scratch.set(bytes);
        return scratch.toString("base64", 0, bytes.byteLength);
      }
    : portableBase64.encode;

/**
 * Decodes standard padded base64, refusing every other spelling of the same bytes (missing
 * padding, URL alphabet, non-zero trailing bits): signed formats must have one encoding per value.
 * Returns null when the text is not canonical base64.
 */
export const fromBase64: (text: string) => Uint8Array | null = nodeBuffer
  ? (text) => {
      // Buffer decodes leniently (URL alphabet, no padding, stray characters): only text that
      // encodes back to itself is canonical.
      const decoded = nodeBuffer.from(text, "base64");
      return decoded.toString("base64") === text ? new Uint8Array(decoded) : null;
    }
  : portableBase64.decode;
