import { clientPackageSchema } from "../client-package/api-schemas";
import { declareEndpoint } from "../endpoint/endpoint";
import { type BodySchema, rawSchema } from "../http/raw-schema";
import {
  aiCatalogSchema,
  aiPluginSchema,
  apiCatalogSchema,
  discoveryQuery,
  jwksSchema,
  MANIFEST_SCHEMA_PATH,
  schemaNamePath,
} from "./discovery-schemas";

/*
 * The discovery endpoints: the manifests, the catalogs, the inventory and this OpenAPI description,
 * llms.txt, the JSON Schemas, the checkpoint keys and the client package. Declared here, served by
 * lib/discovery/handlers.ts: the documents list every declaration, this area's included.
 */

/** A success answer of one media type. */
const answer = (description: string, type: string, schema: BodySchema) => ({
  description,
  content: { [type]: schema },
});

export const getAgentsManifest = declareEndpoint({
  method: "GET",
  path: "/.well-known/agents.json",
  operationId: "getAgentsManifest",
  summary: "Discovery manifest",
  description:
    "Issuer (jurisdiction, type, operator), conformance tokens, audit endpoint templates, discovery links and issuer.publicKey, the JWK that verifies audit checkpoints. Start crawling here.",
  tags: ["discovery"],
  responses: {
    200: answer(
      "The manifest (schemas/agents.v1.json).",
      "application/json",
      rawSchema({ $ref: MANIFEST_SCHEMA_PATH }),
    ),
  },
  errors: ["bad_request"],
  cacheable: true,
  listing: {
    id: "agentsManifest",
    description: "This deployment's discovery manifest: issuer, public key, audit endpoint templates and links.",
  },
});

export const getAiPlugin = declareEndpoint({
  method: "GET",
  path: "/.well-known/ai-plugin.json",
  operationId: "getAiPlugin",
  summary: "Plugin manifest for model tool-callers",
  tags: ["discovery"],
  responses: {
    200: answer("The plugin manifest.", "application/json", aiPluginSchema),
  },
  errors: ["bad_request"],
  cacheable: true,
  listing: {
    id: "aiPlugin",
    description: "Plugin manifest for model tool-callers, pointing at the OpenAPI description.",
    manifest: "discovery",
  },
});

export const getDiscovery = declareEndpoint({
  method: "GET",
  path: "/api/discovery",
  operationId: "getDiscovery",
  summary: "Inventory of packages, tools and hosted endpoints, or this OpenAPI description",
  description: "Counts are computed from the lists they count. format=openapi (or openapi31) returns this document.",
  tags: ["discovery"],
  query: discoveryQuery,
  responses: {
    200: answer(
      "The inventory, or the OpenAPI 3.1 document with format=openapi.",
      "application/json",
      rawSchema({
        oneOf: [
          { $ref: "#/components/schemas/Inventory" },
          {
            type: "object",
            required: ["openapi"],
            properties: { openapi: { type: "string", pattern: "^3\\.1\\." } },
            description: "This OpenAPI 3.1 document.",
          },
        ],
      }),
    ),
  },
  errors: ["invalid_query", "bad_request"],
  cacheable: true,
  listing: [
    {
      id: "machineReadable",
      description: "Inventory of the ecosystem's packages and tools and of this service's hosted endpoints.",
      manifest: "discovery",
    },
    {
      id: "openapi",
      path: "/api/discovery?format=openapi",
      description: "OpenAPI 3.1 description of this HTTP API, generated from the schemas the handlers validate with.",
      manifest: "discovery",
    },
    {
      id: "openapi31",
      path: "/api/discovery?format=openapi31",
      description: "The same OpenAPI 3.1 description, under the name that pins the version.",
      manifest: "discovery",
    },
  ],
});

export const getLlmsTxt = declareEndpoint({
  method: "GET",
  path: "/llms.txt",
  operationId: "getLlmsTxt",
  summary: "Summary of the service for language models",
  tags: ["discovery"],
  responses: {
    200: answer("Markdown in the llmstxt.org layout.", "text/plain", rawSchema({ type: "string" })),
  },
  errors: ["bad_request"],
  cacheable: true,
  listing: { id: "llmsTxt", description: "A plain-text summary of the service for language models." },
});

