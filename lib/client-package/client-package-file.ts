import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ApiError } from "../http/problem";
import { CLIENT_TARBALL_NAME, CLIENT_TARBALL_PATH } from "./client-package-name";

export interface ClientTarball {
  size: number;
  /** Lowercase hex SHA-512 of the tarball's bytes: the in-toto subject's digest. */
  sha512: string;
  /** `sha512-` + base64 of the same digest: npm's `integrity` (Subresource Integrity form). */
  integrity: string;
}

const CACHE = Symbol.for("sia.client-tarball");
type TarballGlobal = typeof globalThis & { [CACHE]?: { stamp: string; tarball: ClientTarball } };

/**
 * The tarball's digest, read from public/ (scripts/pack-client.mjs writes it before the build) and
 * kept per process until the file changes. Missing: a 404 that says how to make it.
 */
export function readClientTarball(root = process.cwd()): ClientTarball {
  const file = path.join(root, "public", CLIENT_TARBALL_PATH);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new ApiError(
      "not_found",
      `The client package ${CLIENT_TARBALL_NAME} was not packed on this deployment: run scripts/pack-client.mjs before next build.`,
    );
  }
  const g = globalThis as TarballGlobal;
  const stamp = `${file} ${stat.size} ${stat.mtimeMs}`;
  if (g[CACHE]?.stamp === stamp) return g[CACHE].tarball;
  const digest = createHash("sha512").update(fs.readFileSync(file)).digest();
  const tarball = { size: stat.size, sha512: digest.toString("hex"), integrity: `sha512-${digest.toString("base64")}` };
  g[CACHE] = { stamp, tarball };
  return tarball;
}
