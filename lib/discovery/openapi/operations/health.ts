import { z } from "zod";
import { defineOperation } from "../operation";

export const getHealth = defineOperation({
  method: "get",
  path: "/api/health",
  operationId: "getHealth",
  summary: "Liveness, store reachability and the demo agent's model",
  tags: ["service"],
  responses: {
    200: {
      description: "Up, and the store answers.",
      content: {
        "application/json": z.object({
          ok: z.literal(true),
          store: z.enum(["embedded", "upstash"]),
          version: z.string(),
          play: z
            .object({
              source: z.enum(["scripted", "gateway", "openai-compatible"]),
              model: z.string(),
            })
            .describe("The model source and model POST /api/play runs (docs/play.md)."),
        }),
      },
    },
  },
  errors: ["store_unavailable"],
});
