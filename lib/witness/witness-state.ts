import { createHash } from "node:crypto";
import type { Store } from "../store/types";

/**
 * What the built-in witness keeps per log, under `witness:log:<hex SHA-256 of the origin>` (the
 * origin hash the spec's monitoring path uses): the size and root of the latest checkpoint it
 * cosigned, and that checkpoint with the log's signature and its cosignature, as evidence.
 */
export interface WitnessedLog {
  size: number;
  /** Base64 root hash. */
  root: string;
  checkpoint: string;
}

export const originHash = (origin: string) => createHash("sha256").update(origin, "utf8").digest("hex");
export const witnessedLogKey = (origin: string) => witnessedLogKeyByHash(originHash(origin));
const witnessedLogKeyByHash = (hash: string) => `witness:log:${hash}`;

/**
 * The latest checkpoint this witness cosigned for the log of an origin hash (the spec's monitoring
 * path), with the log's signature and the witness's cosignature; null if it never cosigned one.
 */
export async function readWitnessedCheckpoint(store: Store, hash: string): Promise<string | null> {
  if (!/^[0-9a-f]{64}$/.test(hash)) return null;
  const raw = await store.get(witnessedLogKeyByHash(hash));
  return raw === null ? null : (JSON.parse(raw) as WitnessedLog).checkpoint;
}

/** The stored value (for a compare-and-set) and what it says; size 0 when the log was never cosigned. */
export async function readWitnessedLog(
  store: Store,
  origin: string,
): Promise<{ raw: string | null; state: WitnessedLog | null }> {
  const raw = await store.get(witnessedLogKey(origin));
  return { raw, state: raw === null ? null : (JSON.parse(raw) as WitnessedLog) };
}
