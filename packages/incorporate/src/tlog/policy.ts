import { type Checkpoint, openCheckpoint } from "./checkpoint.ts";
import { cosignatureTimestamp } from "./cosignature.ts";
import { TlogError } from "./errors.ts";
import { KEY_TYPE_COSIGNATURE_V1, KEY_TYPE_ED25519 } from "./key-id.ts";
import { verifyNote } from "./note.ts";
import { parseVerifierKey, verifierFromKey } from "./note-keys.ts";

/**
 * Which checkpoints a verifier accepts (as a log publishes it at /log/policy): signed by the log's
 * key, and cosigned by at least `quorum` of the witnesses. Witnesses close the split view a log's
 * signature alone leaves open: each cosigns only a checkpoint consistent with the last it saw.
 */
export interface WitnessPolicy {
  log: { origin: string; vkey: string };
  witnesses: { name: string; vkey: string; url?: string }[];
  quorum: number;
}

export interface PolicyResult {
  checkpoint: Checkpoint;
  /** The witnesses whose cosignature verified, with its timestamp (POSIX seconds). */
  cosigned: { name: string; vkey: string; timestamp: number }[];
  /** Whether the checkpoint meets the policy: at least `quorum` cosignatures. */
  meets: boolean;
}

const malformed = (why: string) => new TlogError("malformed", `malformed witness policy: ${why}`);

/** Checks a policy's shape and keys (a log key of type 0x01, witness keys of type 0x04). */
export function parseWitnessPolicy(value: unknown): WitnessPolicy {
  const p = value as Partial<WitnessPolicy> | null;
  if (p === null || typeof p !== "object") throw malformed("not an object");
  if (typeof p.log?.origin !== "string" || typeof p.log.vkey !== "string") throw malformed("log needs origin and vkey");
  if (parseVerifierKey(p.log.vkey).type !== KEY_TYPE_ED25519) throw malformed("the log's vkey is not a note key");
  if (!Array.isArray(p.witnesses)) throw malformed("witnesses is not an array");
  const witnesses = p.witnesses.map((w, i) => {
    if (typeof w?.vkey !== "string") throw malformed(`witness ${i} has no vkey`);
    const key = parseVerifierKey(w.vkey);
    if (key.type !== KEY_TYPE_COSIGNATURE_V1) throw malformed(`witness ${key.name}'s vkey is not a cosignature key`);
    return { name: key.name, vkey: w.vkey, ...(typeof w.url === "string" ? { url: w.url } : {}) };
  });
  if (new Set(witnesses.map((w) => w.vkey)).size !== witnesses.length) throw malformed("a witness is listed twice");
  const quorum = p.quorum;
  if (!Number.isSafeInteger(quorum) || (quorum as number) < 0 || (quorum as number) > witnesses.length) {
    throw malformed(`quorum must be 0 to ${witnesses.length}`);
  }
  return { log: { origin: p.log.origin, vkey: p.log.vkey }, witnesses, quorum: quorum as number };
}

/**
 * Verifies a checkpoint's log signature (and origin) and each policy witness's cosignature on it.
 * Throws `TlogError` when the log's signature is missing or bad, or a listed witness's cosignature
 * fails to verify; says in `meets` whether enough witnesses cosigned (lagging witnesses are normal:
 * a newer checkpoint is often cosigned a minute later).
 */
export async function checkWitnessPolicy(note: string, policy: WitnessPolicy): Promise<PolicyResult> {
  const { checkpoint } = await openCheckpoint(note, policy.log.vkey, { origin: policy.log.origin });
  const cosigned: PolicyResult["cosigned"] = [];
  for (const witness of policy.witnesses) {
    let verified: Awaited<ReturnType<typeof verifyNote>>;
    try {
      verified = await verifyNote(note, verifierFromKey(witness.vkey));
    } catch (err) {
      if (err instanceof TlogError && err.code === "unverified") continue; // this witness has not cosigned it
      throw err;
    }
    const signature = verified.verified[0]?.signature as Uint8Array;
    cosigned.push({ name: witness.name, vkey: witness.vkey, timestamp: cosignatureTimestamp(signature) });
  }
  return { checkpoint, cosigned, meets: cosigned.length >= policy.quorum };
}

/** Opens a checkpoint only if it meets the policy; throws `TlogError` (`unverified`) when it does not. */
export async function openCheckpointWithPolicy(note: string, policy: WitnessPolicy): Promise<PolicyResult> {
  const result = await checkWitnessPolicy(note, policy);
  if (!result.meets) {
    throw new TlogError(
      "unverified",
      `the checkpoint has ${result.cosigned.length} of the ${policy.quorum} witness cosignatures the policy requires`,
    );
  }
  return result;
}
