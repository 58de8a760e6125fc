import fs from "node:fs/promises";
import path from "node:path";
import { SCHEMA_FILE_NAME } from "../api/discovery-schemas";
import { ApiError } from "../http/problem";
import { clipText } from "../text/well-formed";

// process.cwd() is the project root under `npm run serve` and on Vercel, and Next's file tracing
// follows this form of path into the deployment bundle.
const SCHEMAS_DIR = path.join(process.cwd(), "schemas");

/** The `.json` files in schemas/, sorted: the only names /schemas/<name> serves. */
export async function listSchemaFiles(): Promise<string[]> {
  const entries = await fs.readdir(SCHEMAS_DIR, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && SCHEMA_FILE_NAME.test(e.name))
    .map((e) => e.name)
    .sort();
}

/** The exact text of schemas/<name>; a name that is not a file of that folder is a 404 listing those that are. */
export async function readSchemaFile(name: string): Promise<string> {
  const available = await listSchemaFiles();
  if (!available.includes(name)) {
    const shown = JSON.stringify(clipText(name, 80));
    throw new ApiError("not_found", `No schema named ${shown}. Available: ${available.join(", ")}.`, { available });
  }
  return fs.readFile(path.join(SCHEMAS_DIR, name), "utf8");
}
