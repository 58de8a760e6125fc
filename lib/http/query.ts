import { z } from "zod";

/*
 * Members of path and query schemas. A declared schema states what a value is (an integer, one of
 * a list) and is what OpenAPI and the MCP tools show; these wrappers add only how the text of a URL
 * reaches it, so that serve() parses the wire with the declared schema itself. A wrapper is
 * invisible in the JSON Schema (zod describes a preprocess by its inner schema), and a JSON value
 * (an MCP argument) passes through it as it is.
 */

const PLAIN_INTEGER = /^(0|-?[1-9][0-9]{0,15})$/;

/** An integer member: a plain decimal string (no sign, zeros or spaces to pad it) becomes the number `schema` checks. */
export function wireInteger<S extends z.ZodType>(schema: S) {
  return z.preprocess(
    (value) => (typeof value === "string" && PLAIN_INTEGER.test(value) ? Number(value) : value),
    schema,
  );
}

/** A member for which an empty value (or only spaces), as a form's empty field sends it, means not given. */
export function blankAsAbsent<S extends z.ZodType>(schema: S) {
  return absentIf((value) => value.trim() === "", schema);
}

/** A member for which the values `absent` picks mean not given. */
export function absentIf<S extends z.ZodType>(absent: (value: string) => boolean, schema: S) {
  return z.preprocess((value) => (typeof value === "string" && absent(value) ? undefined : value), schema.optional());
}

/** A yes/no flag declared as `values` (1/0/true/false): present but empty means yes. */
export function wireFlag<const V extends readonly [string, ...string[]]>(values: V) {
  return z.preprocess(
    (value) => (value === "" ? "1" : value),
    z.enum(values).transform((v) => v === "1" || v === "true"),
  );
}

/** A path segment as sent, percent-decoded once (a segment that does not decode is kept, and fails `schema`). */
export function percentDecoded<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => {
    if (typeof value !== "string") return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }, schema);
}
