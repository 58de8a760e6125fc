import { z } from "zod";

/*
 * The answers of the discovery endpoints (lib/api/discovery.ts declares them; lib/discovery/build-*.ts
 * build them). Kept apart from the builders, which read the endpoint list: the declarations need
 * these schemas when they load, before that list can be read.
 */

/** Where the manifest's JSON Schema is served (GET /schemas/{name}). */
export const MANIFEST_SCHEMA_PATH = "/schemas/agents.v1.json";

const paramSchema = z.object({ name: z.string(), required: z.boolean() });

/** The /api/discovery inventory (the default format); also its OpenAPI response schema. */
export const inventorySchema = z.object({
  service: z.object({ name: z.string(), version: z.string(), baseUrl: z.url() }),
  catalogue: z.object({ asOf: z.iso.date(), note: z.string() }),
  counts: z
    .object({
      packages: z.int().describe("Packages in the catalogue."),
      tools: z.int().describe("Tools over all packages; a name that two packages both expose counts twice."),
      distinctToolNames: z.int().describe("Distinct tool names over all packages."),
      parameters: z.int().describe("Tool parameters over all tools."),
      hostedEndpoints: z.int().describe("Hosted endpoints of this service, live or planned."),
      liveHostedEndpoints: z.int().describe("Hosted endpoints that answer on this deployment now."),
    })
    .describe("Every count is computed from the lists in this document."),
  packages: z.array(
    z.object({
      name: z.string(),
      version: z.string(),
      description: z.string(),
      npm: z.url(),
      served: z
        .url()
        .optional()
        .describe(
          "Where this deployment serves the package with its integrity and signed provenance (not on npm yet).",
        ),
      toolCount: z.int(),
      tools: z.array(z.object({ name: z.string(), params: z.array(paramSchema) })),
    }),
  ),
  hostedEndpoints: z.array(
    z.object({
      id: z.string(),
      method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]),
      url: z.string().describe("Absolute URL or RFC 6570 URI template."),
      description: z.string(),
      status: z.enum(["live", "planned"]).describe("planned: listed for completeness, not answering yet."),
    }),
  ),
  links: z.object({ manifest: z.url(), openapi: z.url(), aiPlugin: z.url(), llmsTxt: z.url() }),
});

export type Inventory = z.infer<typeof inventorySchema>;

/** The plugin manifest (schema_version v1) that model tool-callers read to find the OpenAPI description. */
export const aiPluginSchema = z.object({
  schema_version: z.literal("v1"),
  // The limits plugin hosts apply to these fields.
  name_for_human: z.string().max(20),
  name_for_model: z.string().regex(/^[A-Za-z0-9_]{1,50}$/),
  description_for_human: z.string().max(100),
  description_for_model: z.string().max(8000),
  auth: z.discriminatedUnion("type", [
    z.object({ type: z.literal("none") }),
    z.object({
      type: z.literal("service_http"),
      authorization_type: z.enum(["custom", "bearer"]),
      custom_auth_header: z.string().optional(),
    }),
  ]),
  api: z.object({ type: z.literal("openapi"), url: z.url(), is_user_authenticated: z.boolean() }),
  logo_url: z.url(),
  contact_email: z.email().optional(),
  legal_info_url: z.url(),
});

export type AiPluginManifest = z.infer<typeof aiPluginSchema>;

const link = z.object({ href: z.url(), type: z.string().optional() });

/** /.well-known/ai-catalog.json: AI Catalog 1.0. */
export const aiCatalogSchema = z.looseObject({
  specVersion: z.literal("1.0"),
  host: z.object({ displayName: z.string(), identifier: z.string() }),
  entries: z.array(z.looseObject({ identifier: z.string(), displayName: z.string(), type: z.string(), url: z.url() })),
});

/** /.well-known/api-catalog: an RFC 9264 linkset. */
export const apiCatalogSchema = z.object({
  linkset: z.array(z.looseObject({ anchor: z.url() }).catchall(z.array(link))),
});

const publicJwkSchema = z.object({
  kty: z.literal("OKP"),
  crv: z.literal("Ed25519"),
  x: z.string(),
  kid: z.string().describe("RFC 7638 thumbprint; the kid of checkpoints signed with this key."),
  alg: z.literal("EdDSA"),
  use: z.literal("sig"),
});

/** /.well-known/jwks.json: the checkpoint keys, current first. */
export const jwksSchema = z.object({ keys: z.array(publicJwkSchema) });

/** The inventory schema is also a component, so getDiscovery can reference it inside a oneOf. */
export const discoveryComponents = { Inventory: inventorySchema } satisfies Record<string, z.ZodType>;

/** Formats of GET /api/discovery: the inventory (default) or the OpenAPI 3.1 description (two names). */
export const DISCOVERY_FORMATS = ["inventory", "openapi", "openapi31"] as const;

export type DiscoveryFormat = (typeof DISCOVERY_FORMATS)[number];

/** The query GET /api/discovery takes; the OpenAPI description is generated from it. */
export const discoveryQuery = z.object({
  format: z
    .enum(DISCOVERY_FORMATS)
    .default("inventory")
    .describe("inventory (default), or openapi / openapi31 for the OpenAPI 3.1 description."),
});

// One file name, no directory part and no leading dot: the allow-list check where it is read is the real guard.
export const SCHEMA_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*\.json$/;

/** The path parameter of /schemas/{name}, as the OpenAPI description states it. */
export const schemaNamePath = z.object({
  name: z.string().regex(SCHEMA_FILE_NAME).describe("A file name of the schemas/ folder, e.g. agents.v1.json."),
});
