import { getConfig } from "../config/config";
import { DEPLOYMENT_RECORD_ID } from "../identity/deployment-record-id";
import { signingKeys } from "../signing/keys";

/**
 * Which sample sessions count as a record's own. A session whose checkpoints this service signed
 * (the manifest declares one of the service's own checkpoint keys as issuer.publicKey) is kept here,
 * and anyone can open one (a demo session, another company's incorporation): it counts only when the
 * service knows it is the record's, which is its incorporation session (a formed record's sessionId)
 * or, for the record that stands for this deployment, the sample session its configuration names.
 * A session under any other key is the company's own log, signed by the key its site declares.
 */
export interface SampleBinding {
  /** The session the record declares as its own (a formed record's incorporation session): required when set. */
  recordSession: string | null;
  /** The x of every checkpoint key of this service, current and retired. */
  serviceKeys: string[];
  /** Sessions under the service's keys that are this record's own. */
  serviceSessions: string[];
}

/** The binding for a record (null for a dry run) that the manifest should name as `registryId`. */
export async function sampleBinding(
  record: { source: string; sessionId?: string | null } | null,
  registryId: string | null,
): Promise<SampleBinding> {
  const { publicJwk, retired } = await signingKeys();
  const { env } = getConfig();
  const recordSession = record?.source === "formed" ? (record.sessionId ?? null) : null;
  const serviceSessions = recordSession ? [recordSession] : [];
  const deploymentId = env.ISSUER_REGISTRY_ID ?? DEPLOYMENT_RECORD_ID;
  if (registryId !== null && registryId === deploymentId && env.ISSUER_AUDIT_SAMPLE_SESSION) {
    serviceSessions.push(env.ISSUER_AUDIT_SAMPLE_SESSION);
  }
  return {
    recordSession,
    serviceKeys: [publicJwk, ...retired].map((k) => k.x as string),
    serviceSessions,
  };
}
