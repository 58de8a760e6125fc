import type { RegistryRecord } from "./record-schema";

/**
 * What the store keeps per company: the public record plus what must never reach a response (token
 * hashes), sealed as a whole (seal-entry.ts) and read only through openEntry().
 */
export interface RegistryEntry {
  v: 2;
  record: RegistryRecord;
  ownerTokenHash: string | null;
  claimTokenHash: string | null;
  /** The audit session certification entries go to (a formed record's is its incorporation session). */
  auditSessionId: string | null;
  /**
   * When the record last became a draft (listed, claimed, or moved to a new URL); the draft expiry
   * counts from here. Absent on entries written before it existed: their createdAt stands in.
   */
  draftSince?: string;
  /**
   * The record's version: the `seq` of its newest leaf in the transparency log (0 when created, +1
   * with every write, each of which sequences one leaf).
   */
  seq: number;
  /** `sha256:` + hex of the kept certification report as stored; null before the first one. */
  reportHash: string | null;
}
