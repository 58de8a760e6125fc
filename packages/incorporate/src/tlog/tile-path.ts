import { requireCount } from "./arguments.ts";
import { TlogError } from "./errors.ts";

/** A tile holds the hashes of 2^8 Merkle levels' worth of subtrees: 256 hashes when full. */
export const TILE_HEIGHT = 8;
export const TILE_WIDTH = 256;

/**
 * A tile of tlog-tiles: the `width` consecutive hashes at Merkle level `8 * level` starting with
 * hash `index * 256` of that level. `width` is 256 for a full tile, 1 to 255 for a partial one.
 */
export interface Tile {
  level: number;
  index: number;
  width: number;
}

/** An entry bundle: the entries `index * 256` up to `index * 256 + width - 1`. */
export interface BundleRef {
  index: number;
  width: number;
}

export type ParsedTilePath = ({ kind: "tile" } & Tile) | ({ kind: "entries" } & BundleRef);

const MAX_LEVEL = 63;

/** `tile/<L>/<N>[.p/<W>]`, relative to the log's prefix. */
export function tilePath(tile: Tile): string {
  requireCount("tile level", tile.level);
  if (tile.level > MAX_LEVEL) throw new TlogError("invalid_argument", `tile level ${tile.level} is above ${MAX_LEVEL}`);
  return `tile/${tile.level}/${indexAndWidth(tile)}`;
}

/** `tile/entries/<N>[.p/<W>]`, relative to the log's prefix. */
export function bundlePath(bundle: BundleRef): string {
  return `tile/entries/${indexAndWidth(bundle)}`;
}

function indexAndWidth({ index, width }: { index: number; width: number }): string {
  requireCount("tile index", index);
  if (!Number.isInteger(width) || width < 1 || width > TILE_WIDTH) {
    throw new TlogError("invalid_argument", `tile width must be 1 to ${TILE_WIDTH}, got ${String(width)}`);
  }
  // Groups of three digits, all but the last prefixed with x: 1234067 is x001/x234/067.
  let digits = String(index);
  digits = digits.padStart(Math.ceil(digits.length / 3) * 3, "0");
  const groups: string[] = [];
  for (let i = 0; i < digits.length; i += 3) groups.push(digits.slice(i, i + 3));
  const n = groups.map((g, i) => (i < groups.length - 1 ? `x${g}` : g)).join("/");
  return width === TILE_WIDTH ? n : `${n}.p/${width}`;
}

/**
 * Parses a tile or entry bundle path (`tile/0/x001/234.p/17`, `tile/entries/000`) and accepts only
 * the one canonical spelling of each: no leading zeros in the level, width or first index group,
 * no empty or extra segments. A server can use it on request paths as they come.
 */
export function parseTilePath(path: string): ParsedTilePath {
  const bad = (why: string) => new TlogError("malformed", `bad tile path ${JSON.stringify(path)}: ${why}`);
  const segments = path.split("/");
  if (segments[0] !== "tile" || segments.length < 3) throw bad("expected tile/<L>/<N> or tile/entries/<N>");
  const levelText = segments[1] as string;
  let rest = segments.slice(2);

  let width = TILE_WIDTH;
  const last = rest.at(-1) as string;
  if (rest.length >= 2 && (rest.at(-2) as string).endsWith(".p")) {
    if (!/^[1-9][0-9]{0,2}$/.test(last) || Number(last) >= TILE_WIDTH) throw bad("the width must be 1 to 255");
    width = Number(last);
    rest = rest.slice(0, -1);
    rest[rest.length - 1] = (rest.at(-1) as string).slice(0, -2);
  }

  if (rest.length > 6) throw bad("the index is too large");
  for (const [i, group] of rest.entries()) {
    const pattern = i < rest.length - 1 ? /^x[0-9]{3}$/ : /^[0-9]{3}$/;
    if (!pattern.test(group)) throw bad("each index group is three digits, all but the last prefixed with x");
  }
  if (rest.length > 1 && rest[0] === "x000") throw bad("the index has a leading zero group");
  const index = Number(rest.map((g) => g.replace("x", "")).join(""));
  if (!Number.isSafeInteger(index)) throw bad("the index is too large");

  if (levelText === "entries") return { kind: "entries", index, width };
  if (!/^(0|[1-9][0-9]?)$/.test(levelText) || Number(levelText) > MAX_LEVEL) {
    throw bad(`the level must be 0 to ${MAX_LEVEL} without leading zeros, or "entries"`);
  }
  return { kind: "tile", level: Number(levelText), index, width };
}
