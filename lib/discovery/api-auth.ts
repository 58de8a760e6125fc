import type { Config } from "../config/config";

/**
 * How callers authenticate to this deployment's API. Today every endpoint is open (SPEC 5: the
 * incorporation call sends only a content type). When an API-key mode for incorporation is added,
 * read its setting here: ai-plugin.json and the OpenAPI security schemes both follow this function.
 */
export type ApiAuth = { mode: "none" } | { mode: "api-key"; header: string };

export function apiAuth(_config: Config): ApiAuth {
  return { mode: "none" };
}
