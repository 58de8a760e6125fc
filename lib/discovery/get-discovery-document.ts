import type { DiscoveryFormat } from "../api/discovery-schemas";
import { getConfig } from "../config/config";
import { apiAuth } from "./api-auth";
import { buildInventory } from "./build-inventory";
import { type CachedDocument, documentForBaseUrl } from "./cached-document";
import { loadCatalogue } from "./catalogue";
import { buildOpenApi } from "./openapi/build-openapi";
import { serviceInfo } from "./service-info";

/** The body of GET /api/discovery in a format, with its ETag, built once per process and base URL. */
export function discoveryDocument(format: DiscoveryFormat, baseUrl: string): Promise<CachedDocument> {
  const kind = format === "inventory" ? "inventory" : "openapi";
  return documentForBaseUrl(`discovery ${kind}`, baseUrl, (base) => {
    const config = getConfig();
    const service = serviceInfo();
    const document =
      kind === "inventory"
        ? buildInventory({ baseUrl: base, service, catalogue: loadCatalogue() })
        : buildOpenApi({
            baseUrl: base,
            service,
            auth: apiAuth(config),
            rateLimits: config.rateLimits,
            contactEmail: config.env.ISSUER_CONTACT_EMAIL,
          });
    return JSON.stringify(document);
  });
}
