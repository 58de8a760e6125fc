import { cache } from "react";
import { isApiError } from "@/lib/http/problem";
import { getRegistryRecord } from "@/lib/registry/get-registry-record";
import type { RegistryRecord } from "@/lib/registry/record-schema";
import { isStoreUnavailable } from "@/lib/store";

/**
 * One record for a page: missing, unreadable and corrupt are answers the page words, not errors.
 * Read once per request: the page's title and its body share the answer.
 */
export const loadRecord = cache(async function loadRecord(
  id: string,
): Promise<{ record: RegistryRecord | null; unavailable: boolean; corrupt?: boolean }> {
  try {
    return { record: await getRegistryRecord(id), unavailable: false };
  } catch (err) {
    if (isStoreUnavailable(err)) return { record: null, unavailable: true };
    if (isApiError(err) && err.code === "not_found") return { record: null, unavailable: false };
    // A record whose stored state fails its seal is never shown; the page says so.
    if (isApiError(err) && err.code === "registry_record_corrupt")
      return { record: null, unavailable: false, corrupt: true };
    throw err;
  }
});
