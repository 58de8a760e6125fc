import { COMPANY } from "./agent";
import { type Company, ISSUER_TYPE, SERVICE_PATHS, STARTER_ENV } from "./contract";

type Env = Record<string, string | undefined>;

/** The starter's settings, read once per request; a missing one is named in the error. */
export interface StarterSettings {
  registryId: string;
  auditBaseUrl: string;
  auditSessionId: string;
  operatorCuit: string;
}

/** Reads the settings the manifest needs, failing with the names of every missing variable. */
export function readSettings(env: Env): StarterSettings {
  const names = {
    registryId: STARTER_ENV.registryId,
    auditBaseUrl: STARTER_ENV.auditBaseUrl,
    auditSessionId: STARTER_ENV.auditSessionId,
    operatorCuit: STARTER_ENV.operatorCuit,
  } as const;
  const missing = Object.values(names).filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`Not set: ${missing.join(", ")} (see .env.example)`);
  const read = (key: keyof typeof names) => env[names[key]] as string;
  return {
    registryId: read("registryId"),
    // Templates are appended to it: a trailing slash would double.
    auditBaseUrl: read("auditBaseUrl").replace(/\/+$/, ""),
    auditSessionId: read("auditSessionId"),
    operatorCuit: read("operatorCuit"),
  };
}

/**
 * The key that signs the company's audit checkpoints: the audit service's current key, the first of
 * its published JWKS. The manifest declares it so that a certifier verifies the log under it.
 */
export async function fetchCheckpointKey(auditBaseUrl: string, fetchImpl: typeof fetch = fetch) {
  const response = await fetchImpl(`${auditBaseUrl}${SERVICE_PATHS.jwks}`, { cache: "no-store" });
  if (!response.ok) throw new Error(`${SERVICE_PATHS.jwks} of the audit service answered HTTP ${response.status}`);
  const jwks = (await response.json()) as { keys?: Record<string, unknown>[] };
  const key = jwks.keys?.[0];
  if (!key) throw new Error("the audit service publishes no checkpoint key");
  return key;
}

/** The company's /.well-known/agents.json (schemas/agents.v1.json of the service). */
export function buildManifest(company: Company, settings: StarterSettings, publicKey: Record<string, unknown>) {
  const at = (path: string) => `${settings.auditBaseUrl}${path}`;
  return {
    $schema: at("/schemas/agents.v1.json"),
    version: "1.0",
    name: company.denominacion,
    description: company.objeto,
    issuer: {
      jurisdiction: "AR",
      type: ISSUER_TYPE,
      denominacion: company.denominacion,
      operatorCuit: settings.operatorCuit,
      registryId: settings.registryId,
      publicKey,
    },
    rfcConformance: ["rfc-001-v1"],
    auditEndpoints: {
      auditRead: at(SERVICE_PATHS.auditRead),
      auditVerify: at(SERVICE_PATHS.auditVerify),
      auditCsv: at(SERVICE_PATHS.auditCsv),
      auditStream: at(SERVICE_PATHS.auditStream),
      verifyBadge: at(SERVICE_PATHS.verifyBadge),
    },
    auditSample: { sessionId: settings.auditSessionId },
  };
}

/** The manifest of this deployment, from its environment and its generated lib/agent.ts. */
export async function currentManifest(env: Env = process.env, fetchImpl: typeof fetch = fetch) {
  const settings = readSettings(env);
  return buildManifest(COMPANY, settings, await fetchCheckpointKey(settings.auditBaseUrl, fetchImpl));
}
