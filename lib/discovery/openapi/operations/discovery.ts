import type { z } from "zod";
import { MANIFEST_SCHEMA_PATH } from "../../build-agents-manifest";
import { aiPluginSchema } from "../../build-ai-plugin";
import { inventorySchema } from "../../build-inventory";
import { discoveryQuery } from "../../discovery-format";
import { schemaNamePath } from "../../read-schema-file";
import { defineOperation, rawSchema } from "../operation";

export const getAgentsManifest = defineOperation({
  method: "GET",
  path: "/.well-known/agents.json",
  operationId: "getAgentsManifest",
  summary: "Discovery manifest",
  description:
    "Issuer (jurisdiction, type, operator), conformance tokens, audit endpoint templates, discovery links and issuer.publicKey, the JWK that verifies audit checkpoints. Start crawling here.",
  tags: ["discovery"],
  responses: {
    200: {
      description: "The manifest (schemas/agents.v1.json).",
      content: { "application/json": rawSchema({ $ref: MANIFEST_SCHEMA_PATH }) },
    },
  },
  errors: ["bad_request"],
  cacheable: true,
});

export const getAiPlugin = defineOperation({
  method: "GET",
  path: "/.well-known/ai-plugin.json",
  operationId: "getAiPlugin",
  summary: "Plugin manifest for model tool-callers",
  tags: ["discovery"],
  responses: {
    200: { description: "The plugin manifest.", content: { "application/json": aiPluginSchema } },
  },
  errors: ["bad_request"],
  cacheable: true,
});

export const getDiscovery = defineOperation({
  method: "GET",
  path: "/api/discovery",
  operationId: "getDiscovery",
  summary: "Inventory of packages, tools and hosted endpoints, or this OpenAPI description",
  description: "Counts are computed from the lists they count. format=openapi (or openapi31) returns this document.",
  tags: ["discovery"],
  query: discoveryQuery,
  responses: {
    200: {
      description: "The inventory, or the OpenAPI 3.1 document with format=openapi.",
      content: {
        "application/json": rawSchema({
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
      },
    },
  },
  errors: ["invalid_query", "bad_request"],
  cacheable: true,
});

export const getLlmsTxt = defineOperation({
  method: "GET",
  path: "/llms.txt",
  operationId: "getLlmsTxt",
  summary: "Summary of the service for language models",
  tags: ["discovery"],
  responses: {
    200: {
      description: "Markdown in the llmstxt.org layout.",
      content: { "text/plain": rawSchema({ type: "string" }) },
    },
  },
  errors: ["bad_request"],
  cacheable: true,
});

export const getSchema = defineOperation({
  method: "GET",
  path: "/schemas/{name}",
  operationId: "getSchema",
  summary: "A JSON Schema of this service, byte for byte as in the repository's schemas/ folder",
  tags: ["discovery"],
  pathParams: schemaNamePath,
  responses: {
    200: {
      description: "The schema.",
      content: { "application/schema+json": rawSchema({ $ref: "https://json-schema.org/draft/2020-12/schema" }) },
    },
  },
  errors: ["not_found"],
  cacheable: true,
});

/** The inventory schema is also a component, so getDiscovery can reference it inside a oneOf. */
export const discoveryComponents = { Inventory: inventorySchema } satisfies Record<string, z.ZodType>;
