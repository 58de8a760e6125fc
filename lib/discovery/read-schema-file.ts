import fs from "node:fs/promises";
import path from "node:path";
import { SCHEMA_FILE_NAME } from "../api/discovery-schemas";
import { strongEtag } from "../http/cacheable";
import { ApiError } from "../http/problem";
import { clipText } from "../text/well-formed";
import { type CachedDocument, cachedDocument } from "./cached-document";

// process.cwd() is the project root under `npm run serve` and on Vercel, and Next's file tracing
// follows this form of path into the deployment bundle.
const SCHEMAS_DIR = path.join(process.cwd(), "schemas");

// In production the folder is part of the deployment and does not change while the server runs, so
// it is listed once and each file read (and its ETag hashed) once: listing and reading it for every
// request cost half a health check more. Under `next dev` it is read each time, so an edit shows.
const READ_ONCE = process.env.NODE_ENV === "production";
let listing: Promise<string[]> | null = null;

async function listFolder(): Promise<string[]> {
  const entries = await fs.readdir(SCHEMAS_DIR, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && SCHEMA_FILE_NAME.test(e.name))
    .map((e) => e.name)
    .sort();
}

/** The `.json` files in schemas/, sorted: the only names /schemas/<name> serves. */
function listSchemaFiles(): Promise<string[]> {
  if (!READ_ONCE) return listFolder();
  listing ??= listFolder();
  listing.catch(() => {
    listing = null;
  });
  return listing;
}

/** Throws the 404 listing the folder's files unless `name` is one of them. */
async function requireSchemaFile(name: string): Promise<void> {
  const available = await listSchemaFiles();
  if (!available.includes(name)) {
    const shown = JSON.stringify(clipText(name, 80));
    throw new ApiError("not_found", `No schema named ${shown}. Available: ${available.join(", ")}.`, { available });
  }
}

/** The exact text of schemas/<name>. */
const readFile = (name: string) => fs.readFile(path.join(SCHEMAS_DIR, name), "utf8");

/**
 * schemas/<name>, its exact text, with its strong ETag; a name that is not a file of that folder is a
 * 404 listing those that are.
 */
export async function schemaFileDocument(name: string): Promise<CachedDocument> {
  // Checked first: only a name the folder holds takes a place in the cache.
  await requireSchemaFile(name);
  if (READ_ONCE) return cachedDocument(`schema ${name}`, () => readFile(name));
  const body = await readFile(name);
  return { body, etag: strongEtag(body) };
}
