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
    id: "clientTarball",
    method: "GET",
    path: CLIENT_TARBALL_PATH,
    description: "The packed client library itself: npm install this URL.",
    status: "live",
    file: true,
  },
  {
    id: "play",
    method: "POST",
    path: "/api/play",
    description: "The live demo agent loop with 12 mocked tools, streamed and rate-limited per IP.",
    status: "live",
    inventory: true,
  },
  {
    id: "auditRead",
    method: "GET",
    path: "/api/play/audit/{sessionId}",
    description: "A session's audit entries with a signed checkpoint of its head.",
    status: "live",
    manifest: "auditEndpoints",
    inventory: true,
  },
  {
    id: "auditVerify",
    method: "GET",
    path: "/api/play/audit/{sessionId}?verify=1",
    description: "The same, with the server's re-verification report (HMACs and chain).",
    status: "live",
    manifest: "auditEndpoints",
  },
  {
    id: "auditCsv",
    method: "GET",
    path: "/api/play/audit/{sessionId}/csv",
    description: "A session's audit log as CSV, one re-verifiable entry per row.",
    status: "live",
    manifest: "auditEndpoints",
  },
  {
    id: "auditStream",
    method: "GET",
    path: "/api/play/audit/{sessionId}/stream",
    description: "Server-sent events of a session's audit log: existing entries, then new ones live.",
    status: "live",
    manifest: "auditEndpoints",
  },
  {
    id: "verifyBadge",
    method: "GET",
    path: "/api/badge/{sessionId}",
    description: "A live 24 px SVG badge of a session's verification state, for READMEs.",
    status: "live",
    manifest: "auditEndpoints",
    inventory: true,
  },
  {
    id: "tamperDemo",
    method: "POST",
    path: "/api/play/tamper-demo",
    description: "Alters a copy of a log in memory and shows where verification fails; never writes.",
    status: "live",
    inventory: true,
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
    id: "logCheckpoint",
    method: "GET",
    path: "/log/checkpoint",
    description:
      "The transparency log's latest signed checkpoint (C2SP signed note); keep it and check the next one is consistent.",
    status: "live",
  },
  {
    id: "logVkey",
    method: "GET",
    path: "/log/vkey",
    description: "The transparency log's note verifier key.",
    status: "live",
  },
  {
    id: "logTile",
    method: "GET",
    path: "/log/tile/{path}",
    description: "Tiles and entry bundles of the transparency log (C2SP tlog-tiles).",
    status: "live",
  },
  {
    id: "logInclusionProof",
    method: "GET",
    path: "/log/proof/{index}",
    description: "The inclusion proof of a leaf of the transparency log (?size= for an earlier tree).",
    status: "live",
  },
  {
    id: "logConsistencyProof",
    method: "GET",
    path: "/log/consistency?from={from}&to={to}",
    description: "The consistency proof between two sizes of the transparency log.",
    status: "live",
  },
  {
    id: "logPolicy",
    method: "GET",
    path: "/log/policy",
    description: "The witness policy: the log key, its witnesses and the quorum of cosignatures to require.",
    status: "live",
  },
  {
    id: "witnessAddCheckpoint",
    method: "POST",
    path: "/witness/add-checkpoint",
    description: "The built-in witness (C2SP tlog-witness) for the logs this service is configured to cosign.",
    status: "live",
    witness: true,
  },
  {
    id: "witnessCheckpoint",
    method: "GET",
    path: "/witness/{originHash}/checkpoint",
    description: "The latest checkpoint the built-in witness cosigned for a log (hex SHA-256 of its origin).",
    status: "live",
    witness: true,
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
