import { z } from "zod";
import { defineEndpoint } from "../endpoint/endpoint";
import { checkHealth } from "../health/check-health";
import { json } from "../http/handler";

export const getHealth = defineEndpoint({
  method: "GET",
  path: "/api/health",
  operationId: "getHealth",
  summary: "Liveness, store reachability and the demo agent's model",
  tags: ["service"],
  responses: {
    200: {
      description:
        "Up, and the store answers; status says whether the transparency log is degraded (a witness refuses it, or it stalled).",
      content: {
        "application/json": z.object({
          ok: z.boolean().describe("false exactly when status is degraded."),
          status: z
            .enum(["ok", "degraded"])
            .describe(
              "degraded: a configured witness refuses this log's checkpoint (a fork, or a witness that does not know this log) or the log's integrator stalled. Still a 200: the process is alive.",
            ),
          problems: z.array(z.string()).optional().describe("Why it is degraded, each reason in full; absent when ok."),
          store: z.enum(["embedded", "upstash"]),
          storeBytes: z
            .int()
            .min(0)
            .optional()
            .describe("The embedded store's log file in bytes: what a restart reads (docs/performance.md)."),
          version: z.string(),
          play: z
            .object({
              source: z.enum(["scripted", "gateway", "openai-compatible"]),
              model: z.string(),
            })
            .describe("The model source and model POST /api/play runs (docs/play.md)."),
          witnesses: z
            .object({
              quorum: z.int().min(0),
              cosigned: z.int().min(0).describe("How many witnesses cosigned the latest checkpoint."),
              witnesses: z.array(
                z.object({
                  name: z.string(),
                  url: z.string(),
                  state: z
                    .enum(["cosigned", "pending", "refused", "unavailable"])
                    .describe(
                      "cosigned: it cosigned the latest checkpoint; pending: not yet, no failure; refused: it refused this log's checkpoint (a fork, or it does not know this log or its key: see error); unavailable: it could not be asked.",
                    ),
                  size: z.int().min(0).describe("The size of the latest checkpoint it cosigned."),
                  behind: z.int().min(0).describe("Leaves of the latest checkpoint beyond that size."),
                  cosignedAt: z.string().nullable(),
                  checkedAt: z.string().nullable(),
                  error: z.string().nullable().describe("Why the last request failed, in full."),
                }),
              ),
            })
            .optional()
            .describe("The transparency log's witnesses, when TLOG_WITNESSES is set (docs/transparency-log.md)."),
          log: z
            .object({
              state: z
                .enum(["integrating", "stalled"])
                .describe(
                  "stalled: the integrator refuses what the store holds and signs nothing more; writes get 503 tlog_stalled until the store is repaired.",
                ),
              reason: z.string().optional().describe("Why it is stalled, in full."),
              since: z.string().optional(),
            })
            .describe("The transparency log's integrator as this process sees it (docs/transparency-log.md)."),
        }),
      },
    },
  },
  errors: ["store_unavailable"],
  listing: { id: "health", description: "Liveness and store reachability." },
  preflight: false,
  async handle() {
    return json(await checkHealth(), { headers: { "cache-control": "no-store" } });
  },
});
