import { concatBytes } from "./bytes.ts";
import { TlogError } from "./errors.ts";
import { TILE_WIDTH } from "./tile-path.ts";

/** The largest entry a bundle can hold: its length prefix is a uint16. */
export const MAX_ENTRY_SIZE = 0xffff;

/** An entry bundle: each entry as a big-endian uint16 length, then its bytes. */
export function encodeEntryBundle(entries: readonly Uint8Array[]): Uint8Array {
  if (entries.length > TILE_WIDTH) {
    throw new TlogError("invalid_argument", `a bundle holds at most ${TILE_WIDTH} entries, got ${entries.length}`);
  }
  const parts: Uint8Array[] = [];
  for (const [i, entry] of entries.entries()) {
    if (entry.length > MAX_ENTRY_SIZE) {
      throw new TlogError("invalid_argument", `entry ${i} has ${entry.length} bytes, more than ${MAX_ENTRY_SIZE}`);
    }
    parts.push(new Uint8Array([entry.length >> 8, entry.length & 0xff]), entry);
  }
  return concatBytes(...parts);
}

/**
 * Splits an entry bundle into its entries. With `width`, the bundle must hold exactly that many
 * (the width its path names); a truncated bundle is refused either way.
 */
export function decodeEntryBundle(bundle: Uint8Array, width?: number): Uint8Array[] {
  const entries: Uint8Array[] = [];
  let at = 0;
  while (at < bundle.length) {
    if (at + 2 > bundle.length)
      throw new TlogError("malformed", `the bundle ends inside the length of entry ${entries.length}`);
    const length = ((bundle[at] as number) << 8) | (bundle[at + 1] as number);
    at += 2;
    if (at + length > bundle.length) {
      throw new TlogError(
        "malformed",
        `entry ${entries.length} needs ${length} bytes, the bundle has ${bundle.length - at} left`,
      );
    }
    entries.push(bundle.slice(at, at + length));
    at += length;
    if (entries.length > TILE_WIDTH)
      throw new TlogError("malformed", `the bundle holds more than ${TILE_WIDTH} entries`);
  }
  if (width !== undefined && entries.length !== width) {
    throw new TlogError("malformed", `the bundle holds ${entries.length} entries, expected ${width}`);
  }
  return entries;
}
