import { MANIFEST_SCHEMA_PATH } from "../api/discovery-schemas";
import type { PublicJwk } from "../signing/keys";
import {
  AUDIT_ENDPOINT_KEYS,
  DISCOVERY_KEYS,
  type Endpoint,
  endpointUrl,
  type HttpMethod,
  isTemplate,
  listedEndpoints,
} from "./endpoints";
import { HONOURED_RFC_TOKENS } from "./rfc-conformance";
import type { ServiceInfo } from "./service-info";

/** The operator's declarations (ISSUER_* settings); unset ones are left out of the manifest. */
export interface IssuerSettings {
  type: string;
  operatorName?: string;
  operatorCuit?: string;
  supervisionRegime?: string;
  contactEmail?: string;
  /** The registry record this deployment claims (issuer.registryId, see docs/registry.md). */
  registryId?: string;
  /** An audit session with entries that certifiers read and verify (auditSample.sessionId). */
  auditSample?: string;
}

type AuditEndpointKey = (typeof AUDIT_ENDPOINT_KEYS)[number];
type DiscoveryKey = (typeof DISCOVERY_KEYS)[number];

/** The manifest of SPEC 2.1, as this service fills it (schemas/agents.v1.json). */
export interface AgentsManifest {
  $schema: string;
  version: string;
  name: string;
  description: string;
  license: string;
  homepage: string;
  maintainer?: { name?: string; email: string };
  issuer: {
    jurisdiction: "AR";
    type: string;
    operatorName?: string;
    operatorCuit?: string;
    supervisionRegime?: string;
    registryId?: string;
    publicKey: PublicJwk;
  };
  rfcConformance: string[];
  auditEndpoints: Partial<Record<AuditEndpointKey, string>>;
  endpoints: { name: string; url: string; method: HttpMethod; description: string }[];
  discovery: Partial<Record<DiscoveryKey, string>>;
  /**
   * The service-wide transparency log: its origin, note verifier key and base URL (docs/transparency-log.md),
   * and where its full tiles can be read straight from the bucket, when public.
   */
  transparencyLog?: { origin: string; vkey: string; url: string; tiles?: string };
  auditSample?: { sessionId: string };
}

function slot<K extends string>(live: Endpoint[], baseUrl: string, name: string, keys: readonly K[]) {
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const endpoint = live.find((e) => e.manifest === name && e.id === key);
    if (endpoint) out[key] = endpointUrl(baseUrl, endpoint);
  }
  return out;
}

/**
 * Builds this deployment's agents.json from the endpoint list: live endpoints only, templates in
 * `auditEndpoints` / `discovery`, every fixed URL in `endpoints`, and the current checkpoint key as
 * `issuer.publicKey`. Pure: the same inputs give the same document.
 */
export function buildAgentsManifest(input: {
  baseUrl: string;
  service: ServiceInfo;
  issuer: IssuerSettings;
  publicKey: PublicJwk;
  transparencyLog?: { origin: string; vkey: string; tiles?: string };
  endpoints?: readonly Endpoint[];
}): AgentsManifest {
  const { baseUrl, service, issuer } = input;
  const live = (input.endpoints ?? listedEndpoints()).filter((e) => e.status === "live");
  const optional = <T>(key: string, value: T | undefined) => (value === undefined ? {} : { [key]: value });
  return {
    $schema: `${baseUrl}${MANIFEST_SCHEMA_PATH}`,
    version: service.version,
    name: service.name,
    description: service.description,
    license: service.license,
    homepage: `${baseUrl}/`,
    ...(issuer.contactEmail
      ? { maintainer: { ...optional("name", issuer.operatorName), email: issuer.contactEmail } }
      : {}),
    issuer: {
      jurisdiction: "AR",
      type: issuer.type,
      ...optional("operatorName", issuer.operatorName),
      ...optional("operatorCuit", issuer.operatorCuit),
      ...optional("supervisionRegime", issuer.supervisionRegime),
      ...optional("registryId", issuer.registryId),
      publicKey: input.publicKey,
    },
    rfcConformance: [...HONOURED_RFC_TOKENS],
    auditEndpoints: slot(live, baseUrl, "auditEndpoints", AUDIT_ENDPOINT_KEYS),
    endpoints: live
      .filter((e) => !isTemplate(e))
      .map((e) => ({ name: e.id, url: endpointUrl(baseUrl, e), method: e.method, description: e.description })),
    discovery: slot(live, baseUrl, "discovery", DISCOVERY_KEYS),
    ...(input.transparencyLog ? { transparencyLog: { ...input.transparencyLog, url: `${baseUrl}/log` } } : {}),
    ...(issuer.auditSample ? { auditSample: { sessionId: issuer.auditSample } } : {}),
  };
}
