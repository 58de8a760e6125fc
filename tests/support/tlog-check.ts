// Checks of the transparency log against the audit logs it records, as the proof tests make them:
// what the store holds (every leaf and every entry, matched both ways), what writers were handed
// (receipts) and what anyone could have kept (checkpoints), each against the final checkpoint, with
// the client package's verifier and the service's own /log/consistency proofs.
import { createHash } from "node:crypto";
import { canonicalize } from "@sociedades-ia/incorporate";
import {
  type Checkpoint,
  leafHash,
  MemoryTree,
  openCheckpoint,
  parseVerifierKey,
  verifyConsistency,
  verifyInclusion,
} from "@sociedades-ia/incorporate/tlog";
import { fixedDisclosure } from "@/lib/registry/fixed-disclosures";
import type { Store } from "@/lib/store/types";
import { type PublicRecord, publicRecordHash } from "@/lib/tlog/leaf";
import { runLanes } from "./fault-client";

/** The log's origin when PUBLIC_BASE_URL is unset (as the test servers run). */
/** A default-configured log's origin: the local name and a hash of its key (or, with a key named so, none). */
export const DEFAULT_LOG_ORIGIN = /^sociedades-ia\.localhost\/log(\/[0-9a-f]{16})?$/;

/** A write's `transparency` member. */
export interface Receipt {
  index: number;
  leafHash: string;
  checkpoint: string | null;
  inclusion: { size: number; hashes: string[] } | null;
}

import { leafOfItem } from "@/lib/tlog/sealed-leaf";
import { leafItems } from "./tlog-layout";

const b64 = (text: string) => new Uint8Array(Buffer.from(text, "base64"));
const encoder = new TextEncoder();
const entryHashOf = (stored: string) => `sha256:${createHash("sha256").update(stored).digest("hex")}`;

/** Every leaf the store holds, in log order, as its bytes (the store keeps a MAC after each). */
export async function readStoredLeaves(store: Store): Promise<string[]> {
  return (await leafItems(store)).map(leafOfItem);
}

/**
 * Matches leaves to stored entries both ways, for the sessions named and every session a leaf
 * names: each leaf is canonical JSON of a known kind, each audit leaf names a stored entry whose
 * hash it carries, no entry has two leaves, and every stored entry has its leaf. Returns what does
 * not hold (empty when all does), and how many entries were matched.
 */
export async function matchLeavesToEntries(
  store: Store,
  leaves: string[],
  sessionIds: Iterable<string>,
): Promise<{ problems: string[]; entries: number }> {
  const problems: string[] = [];
  const byEntry = new Map<string, { index: number; entryHash: string }>();
  // Each record's newest leaf: it must hash the public record as stored now, at the stored seq, and a
  // record's leaves count its versions from 0.
  const byRecord = new Map<string, { index: number; seq: number; recordHash: string }>();
  for (const [index, raw] of leaves.entries()) {
    const leaf = JSON.parse(raw) as {
      kind: string;
      sessionId: string;
      seq: number;
      entryHash: string;
      id: string;
      recordHash: string;
    };
    if (canonicalize(leaf) !== raw) problems.push(`leaf ${index} is not canonical JSON`);
    if (leaf.kind === "key.event") continue;
    if (leaf.kind === "registry.record") {
      const expected = (byRecord.get(leaf.id)?.seq ?? -1) + 1;
      if (leaf.seq !== expected)
        problems.push(`leaf ${index} of record ${leaf.id} has seq ${leaf.seq}, not ${expected}`);
      byRecord.set(leaf.id, { index, seq: leaf.seq, recordHash: leaf.recordHash });
      continue;
    }
    if (leaf.kind !== "audit.entry") {
      problems.push(`leaf ${index} has an unexpected kind ${leaf.kind}`);
      continue;
    }
    const id = `${leaf.sessionId}:${leaf.seq}`;
    const earlier = byEntry.get(id);
    if (earlier) problems.push(`entry ${id} has two leaves: ${earlier.index} and ${index}`);
    else byEntry.set(id, { index, entryHash: leaf.entryHash });
  }
  const sessions = new Set(sessionIds);
  for (const id of byEntry.keys()) sessions.add(id.slice(0, id.lastIndexOf(":")));
  let entries = 0;
  const unmatched = new Set(byEntry.keys());
  await runLanes(
    [...sessions].map((sessionId) => async () => {
      const stored = await store.range(`audit:${sessionId}:log`, 1, -1);
      for (const [seq, raw] of stored.entries()) {
        const id = `${sessionId}:${seq}`;
        const leaf = byEntry.get(id);
        if (!leaf) problems.push(`entry ${id} has no leaf`);
        else if (leaf.entryHash !== entryHashOf(raw)) problems.push(`leaf ${leaf.index} does not hash entry ${id}`);
        unmatched.delete(id);
        entries++;
      }
    }),
    8,
  );
  for (const id of unmatched) problems.push(`leaf ${byEntry.get(id)?.index} names entry ${id}, which is not stored`);
  for (const [id, leaf] of byRecord) {
    const record = await store.getRecord("registry", id);
    if (!record) problems.push(`leaf ${leaf.index} names registry record ${id}, which is not stored`);
    else {
      const stored = JSON.parse(record.value) as { seq: number; record: PublicRecord };
      // The service's own disclosure is stored by name (lib/registry/seal-entry.ts): hashed as read.
      const named = stored.record.disclosure;
      const read = typeof named === "string" ? { ...stored.record, disclosure: fixedDisclosure(named) } : stored.record;
      if (leaf.recordHash !== publicRecordHash(read)) {
        problems.push(`leaf ${leaf.index}, the newest of record ${id}, does not hash it as stored`);
      }
      if (leaf.seq !== stored.seq) problems.push(`leaf ${leaf.index} has seq ${leaf.seq}, record ${id} ${stored.seq}`);
    }
  }
  return { problems, entries };
}

