import { openCheckpoint, parseCheckpoint, parseNote } from "@sociedades-ia/incorporate/tlog";
import { getConfig } from "../config/config";
import { getStore } from "../store";
import { perStore } from "../store/per-store";
import type { Store } from "../store/types";
import { CHECKPOINT_KEY } from "./layout";
import { logNoteKey } from "./log-key";
import { isIntegrationRefused, stallLog } from "./log-stall";

/** The integrated tree: its size and root, and the signed checkpoint note that states them. */
export interface LogHead {
  size: number;
  root: Uint8Array;
  /** The checkpoint as served at /log/checkpoint: a C2SP signed note. */
  note: string;
}

// Every write's receipt and every integration look at the latest checkpoint: parse each note once.
let latest: LogHead | null = null;

/** The head a checkpoint note states; its signature is checked by openStoredHead, not here. */
export function headOf(note: string): LogHead {
  if (latest?.note === note) return latest;
  const { size, root } = parseCheckpoint(parseNote(note).text);
  latest = { size, root, note };
  return latest;
}

// The checkpoint each store was last seen holding, once its signature checked.
const openedNotes = () => perStore<string>("sia.tlog.opened-checkpoint");

/** Records a checkpoint this process signed itself: no need to check its signature again. */
export function rememberOpenedNote(store: Store, note: string): void {
  openedNotes().set(store, note);
}

/**
 * The stored checkpoint, if the log's key signed it for its origin. Anything else is not the log's
 * statement: it stalls the log (with an alarm) and is thrown as IntegrationRefused.
 */
export async function openStoredHead(store: Store, note: string): Promise<LogHead> {
  if (openedNotes().get(store) !== note) {
    try {
      await openCheckpoint(note, logNoteKey().vkey, { origin: getConfig().tlog.origin });
    } catch (err) {
      throw stallLog(store, `the stored checkpoint is not the log's: ${(err as Error).message}`);
    }
    openedNotes().set(store, note);
  }
  return headOf(note);
}

/**
 * The latest integrated head, or null before the log's first checkpoint, and when the stored one is
 * not signed by the log (the log then stalls, and readers hand out no checkpoint at all).
 */
export async function readLogHead(store: Store = getStore()): Promise<LogHead | null> {
  const note = await store.get(CHECKPOINT_KEY);
  if (note === null) return null;
  try {
    return await openStoredHead(store, note);
  } catch (err) {
    if (isIntegrationRefused(err)) return null;
    throw err;
  }
}
