import { ApiError } from "../http/problem";
import { getStore } from "../store";
import type { RecordWrite, RecordWriteResult } from "../store/types";
import { leafHashOf, registryLeafBytes, sequenceLeaf } from "../tlog/leaf";
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
  /**
   * When the record last became a draft (listed, claimed, or moved to a new URL); the draft expiry
   * counts from here. Absent on entries written before it existed: their createdAt stands in.
   */
  draftSince?: string;
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
  if (record.status === "live" && record.publicUrl !== "-") unique.publicUrl = record.publicUrl;
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
): Promise<
  { ok: true; version: number; leaf: { index: number; leafHash: string } } | Exclude<RecordWriteResult, { ok: true }>
> {
  const write = entryWrite(entry, options);
  const leaf = registryLeafBytes(write, options.mode === "create" ? "created" : "updated");
  const result = await getStore().batch([{ type: "record", write }, sequenceLeaf(leaf)]);
  if (!result.ok) return { ok: false, ...result.failure } as Exclude<RecordWriteResult, { ok: true }>;
  const version = options.mode === "create" ? 1 : options.expectVersion + 1;
  return { ok: true, version, leaf: { index: result.pushedAt[0] as number, leafHash: leafHashOf(leaf) } };
}

/** The 409 for a record that would go live on an origin another live record holds. */
export function originTakenProblem(origin: string): ApiError {
  return new ApiError(
    "registry_duplicate",
    `Another live record already holds ${origin}: it was the first whose listing the site's manifest named and that passed certification. Nothing was changed. If that record is yours, move it to another URL (PATCH publicUrl) or ask the service's operator.`,
    { field: "publicUrl" },
  );
}
