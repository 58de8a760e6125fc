import { z } from "zod";
import type { RateLimitName } from "../config/config";
import type { EndpointSpec } from "../endpoint/endpoint";

/** What a tool needs from the HTTP request that carried the call. */
export interface ToolContext {
  request: Request;
  baseUrl: string;
  lang: "es" | "en";
}

/**
 * A tool's answer: the structured result (checked against `output`) and one summary line, which the
 * result's text puts before the result as JSON (lib/mcp/result-text.ts). The summary is the service's
 * own words: text that others wrote (a record's name, a request's objeto) stays in the data.
 */
export interface ToolAnswer<O> {
  data: O;
  summary: string;
}

/**
 * One MCP tool. Input and output are the zod contracts the REST handlers and the OpenAPI description
 * use, so the three cannot drift: a tool that stands for an endpoint takes them, and its rate limit,
 * from the endpoint's declaration (fromEndpoint).
 */
export interface McpTool<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: { readOnlyHint: boolean; idempotentHint: boolean; destructiveHint: boolean; openWorldHint: boolean };
  rateLimit?: { name: RateLimitName; write: boolean };
  /**
   * Members parsed more loosely than `input` advertises, because the tool judges them itself and
   * answers findings (the incorporation request: any object, so that every mistake is a finding).
   */
  lenient?: z.ZodRawShape;
  /** The result holds text written by others (names, disclosures, requests): the summary says it is data. */
  thirdPartyText?: boolean;
  /** Units of the rate limit charged once the answer is known, beyond the one counted before (lib/http/read-cost.ts). */
  extraUnits?(data: z.infer<O>): number;
  run(args: z.infer<I>, ctx: ToolContext): Promise<ToolAnswer<z.infer<O>>>;
}

/** Keeps each tool's generic types while the table holds them side by side. */
export function defineTool<I extends z.ZodObject, O extends z.ZodType>(tool: McpTool<I, O>): McpTool<I, O> {
  return tool;
}

/** Annotation presets: reads change nothing; `incorporate` writes, but a repeat with its key writes nothing more. */
export const READ_ONLY = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false };

/** The members of a declared path or query schema; none when it declares none. */
type Members<S> = S extends z.ZodObject ? S["shape"] : Record<never, never>;
type Schema = z.ZodObject | undefined;

/**
 * A tool's arguments from the endpoint it stands for: its path parameters, query and JSON body, or
 * the body as one argument named `bodyAs` when the tool takes more than the body (`extra`). Unknown
 * arguments are refused by the tool layer (lib/mcp/tool-arguments.ts).
 */
export function endpointArguments<
  PS extends Schema,
  QS extends Schema,
  B extends string = never,
  X extends z.ZodRawShape = Record<never, never>,
>(endpoint: EndpointSpec<PS, QS>, options: { bodyAs?: B; extra?: X } = {}) {
  const body = endpoint.body?.schema;
  if (body && !options.bodyAs && !(body instanceof z.ZodObject)) {
    throw new Error(`${endpoint.operationId}: a body that is not an object is an argument: name it with bodyAs`);
  }
  const bodyShape = !body ? {} : options.bodyAs ? { [options.bodyAs]: body } : (body as z.ZodObject).shape;
  const shape = { ...endpoint.pathParams?.shape, ...endpoint.query?.shape, ...bodyShape, ...options.extra };
  // Typed as far as the declaration tells: path and query members, the body's name, the extras.
  return z.object(shape as Members<PS> & Members<QS> & Record<B, z.ZodType> & X);
}

/** The JSON of an endpoint's success answer (200, or 201 for a creation): a tool's result. */
export function endpointAnswer(endpoint: Pick<EndpointSpec, "operationId" | "responses">): z.ZodType {
  const success = endpoint.responses[200] ?? endpoint.responses[201];
  const schema = typeof success === "object" ? success.content?.["application/json"] : undefined;
  if (!(schema instanceof z.ZodType)) throw new Error(`${endpoint.operationId}: no zod schema of a JSON answer`);
  return schema;
}

/** Input, output and rate limit of a tool that stands for an endpoint, from its declaration. */
export function fromEndpoint<
  PS extends Schema,
  QS extends Schema,
  B extends string = never,
  X extends z.ZodRawShape = Record<never, never>,
>(endpoint: EndpointSpec<PS, QS>, options: { bodyAs?: B; extra?: X } = {}) {
  return {
    input: endpointArguments(endpoint, options),
    output: endpointAnswer(endpoint),
    ...(endpoint.rateLimit ? { rateLimit: endpoint.rateLimit } : {}),
  };
}
