import { leafHash } from "../../packages/incorporate/src/tlog/merkle-hash";
import { canonicalJson } from "../audit/canonical";
import type { BatchWrite } from "../store/types";
import { LEAVES_KEY, nodeSha256, toBase64 } from "./layout";

/**
 * What the log records. A leaf is the RFC 8785 canonical JSON of one of these: ids and hashes only,
 * never personal text, so a demo session that expires leaves nothing readable in the log, and its
 * leaves still prove what was there.
 */
export type Leaf =
  /** An audit entry: `entryHash` is the hash of its full canonical form (the next entry's `prev`). */
  | { kind: "audit.entry"; sessionId: string; seq: number; entryHash: string }
  /** A registry record change: `recordHash` is `sha256:` + hex of the record as stored. */
  | { kind: "registry.record"; id: string; version: number; event: string; recordHash: string }
  /** A key the service signs or MACs with, the first time it is in use (`kid`: its public id). */
  | { kind: "key.event"; purpose: "audit-hmac" | "audit-checkpoint" | "log"; kid: string; event: "in-use" };

export const leafBytes = (leaf: Leaf): string => canonicalJson(leaf);

/** The RFC 6962 leaf hash of a leaf's bytes, base64 (as proofs and receipts carry it). */
export const leafHashOf = (bytes: string): string => toBase64(leafHash(new TextEncoder().encode(bytes), nodeSha256));

/** The batch write that sequences a leaf: the batch answers its index (`pushedAt`). */
export const sequenceLeaf = (bytes: string): BatchWrite => ({ type: "push", key: LEAVES_KEY, values: [bytes] });