/** Opens a checkpoint note under the log's vkey (throws when the signature or origin is wrong). */
export async function openLogCheckpoint(note: string, vkey: string): Promise<Checkpoint> {
  const origin = parseVerifierKey(vkey).name;
  if (!DEFAULT_LOG_ORIGIN.test(origin)) throw new Error(`the log's vkey names ${origin}, not a default origin`);
  return (await openCheckpoint(note, vkey, { origin })).checkpoint;
}

/** The final checkpoint states the tree of exactly these leaves: the log converged on them. */
export function rootOfLeaves(leaves: string[]): Uint8Array {
  const tree = new MemoryTree();
  tree.appendEntries(...leaves.map((leaf) => encoder.encode(leaf)));
  return tree.root();
}

/**
 * Each receipt names its own leaf (index and leaf hash), no two receipts share an index, and a
 * receipt with a checkpoint proves the leaf in it under the log's vkey. Returns the problems and
 * the checkpoints the receipts carried.
 */
export async function checkReceipts(
  receipts: Receipt[],
  leaves: string[],
  vkey: string,
): Promise<{ problems: string[]; notes: string[] }> {
  const problems: string[] = [];
  const notes = new Set<string>();
  const seen = new Set<number>();
  for (const r of receipts) {
    if (seen.has(r.index)) problems.push(`two writes were given index ${r.index}`);
    seen.add(r.index);
    const leaf = leaves[r.index];
    if (leaf === undefined) {
      problems.push(`receipt index ${r.index} is beyond the ${leaves.length} stored leaves`);
      continue;
    }
    const hash = leafHash(encoder.encode(leaf));
    if (Buffer.from(hash).toString("base64") !== r.leafHash) problems.push(`receipt ${r.index} names another leaf`);
    if (r.checkpoint === null) continue;
    notes.add(r.checkpoint);
    try {
      const checkpoint = await openLogCheckpoint(r.checkpoint, vkey);
      if (r.inclusion?.size !== checkpoint.size) throw new Error("the proof is for another size");
      verifyInclusion(hash, r.index, checkpoint.size, r.inclusion.hashes.map(b64), checkpoint.root);
    } catch (err) {
      problems.push(`receipt ${r.index}: ${(err as Error).message}`);
    }
  }
  return { problems, notes: [...notes] };
}

/**
 * Every checkpoint is signed under the vkey, no two state different roots for one size (a split
 * view), and each is proved consistent with the final one by the server's /log/consistency. Returns
 * the problems and how many distinct sizes were proved.
 */
export async function checkConsistentWith(
  baseUrl: string,
  notes: Iterable<string>,
  final: Checkpoint,
  vkey: string,
): Promise<{ problems: string[]; sizes: number }> {
  const problems: string[] = [];
  const bySize = new Map<number, Uint8Array>();
  for (const note of new Set(notes)) {
    try {
      const c = await openLogCheckpoint(note, vkey);
      const other = bySize.get(c.size);
      if (other && Buffer.compare(other, c.root) !== 0) problems.push(`two roots signed for size ${c.size}`);
      bySize.set(c.size, c.root);
    } catch (err) {
      problems.push(`a checkpoint does not open: ${(err as Error).message}`);
    }
  }
  await runLanes(
    [...bySize].map(([size, root]) => async () => {
      if (size > final.size) problems.push(`checkpoint of size ${size} is beyond the final ${final.size}`);
      else if (size === final.size) {
        if (Buffer.compare(root, final.root) !== 0) problems.push(`size ${size} has another root than the final one`);
      } else if (size > 0) {
        const res = await fetch(`${baseUrl}/log/consistency?from=${size}&to=${final.size}`);
        const proof = (await res.json()) as { hashes: string[] };
        try {
          verifyConsistency(size, final.size, proof.hashes.map(b64), root, final.root);
        } catch (err) {
          problems.push(`size ${size} is not consistent with ${final.size}: ${(err as Error).message}`);
        }
      }
    }),
    8,
  );
  return { problems, sizes: bySize.size };
}

/** Polls /log/checkpoint on each server until `stop()`, keeping every note seen. */
export async function pollCheckpoints(urls: string[], notes: Set<string>, stop: () => boolean): Promise<number> {
  let polls = 0;
  while (!stop()) {
    await Promise.all(
      urls.map(async (url) => {
        const res = await fetch(`${url}/log/checkpoint`).catch(() => null);
        if (res?.status === 200) notes.add(await res.text());
        else await res?.arrayBuffer();
        polls++;
      }),
    );
    await new Promise((r) => setTimeout(r, 200));
  }
  return polls;
}
