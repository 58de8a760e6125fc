import type { z } from "zod";
import { safeParse } from "zod/v4/core";
import { preflight } from "../http/cors";
import { route } from "../http/handler";
import { type Method, methodNotAllowed } from "../http/method-not-allowed";
import { chargeMore, enforceRateLimit } from "../http/rate-limit";
import { invalidShape, readJson } from "../http/read-json";
import { type Authorized, authorize } from "./authorize";
import type { OperationSpec } from "./operation";
import { type ParameterRefusal, parseParameters, queryValues } from "./parse-input";

/**
 * One HTTP operation, declared once: what the OpenAPI description says about it (method, path,
 * schemas, errors, auth, rate limit), how discovery lists it, and its handler. Everything else is
 * derived from this declaration: the route file's exports (`serve`), OPTIONS and the 405s, the
 * OpenAPI operation, the discovery list (lib/discovery/endpoints.ts), the README's API table and
 * the MCP tools that stand for it. The declarations live in lib/api/<area>.ts.
 */
export interface EndpointDeclaration extends OperationSpec {
  /** Any origin may call it (public, credential-free API): CORS headers, and a preflight. Default true. */
  cors?: boolean;
  /** Answer OPTIONS with a CORS preflight (default: when `cors`); false answers it with a 405. */
  preflight?: boolean;
  /** How the discovery documents list it; absent: not listed (only in OpenAPI). */
  listing?: Listing | readonly Listing[];
  /** Left out of the OpenAPI description (the scheduler's cron call). */
  undocumented?: true;
  /** Seconds the platform lets the function run (Next's `maxDuration` route export). */
  maxDuration?: number;
  /**
   * The route file's folder under app/, when it is not the path's own (a catch-all `[...path]`
   * segment, which OpenAPI cannot write).
   */
  routeDir?: string;
  /** The rate limit is counted by the handler itself (it depends on the request), not before it. */
  rateLimitedByHandler?: true;
  /** Parameters refused otherwise than with 400 invalid_query when they fail their schema (parse-input.ts). */
  parameterRefusals?: Partial<Record<string, ParameterRefusal>>;
  /**
   * The handler reads the declared body itself (/mcp: its Host and Origin checks come first, and it
   * answers every refusal as JSON-RPC); serve() then leaves it unread.
   */
  bodyReadByHandler?: true;
  /**
   * Every body goes to `badBody` as sent, read with readJson's rules but not parsed with its schema:
   * the handler checks it against the schema itself and answers every finding at once (the
   * incorporation's 422), so parsing it here first would only do that work twice.
   */
  bodyCheckedByHandler?: true;
}

type Schema = z.ZodObject | undefined;
type BodySchema = z.core.$ZodType;

/** What the handler receives for a declared path or query: the schema's output. */
type Parsed<S extends Schema> = S extends z.ZodObject ? z.output<S> : RouteParams;

/**
 * A declaration with its handler: what serve() answers with. The domain areas of lib/api write both
 * in one place (defineEndpoint); the discovery and MCP areas only declare there, and their surfaces
 * (lib/discovery/handlers.ts, lib/mcp/handlers.ts) add the handler, since it reads every declaration.
 */
export interface EndpointSpec<
  PS extends Schema = Schema,
  QS extends Schema = Schema,
  BS extends BodySchema = BodySchema,
> extends EndpointDeclaration {
  pathParams?: PS;
  query?: QS;
  body?: { schema: BS; description?: string; maxBytes?: number };
  /**
   * Answers every method the path does not declare, OPTIONS included, instead of the 405 problem:
   * a protocol endpoint whose clients expect its own error format (/mcp answers JSON-RPC).
   */
  otherMethods?: (request: Request) => Response;
  /**
   * Answers a path that fails `pathParams` instead of the problem (the badge draws an invalid id);
   * `params` are then the path as sent.
   */
  badPath?(request: Request, context: EndpointContext<RouteParams, Parsed<QS>>): Promise<Response>;
  /**
   * Answers a body that fails `body.schema` instead of the 400 invalid_request, from `sentBody`: a
   * domain that reports every finding at once (422), after checks of its own that come first (the
   * record exists, the token is its own).
   */
  badBody?(request: Request, context: EndpointContext<Parsed<PS>, Parsed<QS>, undefined>): Promise<Response>;
  handle(request: Request, context: EndpointContext<Parsed<PS>, Parsed<QS>, z.core.output<BS>>): Promise<Response>;
}

export type RouteParams = Record<string, string | string[]>;

