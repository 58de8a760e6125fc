import type { Inventory } from "../api/discovery-schemas";
import { CLIENT_PACKAGE } from "../client-package/client-package-name";
import type { Catalogue } from "./catalogue";
import { type Endpoint, endpointById, endpointUrl, listedEndpoints } from "./endpoints";
import type { ServiceInfo } from "./service-info";

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
