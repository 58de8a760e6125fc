import { ApiError } from "../http/problem";
import { getStore } from "../store";
import type { RecordWrite, RecordWriteResult } from "../store/types";
import { registryLeaf } from "../tlog/leaf";
import type { RegistryRecord } from "./record-schema";

/** The store collection of the registry. */
export const REGISTRY_COLLECTION = "registry";

/**
 * What the store keeps per company: the public record plus the secrets that must never reach a
 * response. Tokens are kept only as hashes; the audit session's write token is kept as is, because
 * the registry must present it to append certification entries.
 */
export interface RegistryEntry {
  v: 1;
  record: RegistryRecord;
  ownerTokenHash: string | null;
  claimTokenHash: string | null;
  /** The audit session certification entries go to (a formed record's is its incorporation session). */
  auditSessionId: string | null;
}

export interface LoadedEntry {
  entry: RegistryEntry;
  version: number;
}

/** Reads one entry with its store version (for optimistic updates). */
export async function loadEntry(id: string): Promise<LoadedEntry | null> {
  const stored = await getStore().getRecord(REGISTRY_COLLECTION, id);
  return stored ? { entry: JSON.parse(stored.value) as RegistryEntry, version: stored.version } : null;
}

export function parseEntry(value: string): RegistryEntry {
  return JSON.parse(value) as RegistryEntry;
}

/** The CUIT as 11 digits (a 7-digit middle part padded), so two spellings of one CUIT collide. */
function cuitKey(cuit: string): string {
  const [prefix = "", body = "", check = ""] = cuit.split("-");
  return `${prefix}${body.padStart(8, "0")}${check}`;
}

/**
 * The store write of an entry with its indexes (the list filters) and unique claims (public URL,
 * CUIT): one atomic record write, alone (saveEntry) or in a batch with the audit entry that records it.
 */
export function entryWrite(
  entry: RegistryEntry,
  options: { mode: "create" | "update"; expectVersion?: number },
): RecordWrite {
  const { record } = entry;
  const unique: Record<string, string> = {};
  if (record.publicUrl !== "-") unique.publicUrl = record.publicUrl;
  if (record.operatorCuit) unique.operatorCuit = cuitKey(record.operatorCuit);
  return {
    collection: REGISTRY_COLLECTION,
    id: record.id,
    value: JSON.stringify(entry),
    indexes: { status: record.status, jurisdiction: record.jurisdiction, type: record.type },
    unique,
    mode: options.mode,
    ...(options.expectVersion === undefined ? {} : { expectVersion: options.expectVersion }),
  };
}

/**
 * Writes an entry on its own, with its leaf in the transparency log in the same batch: a write
 * refused for a duplicate or a stale version leaves nothing behind, leaf included.
 */
export async function saveEntry(
  entry: RegistryEntry,
  options: { mode: "create" } | { mode: "update"; expectVersion: number },
): Promise<RecordWriteResult> {
  const write = entryWrite(entry, options);
  const result = await getStore().batch([
    { type: "record", write },
    registryLeaf(write, options.mode === "create" ? "created" : "updated"),
  ]);
  if (result.ok) return { ok: true, version: options.mode === "create" ? 1 : options.expectVersion + 1 };
  return { ok: false, ...result.failure } as RecordWriteResult;
}

/** The 409 for a write refused by a unique claim; names the member so the caller knows what to change. */
export function duplicateProblem(field: string): ApiError {
  const what = field === "publicUrl" ? "public URL" : "operator CUIT";
  return new ApiError("registry_duplicate", `Another registry record already has this ${what}.`, {
    field: field === "publicUrl" ? "publicUrl" : "operatorCuit",
  });
}
