import type { RegistryEntry } from "./registry-entry";

/**
 * Whether a draft has been left uncertified longer than `ttlMs` (REGISTRY_DRAFT_TTL) at `now`. Such a
 * draft leaves the public list, so a listing made under someone else's name cannot stay on show;
 * it keeps its id, and passing certification lists it again. Seeds are curated by the service's
 * operator and never expire; live and forming records are not drafts.
 */
export function isExpiredDraft(entry: RegistryEntry, now: Date, ttlMs: number): boolean {
  const { record } = entry;
  if (record.status !== "draft" || record.source === "seed") return false;
  const since = Date.parse(entry.draftSince ?? record.createdAt);
  return Number.isFinite(since) && now.getTime() - since >= ttlMs;
}
