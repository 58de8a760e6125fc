import { getConfig } from "../config/config";
import { apiAuth } from "./api-auth";
import { buildAiPlugin } from "./build-ai-plugin";
import { type CachedDocument, documentForBaseUrl } from "./cached-document";

/** The serialized ai-plugin.json and its ETag, built once per process and base URL. */
export function aiPluginDocument(baseUrl: string): Promise<CachedDocument> {
  return documentForBaseUrl("ai-plugin.json", baseUrl, (base) => {
    const config = getConfig();
    const plugin = buildAiPlugin({
      baseUrl: base,
      auth: apiAuth(config),
      contactEmail: config.env.ISSUER_CONTACT_EMAIL,
    });
    return JSON.stringify(plugin);
  });
}
