import { getConfig } from "../config/config";
import { apiAuth } from "./api-auth";
import { buildAiPlugin } from "./build-ai-plugin";
import { type CachedDocument, cachedDocument } from "./cached-document";

/** The serialized ai-plugin.json and its ETag, built once per process and base URL. */
export function aiPluginDocument(baseUrl: string): Promise<CachedDocument> {
  return cachedDocument(`ai-plugin.json ${baseUrl}`, () => {
    const config = getConfig();
    const plugin = buildAiPlugin({ baseUrl, auth: apiAuth(config), contactEmail: config.env.ISSUER_CONTACT_EMAIL });
    return JSON.stringify(plugin);
  });
}
