import { z } from "zod";
import { defineOperation } from "../operation";

export const getHealth = defineOperation({
  method: "get",
  path: "/api/health",
  operationId: "getHealth",
  summary: "Liveness and store reachability",
  tags: ["service"],
  responses: {
    200: {
      description: "Up, and the store answers.",
      content: {
        "application/json": z.object({
          ok: z.literal(true),
          store: z.enum(["embedded", "upstash"]),
          version: z.string(),
        }),
      },
    },
  },
  errors: ["store_unavailable"],
});
