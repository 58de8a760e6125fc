import { getConfig } from "../config/config";
import type { Store } from "../store/types";
import { readWitnessStatuses } from "./witness-status";

/**
 * Whether a leaf is witnessed by the quorum /log/policy asks for, the cheap way: `witnessed` when
 * that many witnesses cosigned a checkpoint of this log that covers it, `refused` when short of that
 * and a witness refused this log's checkpoint (a fork it would not cosign), `pending` otherwise;
 * null when no witness is configured (quorum 0). One stored status per witness, no proofs: for
 * answers that cannot afford the full check (the badge); verifiers run witness-quorum checks.
 */
export async function leafWitnessing(
  leafIndex: number | null,
  store: Store,
): Promise<"witnessed" | "pending" | "refused" | null> {
  const { witnesses, quorum } = getConfig().tlog.witnesses;
  if (witnesses.length === 0 || quorum === 0) return null;
  const statuses = await readWitnessStatuses(store, witnesses);
  const covering = statuses.filter(({ status }) => leafIndex !== null && (status.cosigned?.size ?? 0) > leafIndex);
  if (covering.length >= quorum) return "witnessed";
  return statuses.some(({ status }) => status.errorKind === "refused") ? "refused" : "pending";
}