export interface EndpointContext<P, Q = Record<string, never>, B = undefined> extends Authorized {
  /** The path parsed with `pathParams` (as sent when none is declared). */
  params: P;
  /** The query parsed with `query` (empty when none is declared). */
  query: Q;
  /** The JSON body parsed with `body.schema` (undefined when none is declared, or it failed: badBody). */
  body: B;
  /** The JSON body as sent, before its schema: for a domain whose findings and keys read it so. */
  sentBody: unknown;
  /** RateLimit headers of the request's count; the wrapper adds them to the answer too. */
  limits: Record<string, string>;
  /** The declared rate limit, for a handler that counts it itself (rateLimitedByHandler). */
  rateLimit: BoundRateLimit;
}

/** The declaration's rate limit bound to this request: count it once, then charge more units. */
export interface BoundRateLimit {
  /** Counts the request (1 unit); a refusal throws the 429 problem. Returns the RateLimit headers. */
  count(): Promise<Record<string, string>>;
  /** Charges `units` more after the count; returns the headers after it. */
  charge(units: number, headers: Record<string, string>): Promise<Record<string, string>>;
}

const NO_LIMIT: BoundRateLimit = { count: async () => ({}), charge: async (_units, headers) => headers };

export function boundRateLimit(endpoint: EndpointDeclaration, request: Request): BoundRateLimit {
  const limit = endpoint.rateLimit;
  if (!limit) return NO_LIMIT;
  return {
    count: () => enforceRateLimit(limit.name, request, { write: limit.write }),
    charge: (units, headers) => chargeMore(limit.name, request, units, headers),
  };
}

/** How one of the discovery documents (agents.json, /api/discovery, llms.txt) lists an endpoint. */
export interface Listing {
  /** Stable camelCase name; the key in `auditEndpoints` / `discovery` when `manifest` is set. */
  id: string;
  /** One sentence for people and models. */
  description: string;
  /** The listed path when it is not the operation's own: a fixed query (`?verify=1`) or an RFC 6570 query template. */
  path?: string;
  /** The manifest object that also names this endpoint. */
  manifest?: "auditEndpoints" | "discovery";
  /** One of the five hosted endpoints SPEC 1 counts in the /api/discovery inventory. */
  inventory?: true;
  /** Answers only where this deployment runs the built-in witness (WITNESS_LOGS). */
  witness?: true;
  /** Answers only where MCP_REGISTRY_AUTH is set. */
  mcpRegistryAuth?: true;
}

/** Checks a declaration's shape where it is written, keeping its parameter and body types. */
export function defineEndpoint<
  PS extends Schema = undefined,
  QS extends Schema = undefined,
  BS extends BodySchema = BodySchema,
>(endpoint: EndpointSpec<PS, QS, BS>): EndpointSpec<PS, QS, BS> {
  return endpoint;
}

/** A declaration whose handler a surface adds (withHandler). */
export function declareEndpoint<D extends EndpointDeclaration>(endpoint: D): D {
  return endpoint;
}

type SchemaOf<S> = S extends z.ZodObject ? S : undefined;
type BodyOf<B> = B extends { schema: infer S extends BodySchema } ? S : BodySchema;
type Served<D extends EndpointDeclaration> = EndpointSpec<
  SchemaOf<D["pathParams"]>,
  SchemaOf<D["query"]>,
  BodyOf<D["body"]>
>;

/** A declaration served: the same object's fields with the surface's handler. */
export function withHandler<D extends EndpointDeclaration>(
  declaration: D,
  handler: Pick<Served<D>, "handle" | "badPath" | "badBody" | "otherMethods">,
): Served<D> {
  return { ...declaration, ...handler } as Served<D>;
}

type RouteHandler = (request: Request, context: { params: Promise<RouteParams> }) => Promise<Response>;
type RouteExports = Record<Exclude<Method, "HEAD">, RouteHandler>;

