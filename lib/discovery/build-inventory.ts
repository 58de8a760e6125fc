import { z } from "zod";
import { CLIENT_PACKAGE } from "../client-package/client-package-name";
import type { Catalogue } from "./catalogue";
import { type Endpoint, endpointById, endpointUrl, listedEndpoints } from "./endpoints";
import type { ServiceInfo } from "./service-info";

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

/** Builds the inventory from the catalogue data and the endpoint list; every count is computed here. */
export function buildInventory(input: {
  baseUrl: string;
  service: ServiceInfo;
  catalogue: Catalogue;
  endpoints?: readonly Endpoint[];
}): Inventory {
  const { baseUrl, catalogue } = input;
  const hosted = (input.endpoints ?? listedEndpoints()).filter((e) => e.inventory);
  const tools = catalogue.packages.flatMap((p) => p.tools);
  const url = (id: Parameters<typeof endpointById>[0]) => endpointUrl(baseUrl, endpointById(id));
  return {
    service: { name: input.service.name, version: input.service.version, baseUrl },
    catalogue: { asOf: catalogue.asOf, note: catalogue.note },
    counts: {
      packages: catalogue.packages.length,
      tools: tools.length,
      distinctToolNames: new Set(tools.map((t) => t.name)).size,
      parameters: tools.reduce((n, t) => n + t.params.length, 0),
      hostedEndpoints: hosted.length,
      liveHostedEndpoints: hosted.filter((e) => e.status === "live").length,
    },
    packages: catalogue.packages.map((p) => ({
      name: p.name,
      version: p.version,
      description: p.description,
      npm: `https://www.npmjs.com/package/${p.name}`,
      ...(p.name === CLIENT_PACKAGE.name ? { served: url("clientPackage") } : {}),
      toolCount: p.tools.length,
      tools: p.tools,
    })),
    hostedEndpoints: hosted.map((e) => ({
      id: e.id,
      method: e.method,
      url: endpointUrl(baseUrl, e),
      description: e.description,
      status: e.status,
    })),
    links: {
      manifest: url("agentsManifest"),
      openapi: url("openapi"),
      aiPlugin: url("aiPlugin"),
      llmsTxt: url("llmsTxt"),
    },
  };
}
