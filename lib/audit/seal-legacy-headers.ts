import { getConfig } from "../config/config";
import type { Store } from "../store/types";
import { readLeafRange, sequencedCount } from "../tlog/leaf-items";
import { logKey } from "./log-head";
import { openSessionHeader, sealedHeader } from "./session-header";

/**
 * The one-off migration of session headers written before headers were sealed (v1: a token hash and
 * a creation time, no seal), which writes now refuse like forged ones. It seals each v1 header as it
 * stands, so it must run while the store is trusted and quiet: the service stopped (the embedded
 * store allows one process anyway), and before anyone could have swapped a header. Anything else in
 * a header's place (garbage, a v2 header that does not open) is left alone and reported: that is an
 * edit to look into, not a header to vouch for. Idempotent, and safe to re-run after a crash: each
 * session's log is copied aside before it is rewritten, and a copy left behind is put back first.
 */
export interface SealOutcome {
  sealed: string[];
  alreadySealed: number;
  /** Sessions whose item 0 is neither a sealed header nor a v1 one: left as they are. */
  refused: string[];
}

const asideKey = (sessionId: string) => `audit:${sessionId}:log-unsealed`;
const LEAF_PAGE = 1000;

/** Every session id the transparency log's audit leaves name (registry records name more: the script adds them). */
export async function loggedSessionIds(store: Store): Promise<string[]> {
  const ids = new Set<string>();
  const total = await sequencedCount(store);
  for (let start = 0; start < total; start += LEAF_PAGE) {
    const leaves = await readLeafRange(store, start, Math.min(start + LEAF_PAGE, total));
    for (const raw of leaves) {
      const leaf = JSON.parse(raw) as { kind?: string; sessionId?: string };
      if (leaf.kind === "audit.entry" && typeof leaf.sessionId === "string") ids.add(leaf.sessionId);
    }
  }
  return [...ids];
}

function v1Parts(raw: string): { tokenHash: string; createdAt: string } | null {
  try {
    const h = JSON.parse(raw) as { v?: unknown; tokenHash?: unknown; createdAt?: unknown } | null;
    if (h?.v !== 1 || typeof h.tokenHash !== "string" || !/^[0-9a-f]{64}$/.test(h.tokenHash)) return null;
    return typeof h.createdAt === "string" ? { tokenHash: h.tokenHash, createdAt: h.createdAt } : null;
  } catch {
    return null;
  }
}

async function replaceList(store: Store, key: string, items: string[], expiry: number | "persist") {
  await store.del(key);
  await store.batch([{ type: "append", key, expectedLength: 0, values: items, expiry }]);
}

/** Seals the v1 headers of `sessionIds` in the store (see above). */
export async function sealLegacyHeaders(store: Store, sessionIds: readonly string[]): Promise<SealOutcome> {
  const outcome: SealOutcome = { sealed: [], alreadySealed: 0, refused: [] };
  for (const sessionId of sessionIds) {
    const key = logKey(sessionId);
    const aside = await store.range(asideKey(sessionId), 0, -1);
    let items = await store.range(key, 0, -1);
    if (aside.length > 0 && items.length === 0) items = aside; // a run cut between its two writes
    const [header] = items;
    if (header === undefined) continue;
    if (openSessionHeader(header, sessionId) !== null) {
      // A run cut after its rewrite leaves the copy behind: the rewrite stands.
      if (aside.length > 0) await store.del(asideKey(sessionId));
      outcome.alreadySealed++;
      continue;
    }
    const v1 = v1Parts(header);
    if (v1 === null) {
      outcome.refused.push(sessionId);
      continue;
    }
    const expiry = expiryOf(items);
    await replaceList(store, asideKey(sessionId), items, expiry);
    await replaceList(store, key, [sealedHeader(sessionId, v1.tokenHash, v1.createdAt), ...items.slice(1)], expiry);
    await store.del(asideKey(sessionId));
    outcome.sealed.push(sessionId);
  }
  return outcome;
}

/** As appends set it: a session holding anything but demo tool calls is permanent. */
function expiryOf(items: string[]): number | "persist" {
  const permanent = items.slice(1).some((raw) => {
    try {
      return (JSON.parse(raw) as { kind?: unknown }).kind !== "tool-call";
    } catch {
      return true;
    }
  });
  return permanent ? "persist" : getConfig().demoRetentionMs;
}
