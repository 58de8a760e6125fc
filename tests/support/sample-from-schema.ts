/**
 * Builds a value that a JSON Schema accepts, the way an agent with no other knowledge would: an
 * example or default the schema offers first, else the smallest value its keywords allow. Only the
 * keywords zod emits are understood; `$ref`s resolve inside `root` (an OpenAPI document).
 */
// biome-ignore lint/suspicious/noExplicitAny: JSON Schema documents are walked freely.
type Schema = Record<string, any>;

function deref(schema: Schema, root: Schema): Schema {
  let current = schema;
  while (typeof current.$ref === "string" && current.$ref.startsWith("#/")) {
    current = current.$ref
      .slice(2)
      .split("/")
      .map((s: string) => decodeURIComponent(s).replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce((node: Schema, key: string) => node[key], root);
  }
  return current;
}

export function sampleFromSchema(input: Schema, root: Schema = input): unknown {
  const schema = deref(input, root);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ("default" in schema) return schema.default;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants)) return sampleFromSchema(variants[0], root);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) out[name] = sampleFromSchema(schema.properties?.[name] ?? {}, root);
      return out;
    }
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleFromSchema(schema.items ?? {}, root));
    case "integer":
    case "number":
      return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      if (schema.format === "email") return "agent@example.com";
      if (schema.format === "uri") return "https://example.com/";
      return "x".repeat(Math.max(1, schema.minLength ?? 1));
  }
}
