import type { WitnessCheck } from "@sociedades-ia/incorporate";
import { TlogError } from "@sociedades-ia/incorporate/tlog";
import { getConfig } from "../config/config";
import type { Store } from "../store/types";
import { withCosignatures } from "../tlog/cosigned-head";
import { readLogHead } from "../tlog/log-head";
import { logPolicy } from "../tlog/log-policy";
import { checkWitnessPolicyOnce } from "../tlog/policy-check";
import type { TransparencyReceipt } from "../tlog/receipt";
import { readWitnessStatuses } from "../tlog/witness-status";

/** The head against the service's witness policy (/log/policy): the client's `WitnessCheck`, computed here. */
export type WitnessQuorum = WitnessCheck;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Whether the head's leaf is witnessed: its receipt's checkpoint, or the log's latest one with the
 * cosignatures stored for it (each verified against its witness's key on reading), checked against
 * the published policy. Short of the quorum, a witness that refused this log's checkpoint is a
 * contradiction (a fork it would not cosign), not a delay.
 */
export async function witnessQuorum(receipt: TransparencyReceipt | null, store: Store): Promise<WitnessQuorum> {
  const policy = logPolicy();
  const base = { meets: false, quorum: policy.quorum, cosigned: [] as string[], size: null, contradiction: false };
  if (receipt?.checkpoint == null || receipt.inclusion === null) {
    return { ...base, error: "not checked: the head is not integrated in the log yet" };
  }
  const head = await readLogHead(store);
  const notes = [receipt.checkpoint, ...(head ? [(await withCosignatures(head, store)).note] : [])];
  let best: string[] = [];
  for (const note of notes) {
    try {
      const checked = await checkWitnessPolicyOnce(note, policy);
      if (checked.checkpoint.size <= receipt.index) {
        return { ...base, error: "the log's latest checkpoint does not cover the head's leaf", contradiction: true };
      }
      const names = checked.cosigned.map((w) => w.name);
      if (checked.meets) return { ...base, meets: true, cosigned: names, size: checked.checkpoint.size, error: null };
      if (names.length > best.length) best = names;
    } catch (err) {
      const contradiction =
        err instanceof TlogError && (err.code === "verification_failed" || err.code === "unverified");
      return { ...base, error: messageOf(err), contradiction };
    }
  }
  const statuses = await readWitnessStatuses(store, getConfig().tlog.witnesses.witnesses);
  const refused = statuses.find(({ status }) => status.errorKind === "refused");
  if (refused) {
    const why = `witness ${refused.witness.name} refused the log's checkpoint: ${refused.status.error ?? "no reason given"}`;
    return { ...base, cosigned: best, error: why, contradiction: true };
  }
  return {
    ...base,
    cosigned: best,
    error: `not witnessed yet: ${best.length} of the ${policy.quorum} witness cosignatures the policy requires`,
  };
}
