import { checkWitnessPolicy, type WitnessPolicy } from "@sociedades-ia/incorporate/tlog";
import { Generations } from "../cache/generations";

type PolicyResult = Awaited<ReturnType<typeof checkWitnessPolicy>>;

/**
 * checkWitnessPolicy, once per checkpoint text and policy in this process: the verdict is a function
 * of the two alone (the log's and the witnesses' signatures over that exact text), and every verified
 * read of a session checks the latest checkpoint again, two to four Ed25519 signatures each time.
 * Only a checkpoint that opens is kept; one that does not is checked again when asked again.
 */
const checked = new Generations<string, PolicyResult>(64);

const policyKey = (policy: WitnessPolicy) =>
  JSON.stringify([policy.log.origin, policy.log.vkey, policy.quorum, policy.witnesses.map((w) => w.vkey)]);

export async function checkWitnessPolicyOnce(note: string, policy: WitnessPolicy): Promise<PolicyResult> {
  const key = `${policyKey(policy)}\n${note}`;
  const known = checked.get(key);
  if (known !== undefined) return known;
  const result = await checkWitnessPolicy(note, policy);
  checked.set(key, result);
  return result;
}
