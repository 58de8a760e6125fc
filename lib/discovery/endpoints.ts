/**
 * The one list of this service's endpoints as the discovery documents show them: agents.json,
 * /api/discovery, ai-plugin.json and /llms.txt are all built from it, and the integration test
 * follows every live URL the manifest ends up with. It is derived: each API endpoint's `listing`
 * in its declaration (lib/api), plus the pages and static files below, which have no handler here.
 */

import { declaredEndpoints } from "../api";
import { CLIENT_TARBALL_PATH } from "../client-package/client-package-name";
import type { EndpointSpec } from "../http/endpoint";

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
}

/** Entries no declaration lists: pages, static files, and endpoints whose handlers are not yet in lib/api. */
const NOT_DECLARED = [
  {
    id: "agentsManifest",
    method: "GET",
    path: "/.well-known/agents.json",
    description: "This deployment's discovery manifest: issuer, public key, audit endpoint templates and links.",
    status: "live",
  },
  {
    id: "machineReadable",
    method: "GET",
    path: "/api/discovery",
    description: "Inventory of the ecosystem's packages and tools and of this service's hosted endpoints.",
    status: "live",
    manifest: "discovery",
  },
  {
    id: "openapi",
    method: "GET",
    path: "/api/discovery?format=openapi",
    description: "OpenAPI 3.1 description of this HTTP API, generated from the schemas the handlers validate with.",
    status: "live",
    manifest: "discovery",
  },
  {
    id: "openapi31",
    method: "GET",
    path: "/api/discovery?format=openapi31",
    description: "The same OpenAPI 3.1 description, under the name that pins the version.",
    status: "live",
    manifest: "discovery",
  },
  {
    id: "aiPlugin",
    method: "GET",
    path: "/.well-known/ai-plugin.json",
    description: "Plugin manifest for model tool-callers, pointing at the OpenAPI description.",
    status: "live",
    manifest: "discovery",
  },
  {
    id: "llmsTxt",
    method: "GET",
    path: "/llms.txt",
    description: "A plain-text summary of the service for language models.",
    status: "live",
  },
  {
    id: "manifestSchema",
    method: "GET",
    path: "/schemas/agents.v1.json",
    description: "JSON Schema (2020-12) of the discovery manifest.",
    status: "live",
  },
  {
    id: "jwks",
    method: "GET",
    path: "/.well-known/jwks.json",
    description: "Public keys of the audit checkpoints (current first, then retired), for offline verification.",
    status: "live",
  },
  {
    id: "clientPackage",
    method: "GET",
    path: "/api/packages/incorporate",
    description:
      "The client library as a tarball to npm install, with its SHA-512 integrity and an in-toto provenance statement signed with the checkpoint key.",
    status: "live",
  },
  {
    id: "clientTarball",
    method: "GET",
    path: CLIENT_TARBALL_PATH,
    description: "The packed client library itself: npm install this URL.",
    status: "live",
    file: true,
  },
  {
    id: "autoIncorporate",
    method: "POST",
    path: "/api/auto-incorporate",
    description: "Incorporates a sociedad-IA in one idempotent call; invalid input is a 422 with findings.",
    status: "live",
    inventory: true,
  },
  {
    id: "describeIncorporation",
    method: "GET",
    path: "/api/auto-incorporate",
    description:
      "What the incorporation endpoint accepts: schema, tipo values, capital minimums, finding codes, limits, auth.",
    status: "live",
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
  {
    id: "mcp",
    method: "POST",
    path: "/mcp",
    description:
      "Model Context Protocol endpoint (Streamable HTTP, 2026-07-28 stateless; 2025 revisions too): the registry, incorporation and audit as tools.",
    status: "live",
    manifest: "discovery",
  },
  {
    id: "mcpServerCard",
    method: "GET",
    path: "/mcp/server-card",
    description:
      "MCP server card: the MCP endpoint, its transport, revisions and auth, for clients before they connect.",
    status: "live",
    manifest: "discovery",
  },
  {
    id: "aiCatalog",
    method: "GET",
    path: "/.well-known/ai-catalog.json",
    description: "AI Catalog of this deployment: the MCP server card, OpenAPI, agents.json, llms.txt and test vectors.",
    status: "live",
    manifest: "discovery",
  },
  {
    id: "apiCatalog",
    method: "GET",
    path: "/.well-known/api-catalog",
    description: "RFC 9727 API catalog (a linkset): the API, its OpenAPI description, documentation and status.",
    status: "live",
    manifest: "discovery",
  },
] as const satisfies readonly Endpoint[];

export type EndpointId = string;

/** The entries a declaration's `listing` makes: one per listing, all live. */
function listingsOf(spec: EndpointSpec): Endpoint[] {
  const listings = spec.listing === undefined ? [] : Array.isArray(spec.listing) ? spec.listing : [spec.listing];
  return (listings as NonNullable<EndpointSpec["listing"]>[]).flatMap((l) =>
    "id" in l ? [{ ...l, method: spec.method, path: l.path ?? spec.path, status: "live" as const }] : [],
  );
}

let listed: readonly Endpoint[] | undefined;

/** Every listed endpoint: the declared ones (lib/api), then pages and static files. Read lazily, as lib/api imports this module's users. */
export function listedEndpoints(): readonly Endpoint[] {
  if (!listed) {
    const declared = declaredEndpoints().flatMap((d) => listingsOf(d.spec));
    const ids = new Set(declared.map((e) => e.id));
    listed = [...declared, ...NOT_DECLARED.filter((e) => !ids.has(e.id))];
  }
  return listed;
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
