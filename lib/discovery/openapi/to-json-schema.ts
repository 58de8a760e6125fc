import { z } from "zod";
import type { BodySchema } from "./operation";

/**
 * A zod schema as a JSON Schema 2020-12 object for embedding in the OpenAPI document (whose dialect
 * is 2020-12). "input" describes what a request may send (defaults make members optional); "output"
 * what the service sends.
 */
export function toJsonSchema(schema: BodySchema, io: "input" | "output"): Record<string, unknown> {
  if (!(schema instanceof z.ZodType)) return schema.jsonSchema;
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io });
  return rest;
}
