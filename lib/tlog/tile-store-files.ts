import fs from "node:fs/promises";
import path from "node:path";
import { checkSame, type TileStore } from "./tile-store";

/** Tiles as files under a directory: written to a temporary name, then linked (never over an existing one). */
export class FileTileStore implements TileStore {
  readonly kind = "files" as const;
  constructor(readonly dir: string) {}

  #file(tilePath: string): string {
    if (!/^tile\/[a-z0-9./]+$/.test(tilePath) || tilePath.includes("..")) throw new Error(`bad tile path ${tilePath}`);
    return path.join(this.dir, tilePath);
  }

  /**
   * The directories down to `file`: any below the root, the root itself only inside a directory
   * that exists. A data directory removed under a running process (a test's, once it is done) is
   * not made again by a tile moved late: its tiles would go where nobody looks, and the move is
   * tried again by the next integration.
   */
  async #makeDirectories(file: string): Promise<void> {
    try {
      await fs.mkdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new Error(`the tile directory ${this.dir} cannot be made: ${(err as Error).message}`);
      }
    }
    await fs.mkdir(path.dirname(file), { recursive: true });
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
    await this.#makeDirectories(file);
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
