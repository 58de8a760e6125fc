import { z } from "zod";
import type { ErrorCode } from "../http/error-codes";
import { ApiError } from "../http/problem";
import { clipText } from "../text/well-formed";

/**
 * How a declaration refuses a path or query parameter that fails its schema, where the standard
 * 400 invalid_query would be wrong: another code (an id that cannot exist is a 404), and words of
 * its own when the code's meaning calls for them.
 */
export type ParameterRefusal = ErrorCode | { code: ErrorCode; detail: string | ((sent: string) => string) };

type Where = "path" | "query";
type Raw = Record<string, string | undefined>;

/** The query as one string per parameter; a parameter sent twice is refused (which one would count?). */
export function queryValues(url: URL): Raw {
  const values: Raw = {};
  for (const [name, value] of url.searchParams) {
    if (Object.hasOwn(values, name)) {
      throw new ApiError("invalid_query", `Query parameter "${name}" is repeated; send it once.`, { parameter: name });
    }
    values[name] = value;
  }
  return values;
}

/**
 * The path or query parsed with the declared schema. A failure is the first issue's problem:
 * invalid_query naming the parameter (with the values it takes, or its range), unless the
 * declaration refuses that parameter its own way.
 */
export function parseParameters<S extends z.ZodObject>(
  where: Where,
  schema: S,
  raw: Raw,
  refusals: Partial<Record<string, ParameterRefusal>> = {},
): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0] as z.core.$ZodIssue;
  const name = issue.code === "unrecognized_keys" ? (issue.keys[0] as string) : String(issue.path[0] ?? "");
  const refusal = refusals[name];
  if (typeof refusal === "object") {
    const { code, detail } = refusal;
    const words = typeof detail === "string" ? detail : detail(raw[name] ?? "");
    throw new ApiError(code, words, code === "invalid_query" ? { parameter: name } : {});
  }
  const { detail, extensions } = describeIssue(where, name, issue, raw[name], schema);
  throw new ApiError(refusal ?? "invalid_query", detail, { parameter: name, ...extensions });
}

/** A member's schema and the schemas inside its wrappers (optional, default, the wire's preprocess). */
function layers(schema: z.core.$ZodType): z.core.$ZodType[] {
  const def = schema._zod.def as {
    type: string;
    innerType?: z.core.$ZodType;
    in?: z.core.$ZodType;
    out?: z.core.$ZodType;
  };
  const piped = def.type === "pipe" && def.in && def.out;
  const inner = def.innerType ?? (piped ? (def.in?._zod.def.type === "transform" ? def.out : def.in) : undefined);
  return inner ? [schema, ...layers(inner)] : [schema];
}

/** The description of a member, on whichever of its layers it was written. */
function descriptionOf(member: z.core.$ZodType | undefined): string | undefined {
  return (
    member &&
    layers(member)
      .map((layer) => (layer as z.ZodType).description)
      .find(Boolean)
  );
}

function describeIssue(
  where: Where,
  name: string,
  issue: z.core.$ZodIssue,
  sent: string | undefined,
  schema: z.ZodObject,
): { detail: string; extensions: Record<string, unknown> } {
  const label = `${where === "query" ? "Query" : "Path"} parameter ${name}`;
  const got = sent === undefined ? "" : ` (got ${JSON.stringify(clipText(sent, 40))})`;
  const member = schema.shape[name] as z.ZodType | undefined;
  if (issue.code === "unrecognized_keys") {
    const allowed = Object.keys(schema.shape);
    return { detail: `Unknown query parameter "${name}". Allowed: ${allowed.join(", ")}.`, extensions: { allowed } };
  }
  if (issue.code === "custom") return { detail: issue.message, extensions: {} };
  const description = descriptionOf(member);
  if (sent === undefined && issue.code === "invalid_type") {
    return { detail: `${label} is required${description ? `: ${description}` : "."}`, extensions: {} };
  }
  const inner = member ? layers(member).at(-1) : undefined;
  if (inner instanceof z.ZodEnum) {
    const allowed = inner.options.map(String);
    const list = allowed.length === 2 ? allowed.join(" or ") : `one of ${allowed.join(", ")}`;
    return { detail: `${label} takes ${list}${got}.`, extensions: { allowed } };
  }
  if (inner instanceof z.ZodNumber) {
    const min = inner.minValue ?? Number.MIN_SAFE_INTEGER;
    const max = inner.maxValue ?? Number.MAX_SAFE_INTEGER;
    const range = max < Number.MAX_SAFE_INTEGER ? `from ${min} to ${max}` : `of at least ${min}`;
    return {
      detail: `${label} takes a whole number ${range}, written plainly${got}.`,
      extensions: max < Number.MAX_SAFE_INTEGER ? { min, max } : { min },
    };
  }
  if (issue.code === "too_big" && issue.origin === "string") {
    return { detail: `${label} takes at most ${issue.maximum} characters.`, extensions: {} };
  }
  return { detail: `${label} is not in its form${got}${description ? `: ${description}` : "."}`, extensions: {} };
}
