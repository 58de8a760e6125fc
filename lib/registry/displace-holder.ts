import { getStore } from "../store";
import { applyTransition } from "./apply-transition";
import { corruptRecordProblem, openEntry } from "./open-entry";
import { nextVersion, REGISTRY_COLLECTION, saveEntry } from "./stored-record";

/**
 * Takes `origin` from the live record holding it, for record `by`, which just passed a certification
 * whose manifest (read from that origin only) names `by`: the site's owner has moved on, and the
 * holder goes back to draft (apply-transition.ts), its change logged as a `displaced` leaf. The write
 * is conditional on the holder's version. False when no other record holds the origin any more, or
 * when the holder changed meanwhile (the caller then tries again). A holder whose stored state does
 * not verify is not written over: 409 registry_record_corrupt.
 */
export async function displaceHolder(origin: string, by: string): Promise<boolean> {
  const page = await getStore().listRecords({
    collection: REGISTRY_COLLECTION,
    where: { status: "live", holds: origin },
    limit: 10,
  });
  for (const stored of page.records) {
    if (stored.id === by) continue;
    const opened = await openEntry(stored);
    if (!opened.ok) throw corruptRecordProblem(stored.id);
    const holder = opened.entry.record;
    if (holder.status !== "live" || holder.publicUrl !== origin) continue;
    const at = new Date().toISOString();
    const record = applyTransition(holder, { type: "displace", at, by });
    const result = await saveEntry(
      nextVersion(opened.entry, { record, draftSince: at }),
      { mode: "update", expectVersion: opened.version },
      "displaced",
    );
    return result.ok || result.reason === "version";
  }
  return false;
}
