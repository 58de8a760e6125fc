import type { WitnessPolicy } from "@sociedades-ia/incorporate/tlog";
import { getConfig } from "../config/config";
import { logNoteKey } from "./log-key";

/**
 * GET /log/policy: which checkpoints a verifier should accept, in the client package's
 * `WitnessPolicy` shape: the log's key, the witnesses it asks (TLOG_WITNESSES), and the quorum of
 * their cosignatures to require (TLOG_WITNESS_QUORUM).
 */
export function logPolicy(): WitnessPolicy {
  const { origin, witnesses } = getConfig().tlog;
  return {
    log: { origin, vkey: logNoteKey().vkey },
    witnesses: witnesses.witnesses.map(({ name, vkey, url }) => ({ name, vkey, url })),
    quorum: witnesses.quorum,
  };
}
