import { hash } from "node:crypto";
import { leafHash } from "../../packages/incorporate/src/tlog/merkle-hash";
import { canonicalJson } from "../audit/canonical";
import type { BatchWrite, RecordWrite } from "../store/types";
import { LEAVES_KEY, nodeSha256, toBase64 } from "./layout";
import { sealLeaf } from "./sealed-leaf";

/**
 * What the log records. A leaf is the RFC 8785 canonical JSON of one of these: ids and hashes only,
 * never personal text, so a demo session that expires leaves nothing readable in the log, and its
 * leaves still prove what was there.
 */
export type Leaf =
  /** An audit entry: `entryHash` is the hash of its full canonical form (the next entry's `prev`). */
  | { kind: "audit.entry"; sessionId: string; seq: number; entryHash: string }
  /**
   * A registry record change: `event` is created, updated or certified, `status` the record's
   * status after it (draft, forming, live...), `recordHash` `sha256:` + hex of the record as stored.
   */
  | { kind: "registry.record"; id: string; event: RegistryEvent; status: string; recordHash: string }
  /** A key the service signs or MACs with, the first time it is in use (`kid`: its public id). */
  | { kind: "key.event"; purpose: "audit-hmac" | "audit-checkpoint" | "log"; kid: string; event: "in-use" };

export type RegistryEvent = "created" | "updated" | "certified";

export const leafBytes = (leaf: Leaf): string => canonicalJson(leaf);

/** The leaf of a registry record write. */
export function registryLeafBytes(write: RecordWrite, event: RegistryEvent): string {
  const status = write.indexes.status ?? "unknown";
  const recordHash = `sha256:${hash("sha256", write.value, "hex")}`;
  return leafBytes({ kind: "registry.record", id: write.id, event, status, recordHash });
}

/** The push that records a registry record write (the same batch as the write: both or neither). */
export function registryLeaf(write: RecordWrite, event: RegistryEvent): BatchWrite {
  return sequenceLeaf(registryLeafBytes(write, event));
}

/** The RFC 6962 leaf hash of a leaf's bytes, base64 (as proofs and receipts carry it). */
export const leafHashOf = (bytes: string): string => toBase64(leafHash(new TextEncoder().encode(bytes), nodeSha256));

/** The batch write that sequences a leaf, sealed: the batch answers its index (`pushedAt`). */
export const sequenceLeaf = (bytes: string): BatchWrite => ({
  type: "push",
  key: LEAVES_KEY,
  values: [sealLeaf(bytes)],
});
