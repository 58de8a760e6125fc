import { equalBytes } from "@sociedades-ia/incorporate/tlog";

/**
 * Where full tiles and entry bundles live once integrated: written once, never changed, read by path
 * (`tile/<L>/<N>`, `tile/entries/<N>`, as tlog-tiles names them). The store is not trusted: readers
 * verify what it gives against the signed checkpoint (tile-read.ts).
 */
export interface TileStore {
  readonly kind: "files" | "s3";
  /** The object's bytes, or null when it has none at that path. */
  get(path: string): Promise<Uint8Array | null>;
  /**
   * Writes the object once. The same bytes again is a no-op; other bytes than those stored throw a
   * TileConflict and change nothing.
   */
  put(path: string, bytes: Uint8Array): Promise<void>;
}

const TILE_CONFLICT = Symbol.for("sia.tlog.tile-conflict");

/** The tile store already holds other bytes at a path: an edit, or another log writing there. */
export class TileConflict extends Error {
  override name = "TileConflict";
  readonly [TILE_CONFLICT] = true;
}

export const isTileConflict = (err: unknown): err is TileConflict =>
  typeof err === "object" && err !== null && TILE_CONFLICT in err;

/** Compares what a write found with what it meant to write. */
export function checkSame(found: Uint8Array, bytes: Uint8Array, where: string): void {
  if (!equalBytes(found, bytes)) throw new TileConflict(`${where} already holds other bytes than the log's`);
}
