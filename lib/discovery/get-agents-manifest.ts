import { getConfig } from "../config/config";
import { DEPLOYMENT_RECORD_ID } from "../identity/deployment-record-id";
import { signingKeys } from "../signing/keys";
import { logNoteKey } from "../tlog/log-key";
import { type AgentsManifest, buildAgentsManifest, type IssuerSettings } from "./build-agents-manifest";
import { type CachedDocument, documentForBaseUrl } from "./cached-document";
import { listedEndpoints } from "./endpoints";
import { serviceInfo } from "./service-info";

/** The operator's declarations from the ISSUER_* settings. */
export function issuerSettings(): IssuerSettings {
  const { env } = getConfig();
  return {
    type: env.ISSUER_TYPE,
    operatorName: env.ISSUER_OPERATOR_NAME,
    operatorCuit: env.ISSUER_OPERATOR_CUIT,
    supervisionRegime: env.ISSUER_SUPERVISION_REGIME,
    contactEmail: env.ISSUER_CONTACT_EMAIL,
    // The deployment's seed record takes PUBLIC_BASE_URL as its URL (ensure-seeds.ts): claim it then.
    registryId: env.ISSUER_REGISTRY_ID ?? (env.PUBLIC_BASE_URL ? DEPLOYMENT_RECORD_ID : undefined),
    auditSample: env.ISSUER_AUDIT_SAMPLE_SESSION,
  };
}

/** This deployment's agents.json for a base URL, with the current checkpoint key as issuer.publicKey. */
export async function getAgentsManifest(baseUrl: string): Promise<AgentsManifest> {
  const { publicJwk } = await signingKeys();
  return buildAgentsManifest({
    baseUrl,
    service: serviceInfo(),
    issuer: issuerSettings(),
    publicKey: publicJwk,
    transparencyLog: {
      origin: getConfig().tlog.origin,
      vkey: logNoteKey().vkey,
      ...(getConfig().tlog.tilesPublicUrl ? { tiles: getConfig().tlog.tilesPublicUrl as string } : {}),
    },
    // The manifest lists what answers here: the witness's routes only where it runs, the MCP
    // Registry's proof only where it is configured.
    endpoints: listedEndpoints().filter(
      (e) => (!e.witness || getConfig().witness !== null) && (!e.mcpRegistryAuth || getConfig().env.MCP_REGISTRY_AUTH),
    ),
  });
}

/** The serialized manifest and its ETag, built once per process and base URL. */
export function agentsManifestDocument(baseUrl: string): Promise<CachedDocument> {
  return documentForBaseUrl("agents.json", baseUrl, async (base) => JSON.stringify(await getAgentsManifest(base)));
}
