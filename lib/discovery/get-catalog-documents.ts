import { buildAiCatalog, buildApiCatalog } from "./build-catalogs";
import { type CachedDocument, cachedDocument } from "./cached-document";
import { buildServerCard } from "./server-card";
import { serviceInfo } from "./service-info";

/** The MCP server card, built once per process and base URL. */
export function serverCardDocument(baseUrl: string): Promise<CachedDocument> {
  return cachedDocument(`server-card ${baseUrl}`, () => JSON.stringify(buildServerCard(baseUrl, serviceInfo())));
}

/** /.well-known/ai-catalog.json, built once per process and base URL. */
export function aiCatalogDocument(baseUrl: string): Promise<CachedDocument> {
  return cachedDocument(`ai-catalog ${baseUrl}`, () => JSON.stringify(buildAiCatalog(baseUrl, serviceInfo())));
}

/** /.well-known/api-catalog, built once per process and base URL. */
export function apiCatalogDocument(baseUrl: string): Promise<CachedDocument> {
  return cachedDocument(`api-catalog ${baseUrl}`, () => JSON.stringify(buildApiCatalog(baseUrl)));
}