const ORDER: readonly Method[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

/**
 * A route file's exports, from the declarations of its path: each declared method's handler
 * (authorisation, then the rate limit, then the body, then the handler, errors as problem+json),
 * OPTIONS (a preflight or a 405) and a 405 problem with Allow for every other method (or the first
 * declaration's `otherMethods`). HEAD is left to Next, which answers it with GET.
 */
export function serve(...endpoints: EndpointSpec[]): RouteExports {
  const declared = endpoints;
  const first = declared[0];
  if (!first) throw new Error("serve: no endpoint");
  const cors = first.cors ?? true;
  const withPreflight = first.preflight ?? cors;
  const methods = declared.map((e) => e.method);
  const served = ORDER.filter(
    (m) => methods.includes(m as EndpointSpec["method"]) || (m === "HEAD" && methods.includes("GET")),
  );
  const allow = withPreflight ? [...served, "OPTIONS" as const] : served;
  const other = first.otherMethods;
  const exports: Partial<Record<Method, RouteHandler>> = other
    ? Object.fromEntries(ORDER.concat("OPTIONS").map((m) => [m, async (request: Request) => other(request)]))
    : methodNotAllowed(allow, { cors });
  for (const endpoint of declared) {
    // A body is read after the rate limit is counted; one the handler counts comes too late for that.
    if (endpoint.rateLimitedByHandler && endpoint.body && !endpoint.bodyReadByHandler) {
      throw new Error(`serve: ${endpoint.operationId} counts its rate limit in the handler, after its body is read`);
    }
    if (endpoint.bodyCheckedByHandler && !endpoint.badBody) {
      throw new Error(`serve: ${endpoint.operationId} checks its own body, but has no badBody to take it`);
    }
    exports[endpoint.method] = handlerOf(endpoint, cors);
  }
  // Cacheable documents name HEAD too: a client may check their ETag with it.
  const cacheable = declared.some((e) => e.cacheable);
  const preflighted = served.filter((m) => m !== "HEAD" || cacheable);
  if (withPreflight) exports.OPTIONS = async () => preflight(preflighted);
  return exports as RouteExports;
}

function handlerOf(endpoint: EndpointSpec, cors: boolean): RouteHandler {
  return route<{ params: Promise<RouteParams> }>(
    async (request, context) => {
      const authorized = authorize(endpoint.auth, request);
      const sent = ((await context?.params) ?? {}) as RouteParams;
      // Parsed before the rate limit is counted: a malformed request costs the caller nothing.
      const input = parseInput(endpoint, request, sent);
      const rateLimit = boundRateLimit(endpoint, request);
      const limits = endpoint.rateLimitedByHandler ? {} : await rateLimit.count();
      const ctx = { ...authorized, params: input.params, query: input.query, limits, rateLimit };
      let response: Response;
      if (input.badPath && endpoint.badPath) {
        response = await endpoint.badPath(request, { ...ctx, params: sent, body: undefined, sentBody: undefined });
      } else {
        // Read only now: a caller the checks or the rate limit refused never has its body read.
        const body = await readDeclaredBody(endpoint, request);
        response =
          body.bad && endpoint.badBody
            ? await endpoint.badBody(request, { ...ctx, body: undefined, sentBody: body.sent })
            : await endpoint.handle(request, { ...ctx, body: body.value, sentBody: body.sent });
      }
      for (const [name, value] of Object.entries(limits)) {
        if (!response.headers.has(name)) response.headers.set(name, value);
      }
      return response;
    },
    { cors },
  );
}

/**
 * The declared path and query of a request, parsed with their schemas: the path first, so an id
 * that cannot exist is refused before anything else about the request. A catch-all segment comes
 * as its parts, and is parsed as the path it spans.
 */
function parseInput(endpoint: EndpointSpec, request: Request, sent: RouteParams) {
  const refusals = endpoint.parameterRefusals;
  let params: Record<string, unknown> = sent;
  let badPath = false;
  if (endpoint.pathParams) {
    const path = Object.fromEntries(
      Object.entries(sent).map(([name, value]) => [name, Array.isArray(value) ? value.join("/") : value]),
    );
    try {
      params = parseParameters("path", endpoint.pathParams, path, refusals);
    } catch (err) {
      if (!endpoint.badPath) throw err;
      badPath = true;
    }
  }
  const query = endpoint.query
    ? parseParameters("query", endpoint.query, queryValues(new URL(request.url)), refusals)
    : {};
  return { params, query, badPath };
}

/**
 * The declared JSON body, read with readJson's rules and parsed with its schema. A body that fails
 * the schema is the standard 400 invalid_request, unless the declaration answers it (badBody).
 */
async function readDeclaredBody(
  endpoint: EndpointSpec,
  request: Request,
): Promise<{ sent?: unknown; value?: unknown; bad: boolean }> {
  if (!endpoint.body || endpoint.bodyReadByHandler) return { bad: false };
  const sent = await readJson(request, endpoint.body.maxBytes);
  if (endpoint.bodyCheckedByHandler) return { sent, bad: true };
  const result = safeParse(endpoint.body.schema, sent);
  if (result.success) return { sent, value: result.data, bad: false };
  if (!endpoint.badBody) throw invalidShape(result.error.issues);
  return { sent, bad: true };
}

/** True for a value made by defineEndpoint or declareEndpoint (what an area module of lib/api exports). */
export function isEndpointDeclaration(value: unknown): value is EndpointDeclaration {
  const v = value as Partial<EndpointDeclaration> | null;
  return typeof v === "object" && v !== null && typeof v.operationId === "string" && typeof v.path === "string";
}
