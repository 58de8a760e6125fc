import { z } from "zod";
import type { BodySchema } from "../../http/raw-schema";

/**
 * A zod schema as a JSON Schema 2020-12 object for embedding in the OpenAPI document (whose dialect
 * is 2020-12). "input" describes what a request may send (defaults make members optional); "output"
 * what the service sends.
 */
export function toJsonSchema(schema: BodySchema, io: "input" | "output"): Record<string, unknown> {
  if (!(schema instanceof z.core.$ZodType)) return schema.jsonSchema;
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io });
  return rest;
}

type Json = Record<string, unknown>;

/**
 * Replaces every subschema (the root included) that is exactly a named component's schema with a
 * `$ref` to that component, so a contract used by several operations (a registry record, a
 * certification report) is written once in the document. Equality is on the generated JSON, so
 * a variant of the contract (another description, another io) stays inline and stays right.
 */
export function withComponentRefs(schema: Json, components: Record<string, Json>): Json {
  const byJson = new Map(Object.entries(components).map(([name, s]) => [JSON.stringify(s), name]));
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== "object") return node;
    const name = byJson.get(JSON.stringify(node));
    if (name) return { $ref: `#/components/schemas/${name}` };
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)]));
  };
  return walk(schema) as Json;
}
