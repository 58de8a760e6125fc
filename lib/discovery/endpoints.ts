/**
 * The one list of this service's endpoints as the discovery documents show them: agents.json,
 * /api/discovery, ai-plugin.json and /llms.txt are all built from it, and the integration test
 * follows every live URL the manifest ends up with. It is derived: each API endpoint's `listing`
 * in its declaration (lib/api), plus the pages and static files below, which have no handler here.
 */

import { declaredEndpoints } from "../api";
import { CLIENT_TARBALL_PATH } from "../client-package/client-package-name";
import type { EndpointDeclaration } from "../endpoint/endpoint";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Slots of the manifest (SPEC 2.1) an endpoint can fill; the key within the slot is its `id`. */
export const AUDIT_ENDPOINT_KEYS = ["auditRead", "auditVerify", "auditCsv", "auditStream", "verifyBadge"] as const;
export const DISCOVERY_KEYS = [
  "machineReadable",
  "openapi",
  "openapi31",
  "aiPlugin",
  "testVectors",
  "testVectorsPage",
  "certifier",
  "mcp",
  "mcpServerCard",
  "aiCatalog",
  "apiCatalog",
] as const;

export interface Endpoint {
  /** Stable camelCase name; it is the key in `auditEndpoints` / `discovery` when `manifest` is set. */
  id: string;
  method: HttpMethod;
  /** Path from the base URL; may be an RFC 6570 template (`{sessionId}`) and carry a fixed query. */
  path: string;
  /** One sentence for people and models. */
  description: string;
  /** "planned" entries are listed by /api/discovery as such and left out of every manifest. */
  status: "live" | "planned";
  /** The manifest object that also names this endpoint. */
  manifest?: "auditEndpoints" | "discovery";
  /** One of the five hosted endpoints SPEC 1 counts in the /api/discovery inventory. */
  inventory?: true;
  /** A page for people rather than an API route: it has no OpenAPI operation. */
  page?: true;
  /** A static file served as is (public/): it has no OpenAPI operation either. */
  file?: true;
  /**
   * Answers only where this deployment runs the built-in witness (WITNESS_LOGS); elsewhere it is
   * 404, so agents.json lists it only there.
   */
  witness?: true;
  /** Answers only where MCP_REGISTRY_AUTH is set; elsewhere it is a 404, and agents.json leaves it out. */
  mcpRegistryAuth?: true;
}

/** Entries no declaration lists: pages and static files, which have no handler in lib/api. */
const NOT_DECLARED = [
  {
    id: "clientTarball",
    method: "GET",
    path: CLIENT_TARBALL_PATH,
    description: "The packed client library itself: npm install this URL.",
    status: "live",
    file: true,
  },
  {
    id: "testVectors",
    method: "GET",
    path: "/test-vectors/audit-v1.json",
    description: "Test vectors for the audit log format as JSON, including negative cases that must fail.",
    status: "live",
    manifest: "discovery",
    file: true,
  },
  {
    id: "testVectorsPage",
    method: "GET",
    path: "/test-vectors",
    description: "The same test vectors for people, recomputed in the browser.",
    status: "live",
    manifest: "discovery",
    page: true,
  },
] as const satisfies readonly Endpoint[];

export type EndpointId = string;

/** The entries a declaration's `listing` makes: one per listing, all live. */
function listingsOf(spec: EndpointDeclaration): Endpoint[] {
  const listings = spec.listing === undefined ? [] : Array.isArray(spec.listing) ? spec.listing : [spec.listing];
  return (listings as NonNullable<EndpointDeclaration["listing"]>[]).flatMap((l) =>
    "id" in l ? [{ ...l, method: spec.method, path: l.path ?? spec.path, status: "live" as const }] : [],
  );
}

const DECLARED_LISTINGS = declaredEndpoints().flatMap((d) => listingsOf(d.spec));
const LISTED: readonly Endpoint[] = [
  ...DECLARED_LISTINGS,
  ...NOT_DECLARED.filter((e) => !DECLARED_LISTINGS.some((d) => d.id === e.id)),
];

/** Every listed endpoint: the declared ones (lib/api), then pages and static files. */
export function listedEndpoints(): readonly Endpoint[] {
  return LISTED;
}

/** Looks an entry up by id; an unknown id is a programming error. */
export function endpointById(id: EndpointId): Endpoint {
  const found = listedEndpoints().find((e) => e.id === id);
  if (!found) throw new Error(`No listed endpoint has id ${id}`);
  return found;
}

/** True when the path is an RFC 6570 template rather than a fixed URL. */
export function isTemplate(endpoint: Endpoint): boolean {
  return endpoint.path.includes("{");
}

/** The absolute URL (or URL template) of an endpoint under `baseUrl`. */
export function endpointUrl(baseUrl: string, endpoint: Endpoint): string {
  return `${baseUrl}${endpoint.path}`;
}
