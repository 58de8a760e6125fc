import { parseCheckpoint, parseNote } from "@sociedades-ia/incorporate/tlog";
import { getStore } from "../store";
import type { Store } from "../store/types";
import { withCosignatures } from "./cosigned-head";
import { latestHead, readLeaves } from "./read-log";

/** The ids a leaf of each kind names, by field; its hashes and anything else are left out. */
const IDS = {
  "audit.entry": ["sessionId", "seq"],
  "registry.record": ["id", "event", "status"],
  "key.event": ["purpose", "kid"],
} as const;

export type LeafKind = keyof typeof IDS;

/** A leaf as the /log page lists it: its index, kind and ids, never more. */
export interface LeafSummary {
  index: number;
  kind: LeafKind | "other";
  ids: { name: string; value: string }[];
}

export interface RecentLeaves {
  origin: string;
  size: number;
  /** The latest signed checkpoint note, as /log/checkpoint serves it. */
  note: string;
  /** Newest first. */
  leaves: LeafSummary[];
}

function summarize(index: number, bytes: string): LeafSummary {
  let leaf: Record<string, unknown> | null = null;
  try {
    leaf = JSON.parse(bytes) as Record<string, unknown>;
  } catch {
    // A leaf is canonical JSON; anything else is listed by its index alone.
  }
  const kind = typeof leaf?.kind === "string" && Object.hasOwn(IDS, leaf.kind) ? (leaf.kind as LeafKind) : null;
  if (leaf === null || kind === null) return { index, kind: "other", ids: [] };
  const ids = IDS[kind]
    .filter((name) => typeof leaf[name] === "string" || typeof leaf[name] === "number")
    .map((name) => ({ name, value: String(leaf[name]) }));
  return { index, kind, ids };
}

/** The latest checkpoint and the `count` newest leaves of the log, for the /log page. */
export async function readRecentLeaves(count: number, store: Store = getStore()): Promise<RecentLeaves> {
  const head = await withCosignatures(await latestHead(store), store);
  const { origin } = parseCheckpoint(parseNote(head.note).text);
  const start = Math.max(0, head.size - count);
  const leaves = await readLeaves(start, head.size, store);
  return {
    origin,
    size: head.size,
    note: head.note,
    leaves: leaves.map((bytes, i) => summarize(start + i, bytes)).reverse(),
  };
}
