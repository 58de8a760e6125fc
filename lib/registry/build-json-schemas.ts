import { z } from "zod";
import {
  certificationReportSchema,
  registryListSchema,
  registryRecordSchema,
  SESSION_UUID_PATTERN,
} from "./record-schema";

/** File names under schemas/ (served at /schemas/<name>) of the registry's JSON Schemas. */
export const SCHEMA_FILES = {
  record: "registry-record.v1.json",
  list: "registry-list.v1.json",
  report: "certification-report.v1.json",
} as const;

// zod cannot export refinements: the one cross-field rule of a record is added here by hand.
const formedNeedsSession = {
  if: { properties: { source: { const: "formed" } }, required: ["source"] },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, never awaited.
  then: {
    required: ["sessionId"],
    properties: { sessionId: { type: "string", format: "uuid", pattern: SESSION_UUID_PATTERN.source } },
  },
};

function generate(schema: z.ZodType, meta: { title: string; description: string }): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12" }) as Record<string, unknown>;
  return { $schema, title: meta.title, description: meta.description, ...rest };
}

/**
 * The registry's JSON Schemas (2020-12), generated from the zod contracts in record-schema.ts. Each is
 * self-contained (no $ref across files) so a client can validate with one download.
 */
export function buildRegistryJsonSchemas(): Record<(typeof SCHEMA_FILES)[keyof typeof SCHEMA_FILES], unknown> {
  const record = generate(registryRecordSchema, {
    title: "Sociedad-IA directory record, v1",
    description: "One company of the registry (SPEC 2.2). See docs/registry.md for states and good standing.",
  });
  const list = generate(registryListSchema, {
    title: "Sociedad-IA directory list, v1",
    description: "The envelope of GET /api/registry (SPEC 2.3). Pages with ?limit= and ?cursor=.",
  });
  const report = generate(certificationReportSchema, {
    title: "Sociedad-IA certification report, v1",
    description: "What the automated certifier checked, scored and decided. See docs/registry.md for thresholds.",
  });
  Object.assign(record, formedNeedsSession);
  const listItems = (list.properties as { records: { items: Record<string, unknown> } }).records.items;
  Object.assign(listItems, formedNeedsSession);
  return { [SCHEMA_FILES.record]: record, [SCHEMA_FILES.list]: list, [SCHEMA_FILES.report]: report } as Record<
    (typeof SCHEMA_FILES)[keyof typeof SCHEMA_FILES],
    unknown
  >;
}
