import { getStore } from "../store";
import { eachStoredRecord } from "./each-stored-record";
import { openEntry } from "./open-entry";
import { entryWrite } from "./stored-record";

/** Set once the release has run on this store. */
export const LEGACY_CLAIMS_MARKER = "registry:claims:live-origin-only";

/**
 * Records written before drafts stopped reserving anything still hold unique claims on their public
 * URL and operator CUIT, which would keep the real company from going live. Rewrites each record once
 * with the claims it holds now (a live record its origin, others nothing); a record changed meanwhile
 * was written by the current rules already and is left as it is. Runs once per store (a marker).
 */
export async function releaseLegacyClaims(): Promise<number> {
  const store = getStore();
  if (await store.get(LEGACY_CLAIMS_MARKER)) return 0;
  let rewritten = 0;
  for await (const stored of eachStoredRecord(store)) {
    // Only what the service sealed is rewritten: resealing an edited entry would launder it.
    const opened = await openEntry(stored);
    if (!opened.ok) continue;
    const write = entryWrite(opened.entry, { mode: "update", expectVersion: stored.version });
    if ((await store.putRecord(write)).ok) rewritten++;
  }
  await store.set(LEGACY_CLAIMS_MARKER, new Date().toISOString());
  return rewritten;
}
