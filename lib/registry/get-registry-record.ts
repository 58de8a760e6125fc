import { ApiError } from "../http/problem";
import { RECORD_ID_MAX, RECORD_ID_PATTERN } from "../identity/record-id";
import { clipText } from "../text/well-formed";
import { ensureSeeds } from "./ensure-seeds";
import type { RegistryRecord } from "./record-schema";
import { type LoadedEntry, loadEntry } from "./stored-record";

/** How a record that does not exist is refused: its routes' paths say it the same way. */
export const UNKNOWN_RECORD = {
  code: "not_found",
  detail: (id: string) => `No record in the directory has the id "${clipText(id, 80)}".`,
} as const;

/** The stored entry of a record, or a 404 problem (an id that cannot exist never reaches the store). */
export async function loadEntryOrThrow(id: string): Promise<LoadedEntry> {
  await ensureSeeds();
  const loaded = id.length <= RECORD_ID_MAX && RECORD_ID_PATTERN.test(id) ? await loadEntry(id) : null;
  if (!loaded) throw new ApiError(UNKNOWN_RECORD.code, UNKNOWN_RECORD.detail(id));
  return loaded;
}

/** One public record, or a 404 problem. */
export async function getRegistryRecord(id: string): Promise<RegistryRecord> {
  return (await loadEntryOrThrow(id)).entry.record;
}
