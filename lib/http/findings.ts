import { z } from "zod";

/**
 * One finding of a validation that failed (SPEC 2.6): the incorporation endpoint's 422 body carries
 * a list of them, and so does every other endpoint that answers "fix these fields and retry".
 */
export const findingSchema = z.object({
  code: z.string().describe("Stable identifier of the rule that failed; program against it."),
  severity: z.enum(["error", "warning", "info"]).describe("error blocks the request; warning and info do not."),
  field: z.string().describe("Dotted path of the member the finding is about."),
  message: z.string().describe("Explanation for people; may change."),
});

export type Finding = z.infer<typeof findingSchema>;
