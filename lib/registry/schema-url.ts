import { getConfig } from "../config/config";

/** Absolute URL of a file of schemas/ as this deployment serves it (PUBLIC_BASE_URL, else the request's origin). */
export function schemaUrl(file: string, requestOrigin?: string): string {
  const base = getConfig().env.PUBLIC_BASE_URL ?? requestOrigin;
  return base ? new URL(`/schemas/${file}`, base).href : `/schemas/${file}`;
}
