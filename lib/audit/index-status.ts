/**
 * A session's served head against the log's index (the session's latest leaf at the latest
 * checkpoint): `latest` (the head is that leaf's entry), `pending` (entries the log has not
 * integrated yet), `cut` (the log holds a later entry, or another entry at the head's seq: the store
 * serves less than the log recorded), `unavailable` (no index yet, or index state that does not
 * verify: the server log says which).
 */
import type { SessionInLog } from "@sociedades-ia/incorporate";
import type { Store, StoreReadResult } from "../store/types";
import { isIndexStateError } from "../tlog/index-store";
import { lookupSubject, sessionSubject } from "../tlog/subject-lookup";

export type { IndexStatus, SessionInLog } from "@sociedades-ia/incorporate";

export async function sessionInLog(
  sessionId: string,
  head: { size: number; hash: string | null },
  store: Store,
  /** The results of subjectReads(sessionSubject(sessionId)), read with the session's head. */
  preread?: StoreReadResult[],
): Promise<SessionInLog> {
  let found: Awaited<ReturnType<typeof lookupSubject>>;
  try {
    found = await lookupSubject(sessionSubject(sessionId), store, preread);
  } catch (err) {
    if (!isIndexStateError(err)) throw err;
    console.error(`[audit] ALARM: the log's index cannot be read for session ${sessionId}: ${err.message}`);
    return { status: "unavailable", seq: null, leafIndex: null };
  }
  if (found === null) return { status: "unavailable", seq: null, leafIndex: null };
  const { value } = found;
  if (value === null) return { status: head.size === 0 ? "latest" : "pending", seq: null, leafIndex: null };
  const at = { seq: value.seq, leafIndex: value.index };
  if (value.seq >= head.size) return { status: "cut", ...at };
  if (value.seq === head.size - 1) return { status: value.hash === head.hash ? "latest" : "cut", ...at };
  return { status: "pending", ...at };
}
