import type { Config } from "../config/config";

/**
 * How callers authenticate to this deployment's API: open by default (SPEC 5: the incorporation
 * call sends only a content type); with INCORPORATE_API_KEYS, incorporation needs
 * `Authorization: Bearer <key>`. ai-plugin.json and the OpenAPI security schemes follow this function.
 */
export type ApiAuth = { mode: "none" } | { mode: "bearer" } | { mode: "api-key"; header: string };

export function apiAuth(config: Config): ApiAuth {
  return config.env.INCORPORATE_API_KEYS ? { mode: "bearer" } : { mode: "none" };
}
