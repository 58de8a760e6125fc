import { buildLlmsTxt } from "./build-llms-txt";
import { type CachedDocument, cachedDocument } from "./cached-document";
import { serviceInfo } from "./service-info";

/** /llms.txt for a base URL with its ETag, built once per process and base URL. */
export function llmsTxtDocument(baseUrl: string): Promise<CachedDocument> {
  return cachedDocument(`llms.txt ${baseUrl}`, () => buildLlmsTxt({ baseUrl, service: serviceInfo() }));
}
