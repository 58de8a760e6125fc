import { z } from "zod";
import { ApiError } from "../http/problem";
import { clipText } from "../text/well-formed";

/** Formats of GET /api/discovery: the inventory (default) or the OpenAPI 3.1 description (two names). */
export const DISCOVERY_FORMATS = ["inventory", "openapi", "openapi31"] as const;

export type DiscoveryFormat = (typeof DISCOVERY_FORMATS)[number];

/** The query GET /api/discovery takes; the OpenAPI description is generated from it. */
export const discoveryQuery = z.object({
  format: z
    .enum(DISCOVERY_FORMATS)
    .default("inventory")
    .describe("inventory (default), or openapi / openapi31 for the OpenAPI 3.1 description."),
});

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
