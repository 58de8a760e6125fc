import { getConfig } from "../config/config";
import type { TileStore } from "./tile-store";
import { FileTileStore } from "./tile-store-files";
import { S3TileStore } from "./tile-store-s3";

const KEY = Symbol.for("sia.tlog.tile-store");
type TileStoreGlobal = typeof globalThis & { [KEY]?: TileStore | null };

/** The process's tile store, from configuration; null when tiles stay in the hot store. */
export function getTileStore(): TileStore | null {
  const g = globalThis as TileStoreGlobal;
  if (g[KEY] === undefined) {
    const { tiles } = getConfig().tlog;
    g[KEY] =
      tiles.kind === "files" ? new FileTileStore(tiles.dir) : tiles.kind === "s3" ? new S3TileStore(tiles) : null;
  }
  return g[KEY];
}
