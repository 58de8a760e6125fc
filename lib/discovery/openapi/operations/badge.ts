import { z } from "zod";
import { BADGE_LANGS } from "../../../badge/render-badge";
import { defineOperation, rawSchema } from "../operation";
import { sessionIdPath } from "./audit";

const svg = rawSchema({ type: "string", description: "SVG image, 24 px high." });

export const getBadge = defineOperation({
  method: "GET",
  path: "/api/badge/{sessionId}",
  operationId: "getBadge",
  summary: "Live verification badge of a session",
  description:
    "An SVG badge that follows the log's verification state: verified (n/m), tampered, no hmac, or no entries. Served with no-cache and an ETag so README image proxies revalidate on every view.",
  tags: ["audit"],
  pathParams: sessionIdPath,
  query: z.object({
    lang: z
      .enum(BADGE_LANGS)
      .optional()
      .describe(
        "The badge's language: en (the default, for READMEs) or es. The service's pages ask for their own. Anything else is 400 invalid_query.",
      ),
  }),
  responses: {
    200: { description: "The badge.", content: { "image/svg+xml": svg } },
    304: "NotModified",
    400: {
      description:
        "An invalid session id, drawn as a badge that says so; an unknown lang is a problem document (invalid_query).",
      content: { "image/svg+xml": svg },
    },
  },
  errors: ["invalid_query", "store_unavailable"],
  rateLimit: { name: "read", write: false },
});