export const getSchema = declareEndpoint({
  method: "GET",
  path: "/schemas/{name}",
  operationId: "getSchema",
  summary: "A JSON Schema of this service, byte for byte as in the repository's schemas/ folder",
  tags: ["discovery"],
  pathParams: schemaNamePath,
  responses: {
    200: answer(
      "The schema.",
      "application/schema+json",
      rawSchema({ $ref: "https://json-schema.org/draft/2020-12/schema" }),
    ),
  },
  errors: ["not_found"],
  cacheable: true,
  // The list names the manifest's schema; the operation serves every file of schemas/.
  listing: {
    id: "manifestSchema",
    path: MANIFEST_SCHEMA_PATH,
    description: "JSON Schema (2020-12) of the discovery manifest.",
  },
});

export const getJwks = declareEndpoint({
  method: "GET",
  path: "/.well-known/jwks.json",
  operationId: "getJwks",
  summary: "Public keys of audit checkpoints",
  description: "The current checkpoint key first (the same as issuer.publicKey of agents.json), then retired ones.",
  tags: ["audit"],
  responses: {
    200: answer("A JWK set.", "application/json", jwksSchema),
  },
  errors: [],
  listing: {
    id: "jwks",
    description: "Public keys of the audit checkpoints (current first, then retired), for offline verification.",
  },
});

export const getClientPackage = declareEndpoint({
  method: "GET",
  path: "/api/packages/incorporate",
  operationId: "getClientPackage",
  summary: "The client library's tarball, integrity and signed provenance",
  description:
    "Until the client library is published on npm, the service serves its packed tarball: `npm install <tarball>` installs it. `integrity` is its SHA-512 (npm's form); `provenance.jws` is an in-toto statement about exactly those bytes (subject: the tarball's name and SHA-512), a compact JWS signed with a key of /.well-known/jwks.json. The client's verifyPackageProvenance() checks it. See docs/client-package.md.",
  tags: ["discovery"],
  responses: {
    200: answer(
      "Where the tarball is, what it hashes to, and the signed statement about it.",
      "application/json",
      clientPackageSchema,
    ),
  },
  errors: ["not_found"],
  listing: {
    id: "clientPackage",
    description:
      "The client library as a tarball to npm install, with its SHA-512 integrity and an in-toto provenance statement signed with the checkpoint key.",
  },
});

export const getAiCatalog = declareEndpoint({
  method: "GET",
  path: "/.well-known/ai-catalog.json",
  operationId: "getAiCatalog",
  summary: "AI Catalog of this deployment",
  description:
    "AI Catalog 1.0: the MCP server card, the OpenAPI description, agents.json, llms.txt and the test vectors.",
  tags: ["discovery"],
  responses: {
    200: answer("The catalog.", "application/ai-catalog+json", aiCatalogSchema),
  },
  errors: ["bad_request"],
  cacheable: true,
  listing: {
    id: "aiCatalog",
    description: "AI Catalog of this deployment: the MCP server card, OpenAPI, agents.json, llms.txt and test vectors.",
    manifest: "discovery",
  },
});

export const getApiCatalog = declareEndpoint({
  method: "GET",
  path: "/.well-known/api-catalog",
  operationId: "getApiCatalog",
  summary: "RFC 9727 API catalog",
  description:
    "A linkset (RFC 9264) naming the API's description, documentation, metadata and status, and the MCP endpoint.",
  tags: ["discovery"],
  responses: {
    200: answer("The linkset.", "application/linkset+json", apiCatalogSchema),
  },
  errors: ["bad_request"],
  cacheable: true,
  listing: {
    id: "apiCatalog",
    description: "RFC 9727 API catalog (a linkset): the API, its OpenAPI description, documentation and status.",
    manifest: "discovery",
  },
});
