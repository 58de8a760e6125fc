import { TlogError } from "./errors.ts";
import { HASH_SIZE } from "./merkle-hash.ts";

/** Sizes and indices are plain numbers: exact up to 2^53, far beyond any log this serves. */
export function requireCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new TlogError("invalid_argument", `${name} must be a non-negative safe integer, got ${String(value)}`);
  }
}

export function requireHash(name: string, value: Uint8Array): void {
  if (!(value instanceof Uint8Array) || value.length !== HASH_SIZE) {
    const got = value instanceof Uint8Array ? `${value.length} bytes` : typeof value;
    throw new TlogError("invalid_argument", `${name} must be a ${HASH_SIZE}-byte hash, got ${got}`);
  }
}
