import { parseCheckpoint } from "../../packages/incorporate/src/tlog/checkpoint";
import { parseNote } from "../../packages/incorporate/src/tlog/note";
import { getStore } from "../store";
import type { Store } from "../store/types";
import { CHECKPOINT_KEY } from "./layout";

/** The integrated tree: its size and root, and the signed checkpoint note that states them. */
export interface LogHead {
  size: number;
  root: Uint8Array;
  /** The checkpoint as served at /log/checkpoint: a C2SP signed note. */
  note: string;
}

// Every write's receipt and every integration look at the latest checkpoint: parse each note once.
let latest: LogHead | null = null;

/** The head a stored checkpoint note states (the service wrote it; its signature is checked at start-up). */
export function headOf(note: string): LogHead {
  if (latest?.note === note) return latest;
  const { size, root } = parseCheckpoint(parseNote(note).text);
  latest = { size, root, note };
  return latest;
}

/** The latest integrated head, or null before the log's first checkpoint. */
export async function readLogHead(store: Store = getStore()): Promise<LogHead | null> {
  const note = await store.get(CHECKPOINT_KEY);
  return note === null ? null : headOf(note);
}
