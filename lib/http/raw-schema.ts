import type { z } from "zod";

/** A JSON Schema written by hand, for bodies that no zod schema describes (text, SVG, external $ref). */
export interface RawSchema {
  jsonSchema: Record<string, unknown>;
}

/**
 * A body's schema: preferably the zod schema the code itself uses, so description and code agree
 * (zod or zod/mini: the incorporation request is a zod/mini schema, for the page that runs it).
 */
export type BodySchema = z.core.$ZodType | RawSchema;

/** Marks a hand-written JSON Schema. */
export function rawSchema(jsonSchema: Record<string, unknown>): RawSchema {
  return { jsonSchema };
}
