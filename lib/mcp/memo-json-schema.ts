import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import { z } from "zod";

type Converter = (options: { target: string; libraryOptions?: Record<string, unknown> }) => Record<string, unknown>;

function memo(convert: Converter): Converter {
  const byTarget = new Map<string, Record<string, unknown>>();
  return (options) => {
    // Library options would change the result: only the plain call is kept.
    if (options.libraryOptions) return convert(options);
    let schema = byTarget.get(options.target);
    if (!schema) {
      schema = convert(options);
      byTarget.set(options.target, schema);
    }
    return schema;
  };
}

/**
 * The zod schema as a Standard Schema whose JSON Schema is converted once per process. The SDK asks
 * for a tool's JSON Schema on every call, and a server is built for every request, so without this
 * each call converted its schemas anew: most of what a call cost beyond the work itself. The
 * conversion is z.toJSONSchema's: zod's own Standard JSON Schema method knows only classic zod
 * schemas, and a tool's input may hold a zod/mini one (the incorporation request). With `openCheck`
 * the schema is advertised as it is, but the SDK's own check lets any value through: the tool's
 * handler judges its arguments (lib/mcp/tool-arguments.ts), in the caller's language.
 */
export function memoJsonSchema<S extends z.ZodType>(
  schema: S,
  options: { openCheck?: boolean } = {},
): StandardSchemaWithJSON<z.input<S>, z.output<S>> {
  const standard = schema["~standard"] as unknown as StandardSchemaWithJSON<z.input<S>, z.output<S>>["~standard"];
  const convert =
    (io: "input" | "output"): Converter =>
    ({ target, libraryOptions }) =>
      z.toJSONSchema(schema, { ...libraryOptions, target, io } as z.core.ToJSONSchemaParams) as Record<string, unknown>;
  return {
    "~standard": {
      ...standard,
      // openCheck: the SDK's check passes every value on, for a handler that judges it itself.
      ...(options.openCheck ? { validate: (value: unknown) => ({ value: value as z.output<S> }) } : {}),
      jsonSchema: { input: memo(convert("input")), output: memo(convert("output")) },
    },
  };
}
