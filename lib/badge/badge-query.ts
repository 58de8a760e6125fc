import { z } from "zod";
import { BADGE_LANGS } from "./render-badge";

/** The query of GET /api/badge/{sessionId}, which both of its routes parse. */
export const badgeQuery = z.object({
  lang: z
    .enum(BADGE_LANGS)
    .optional()
    .describe(
      "The badge's language: en (the default, for READMEs) or es. The service's pages ask for their own. Anything else is 400 invalid_query.",
    ),
});
