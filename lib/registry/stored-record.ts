import { ApiError } from "../http/problem";
import { getStore } from "../store";
import type { BatchWrite, RecordWrite, RecordWriteResult } from "../store/types";
import { leafHashOf, type RegistryEvent, registryLeaf, registryLeafBytes, sequenceLeaf } from "../tlog/leaf";
import { corruptRecordProblem, type OpenedEntry, openEntry } from "./open-entry";
import type { RegistryEntry } from "./registry-entry";
import { sealEntry } from "./seal-entry";

/** The store collection of the registry. */
export const REGISTRY_COLLECTION = "registry";

export type LoadedEntry = OpenedEntry;

/**
 * Reads one entry with its store version (for optimistic updates) and its seq; null when there is
 * none, a 409 `registry_record_corrupt` when the stored one does not verify (open-entry.ts).
 */
export async function loadEntry(id: string): Promise<LoadedEntry | null> {
  const stored = await getStore().getRecord(REGISTRY_COLLECTION, id);
  if (!stored) return null;
  const opened = await openEntry(stored);
  if (!opened.ok) throw corruptRecordProblem(id);
  return opened;
}

/** The entry that follows `entry` with `changes`: one more version, so one more leaf. */
export function nextVersion(entry: RegistryEntry, changes: Partial<RegistryEntry>): RegistryEntry {
  return { ...entry, ...changes, seq: entry.seq + 1 };
}

/** The leaf that records an entry's current version (`entry.seq`). */
export function entryLeaf(entry: RegistryEntry, event: RegistryEvent): BatchWrite {
  return registryLeaf(entry.record, entry.seq, event);
}

/**
 * The store write of an entry with its indexes (the list filters) and its one unique claim: a live
 * record holds its origin, so no other record can go live with it. Drafts and forming records claim
 * nothing (public facts such as a URL or a CUIT must not let whoever lists first block the real
 * company), and one operator CUIT may run any number of companies. One atomic record write, alone
 * (saveEntry) or in a batch with the audit entry that records it.
 */
export function entryWrite(
  entry: RegistryEntry,
  options: { mode: "create" | "update"; expectVersion?: number },
): RecordWrite {
  const { record } = entry;
  const unique: Record<string, string> = {};
  const holds = record.status === "live" && record.publicUrl !== "-";
  if (holds) unique.publicUrl = record.publicUrl;
  return {
    collection: REGISTRY_COLLECTION,
    id: record.id,
    value: sealEntry(entry),
    // `holds`: the origin a live record holds, so that a certification can find who holds it.
    indexes: {
      status: record.status,
      jurisdiction: record.jurisdiction,
      type: record.type,
      ...(holds ? { holds: record.publicUrl } : {}),
    },
    unique,
    mode: options.mode,
    ...(options.expectVersion === undefined ? {} : { expectVersion: options.expectVersion }),
  };
}

/**
 * Writes an entry on its own, with its leaf in the transparency log in the same batch: a write
 * refused for a duplicate or a stale version leaves nothing behind, leaf included. An update's entry
 * comes from nextVersion().
 */
export async function saveEntry(
  entry: RegistryEntry,
  options: { mode: "create" } | { mode: "update"; expectVersion: number },
  event: RegistryEvent = options.mode === "create" ? "created" : "updated",
): Promise<
  { ok: true; version: number; leaf: { index: number; leafHash: string } } | Exclude<RecordWriteResult, { ok: true }>
> {
  const write = entryWrite(entry, options);
  const leaf = registryLeafBytes(entry.record, entry.seq, event);
  const result = await getStore().batch([{ type: "record", write }, sequenceLeaf(leaf)]);
  if (!result.ok) return { ok: false, ...result.failure } as Exclude<RecordWriteResult, { ok: true }>;
  const version = options.mode === "create" ? 1 : options.expectVersion + 1;
  return { ok: true, version, leaf: { index: result.pushedAt[0] as number, leafHash: leafHashOf(leaf) } };
}

/** The 409 for a record that would go live on an origin another live record holds and could not be displaced. */
export function originTakenProblem(origin: string): ApiError {
  return new ApiError(
    "registry_duplicate",
    `Another live record holds ${origin} and could not be displaced right now (it changed, or cannot be found). Nothing was changed: certify again. If it persists, ask the service's operator.`,
    { field: "publicUrl" },
  );
}
