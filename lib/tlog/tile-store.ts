import fs from "node:fs/promises";
import path from "node:path";
import { equalBytes } from "../../packages/incorporate/src/tlog/bytes";
import { getConfig } from "../config/config";
import { S3TileStore } from "./tile-store-s3";

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

/** Tiles as files under a directory: written to a temporary name, then linked (never over an existing one). */
export class FileTileStore implements TileStore {
  readonly kind = "files" as const;
  constructor(readonly dir: string) {}

  #file(tilePath: string): string {
    if (!/^tile\/[a-z0-9./]+$/.test(tilePath) || tilePath.includes("..")) throw new Error(`bad tile path ${tilePath}`);
    return path.join(this.dir, tilePath);
  }

  async get(tilePath: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await fs.readFile(this.#file(tilePath)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  }

  async put(tilePath: string, bytes: Uint8Array): Promise<void> {
    const file = this.#file(tilePath);
    const existing = await this.get(tilePath);
    if (existing !== null) return checkSame(existing, bytes, file);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    const handle = await fs.open(temp, "wx");
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      // A link never replaces a file: two writers of one tile cannot overwrite each other.
      await fs.link(temp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      checkSame((await this.get(tilePath)) as Uint8Array, bytes, file);
    } finally {
      await fs.rm(temp, { force: true });
    }
  }
}

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
