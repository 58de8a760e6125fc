import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FileTileStore } from "../../lib/tlog/tile-store-files";
import { tempDir } from "../support/temp-dir";

const TILE = "tile/0/000";
const bytes = (n: number) => new Uint8Array(32).fill(n);

describe("FileTileStore", () => {
  it("makes its directory and the tile's on the first put, and reads the tile back", async () => {
    const dataDir = tempDir("sia-tiles-");
    const tiles = new FileTileStore(path.join(dataDir, "tiles"));
    await tiles.put(TILE, bytes(1));
    expect(await tiles.get(TILE)).toEqual(bytes(1));
    expect(fs.readdirSync(path.join(dataDir, "tiles", "tile", "0"))).toEqual(["000"]);
  });

  it("refuses a different tile at a path it holds, and keeps the first", async () => {
    const tiles = new FileTileStore(path.join(tempDir("sia-tiles-"), "tiles"));
    await tiles.put(TILE, bytes(1));
    await tiles.put(TILE, bytes(1));
    await expect(tiles.put(TILE, bytes(2))).rejects.toThrow();
    expect(await tiles.get(TILE)).toEqual(bytes(1));
  });

  it("does not make again a data directory removed under it", async () => {
    const dataDir = tempDir("sia-tiles-");
    const tiles = new FileTileStore(path.join(dataDir, "tiles"));
    fs.rmSync(dataDir, { recursive: true });
    await expect(tiles.put(TILE, bytes(1))).rejects.toThrow(/tile directory .*tiles cannot be made/);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("refuses a path outside its tiles before touching the disk", async () => {
    const dataDir = tempDir("sia-tiles-");
    const tiles = new FileTileStore(path.join(dataDir, "tiles"));
    await expect(tiles.put("tile/../../escape", bytes(1))).rejects.toThrow(/bad tile path/);
    await expect(tiles.put("other/0/000", bytes(1))).rejects.toThrow(/bad tile path/);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
