import { readSettings } from "./lib/manifest";

/** Says at start-up which settings are missing, before the first request for the manifest does. */
export function register() {
  try {
    readSettings(process.env);
  } catch (err) {
    console.warn(`agents.json will answer 503 until this is fixed: ${err instanceof Error ? err.message : err}`);
  }
}
