import type { Store } from "../store/types";
import { eachStoredRecord } from "./each-stored-record";

/**
 * Every audit session id the stored registry records name (their incorporation session and the one
 * their own entries go to), as stored: for one-off operator steps such as sealing session headers.
 */
export async function recordSessionIds(store: Store): Promise<string[]> {
  const ids = new Set<string>();
  for await (const { value } of eachStoredRecord(store)) {
    const entry = JSON.parse(value) as { auditSessionId?: unknown; record?: { sessionId?: unknown } };
    for (const id of [entry.auditSessionId, entry.record?.sessionId]) if (typeof id === "string") ids.add(id);
  }
  return [...ids];
}
