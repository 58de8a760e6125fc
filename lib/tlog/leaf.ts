import { hash } from "node:crypto";
import { leafHash } from "@sociedades-ia/incorporate/tlog";
import { canonicalJson } from "../signing/canonical";
import type { BatchWrite } from "../store/types";
import { nodeSha256, toBase64 } from "./layout";
import { sequencePush } from "./leaf-items";
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
   * A registry record change: `seq` the record's version (0 for its first leaf, then +1 per leaf),
   * `event` what changed it, `status` the record's status after it (draft, forming, live...),
   * `recordHash` the hash of the public record as GET /api/registry/{id} serves it (publicRecordHash),
   * so anyone holding that record can check it against the log; nothing private is hashed.
   */
  | { kind: "registry.record"; id: string; seq: number; event: RegistryEvent; status: string; recordHash: string }
  /** A key the service signs or MACs with, the first time it is in use (`kid`: its public id). */
  | { kind: "key.event"; purpose: "audit-hmac" | "audit-checkpoint" | "log"; kid: string; event: "in-use" };

/** `certified` a certification that passed (C or better); `certification-failed` one that did not. */
export type RegistryEvent = "created" | "updated" | "certified" | "certification-failed" | "displaced";

export const leafBytes = (leaf: Leaf): string => canonicalJson(leaf);

/** A public registry record: JSON members only, as the API serves it. */
export type PublicRecord = { id: string; status: string } & Record<string, unknown>;

/**
 * `sha256:` + hex of SHA-256 over the RFC 8785 form of a public record. Canonical JSON leaves out a
 * member left undefined as JSON.stringify does, so it hashes as the answer that leaves it out.
 */
export function publicRecordHash(record: PublicRecord): string {
  return `sha256:${hash("sha256", canonicalJson(record), "hex")}`;
}

/** The leaf of a registry record's version `seq`, written by `event`. */
export function registryLeafBytes(record: PublicRecord, seq: number, event: RegistryEvent): string {
  const recordHash = publicRecordHash(record);
  return leafBytes({ kind: "registry.record", id: record.id, seq, event, status: record.status, recordHash });
}

/** The push that records a registry record's version (the same batch as its write: both or neither). */
export function registryLeaf(record: PublicRecord, seq: number, event: RegistryEvent): BatchWrite {
  return sequenceLeaf(registryLeafBytes(record, seq, event));
}

/** The RFC 6962 leaf hash of a leaf's bytes, base64 (as proofs and receipts carry it). */
export const leafHashOf = (bytes: string): string => toBase64(leafHash(new TextEncoder().encode(bytes), nodeSha256));

/** The batch write that sequences a leaf, sealed: the batch answers its index (`pushedAt`). */
export const sequenceLeaf = (bytes: string): BatchWrite => sequencePush(sealLeaf(bytes));
