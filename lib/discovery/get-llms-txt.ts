import { buildLlmsTxt } from "./build-llms-txt";
import { type CachedDocument, documentForBaseUrl } from "./cached-document";
import { serviceInfo } from "./service-info";

/** /llms.txt for a base URL with its ETag, built once per process and base URL. */
export function llmsTxtDocument(baseUrl: string): Promise<CachedDocument> {
  return documentForBaseUrl("llms.txt", baseUrl, (base) => buildLlmsTxt({ baseUrl: base, service: serviceInfo() }));
}
