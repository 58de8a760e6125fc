import { z } from "zod";
import { tamperDemoRequest } from "../../../audit/tamper-demo";
import { defineOperation } from "../operation";
import { auditEntrySchema, verificationReportSchema } from "./audit";

export const tamperDemoResultSchema = z.object({
  source: z.enum(["session", "sample"]),
  sessionId: z.string(),
  mutation: tamperDemoRequest.shape.mutation.unwrap(),
  description: z.string(),
  seq: z.int().min(0),
  original: z.object({ entry: auditEntrySchema, verification: verificationReportSchema }),
  altered: z.object({ entry: auditEntrySchema.nullable(), verification: verificationReportSchema }),
  detected: z.object({ seq: z.int().min(0).nullable(), reasons: z.array(z.string()) }),
});

export const runTamperDemo = defineOperation({
  method: "POST",
  path: "/api/play/tamper-demo",
  operationId: "runTamperDemo",
  summary: "Show where verification catches an altered log",
  description:
    "Alters a copy of a session's log (or of a built-in sample) in memory and verifies both: the original passes, the copy fails at the altered entry, with the reason. Never writes anything.",
  tags: ["audit"],
  body: { schema: tamperDemoRequest },
  responses: {
    200: { description: "Both verification reports.", content: { "application/json": tamperDemoResultSchema } },
  },
  errors: [
    "malformed_json",
    "json_too_deep",
    "json_number_out_of_range",
    "incomplete_body",
    "invalid_request",
    "payload_too_large",
    "unsupported_media_type",
    "validation_failed",
    "store_unavailable",
  ],
  rateLimit: { name: "play", write: false },
});
