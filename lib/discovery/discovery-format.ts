import { DISCOVERY_FORMATS, type DiscoveryFormat, discoveryQuery } from "../api/discovery-schemas";
import { ApiError } from "../http/problem";
import { clipText } from "../text/well-formed";

/** Reads `format` from the query; an unknown value is a 400 problem listing the allowed ones. */
export function parseDiscoveryFormat(url: URL): DiscoveryFormat {
  const result = discoveryQuery.safeParse({ format: url.searchParams.get("format") ?? undefined });
  if (result.success) return result.data.format;
  throw new ApiError(
    "invalid_query",
    `Unknown format ${JSON.stringify(clipText(url.searchParams.get("format") ?? "", 40))}: use one of ${DISCOVERY_FORMATS.join(", ")}.`,
    { parameter: "format", allowed: [...DISCOVERY_FORMATS] },
  );
}
