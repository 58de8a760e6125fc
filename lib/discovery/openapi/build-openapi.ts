import type { Config, RateLimitName } from "../../config/config";
import { OPENAPI_SECURITY } from "../../endpoint/authorize";
import type { OperationSpec, SuccessResponse } from "../../endpoint/operation";
import { ERROR_CODES, type ErrorCode } from "../../http/error-codes";
import type { BodySchema } from "../../http/raw-schema";
import { READ_UNITS_RULE } from "../../http/read-cost";
import type { ApiAuth } from "../api-auth";
import type { ServiceInfo } from "../service-info";
import {
  buildComponents,
  type HeaderName,
  headerRef,
  problemResponse,
  RATE_LIMIT_HEADERS,
  refusalOrProblem,
  SECURITY_SCHEMES,
} from "./components";
import { openApiOperations, SCHEMA_COMPONENTS, TAGS } from "./operations";
import { toJsonSchema, withComponentRefs } from "./to-json-schema";

type Json = Record<string, unknown>;

/** Converts a schema of what the service sends, referencing the named components it contains. */
type OutputSchema = (schema: BodySchema) => Json;

export interface OpenApiDocument extends Json {
  openapi: string;
  info: Json;
  paths: Record<string, Record<string, Json>>;
  components: Json;
}

export const OPENAPI_VERSION = "3.1.0";

function parameters(spec: OperationSpec): Json[] {
  const groups = [
    ["path", spec.pathParams],
    ["query", spec.query],
    ["header", spec.headers],
  ] as const;
  return groups.flatMap(([where, schema]) => {
    if (!schema) return [];
    const json = toJsonSchema(schema, "input") as { properties?: Record<string, Json>; required?: string[] };
    return Object.entries(json.properties ?? {}).map(([name, property]) => {
      const { description, ...rest } = property;
      return {
        name,
        in: where,
        required: where === "path" || (json.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      };
    });
  });
}

function rateLimitNote(name: RateLimitName, rateLimits: Config["rateLimits"]): string {
  const { count, window } = rateLimits[name];
  const what = name === "read" ? `${count} read units (${READ_UNITS_RULE}, shared by every read)` : `${count} requests`;
  return `Rate limited per client IP: at most ${what} per ${window} on this deployment (RATE_LIMIT_${name.toUpperCase()}).`;
}

function successResponse(spec: OperationSpec, status: number, response: SuccessResponse, out: OutputSchema): Json {
  const headers: Json = {};
  for (const [name, header] of Object.entries(response.headers ?? {})) headers[name] = header;
  if (spec.rateLimit) for (const name of Object.keys(RATE_LIMIT_HEADERS)) headers[name] = headerRef(name as HeaderName);
  if (spec.cacheable && status < 300) {
    headers.ETag = headerRef("ETag");
    headers["Cache-Control"] = headerRef("Cache-Control");
  }
  const content = response.content
    ? Object.fromEntries(Object.entries(response.content).map(([type, schema]) => [type, { schema: out(schema) }]))
    : undefined;
  return {
    description: response.description,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(content ? { content } : {}),
  };
}

function errorResponses(spec: OperationSpec, out: OutputSchema): Record<string, Json> {
  const codes = new Set<ErrorCode>([...spec.errors, "internal_error"]);
  if (spec.rateLimit) {
    codes.add("rate_limited");
    if (spec.rateLimit.write) codes.add("rate_limiter_unavailable");
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const { status } = ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, Json> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const headers: Json = {};
    if (status === 429 || status === 503) headers["Retry-After"] = headerRef("Retry-After");
    if (spec.rateLimit && status === 429) {
      for (const name of Object.keys(RATE_LIMIT_HEADERS)) headers[name] = headerRef(name as HeaderName);
    }
    const members = Object.fromEntries(
      list.flatMap((code) => {
        const schema = spec.problemMembers?.[code];
        return schema ? [[code, out(schema)]] : [];
      }),
    );
    responses[String(status)] = problemResponse(list, headers, members);
  }
  return responses;
}

/** Security requirements: alternatives, each one scheme (the API key is ANDed into each when both apply). */
function security(spec: OperationSpec, auth: ApiAuth): Json[] | undefined {
  const apiKey =
    spec.auth === "apiKey" && auth.mode !== "none" ? { [auth.mode === "bearer" ? "bearerAuth" : "apiKey"]: [] } : null;
  const tokens = tokenSchemes(spec);
  if (tokens.length > 0) return tokens.map((name) => ({ ...(apiKey ?? {}), [name]: [] }));
  return apiKey ? [apiKey] : undefined;
}

/** The bearer token schemes an operation accepts, any one of them (lib/endpoint/authorize.ts). */
function tokenSchemes(spec: OperationSpec): string[] {
  return spec.auth === "recordToken" || spec.auth === "claimToken" ? OPENAPI_SECURITY[spec.auth] : [];
}

function operationObject(
  spec: OperationSpec,
  rateLimits: Config["rateLimits"],
  auth: ApiAuth,
  out: OutputSchema,
): Json {
  const responses: Record<string, Json> = {};
  for (const [status, response] of Object.entries(spec.responses)) {
    responses[status] =
      typeof response === "string"
        ? { $ref: `#/components/responses/${response}` }
        : successResponse(spec, Number(status), response, out);
  }
  if (spec.cacheable && !responses["304"]) responses["304"] = { $ref: "#/components/responses/NotModified" };
  for (const [status, problem] of Object.entries(errorResponses(spec, out))) {
    const own = spec.responses[status as unknown as keyof typeof spec.responses];
    // A shared refusal body keeps its place: the problem codes of its status are a second shape of it.
    responses[status] = own === "ValidationFailure" ? refusalOrProblem(own, problem) : problem;
  }
  const notes = [spec.description, spec.rateLimit && rateLimitNote(spec.rateLimit.name, rateLimits)].filter(Boolean);
  const params = parameters(spec);
  const requirements = security(spec, auth);
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    ...(notes.length > 0 ? { description: notes.join("\n\n") } : {}),
    tags: spec.tags,
    ...(requirements ? { security: requirements } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(spec.body
      ? {
          requestBody: {
            required: true,
            ...(spec.body.description ? { description: spec.body.description } : {}),
            content: { "application/json": { schema: toJsonSchema(spec.body.schema, "input") } },
          },
        }
      : {}),
    responses,
  };
}

/**
 * The OpenAPI 3.1 description of this deployment's HTTP API, generated from the operations
 * registry: request schemas are the zod schemas the handlers validate with, errors are problem+json
 * responses built from the one table of codes, and rate-limited operations carry RateLimit headers.
 */
export function buildOpenApi(input: {
  baseUrl: string;
  service: ServiceInfo;
  auth: ApiAuth;
  rateLimits: Config["rateLimits"];
  contactEmail?: string;
  operations?: readonly OperationSpec[];
}): OpenApiDocument {
  const { service } = input;
  const operations = input.operations ?? openApiOperations();
  const named = Object.fromEntries(
    Object.entries(SCHEMA_COMPONENTS).map(([name, schema]) => [name, toJsonSchema(schema, "output")]),
  );
  const out: OutputSchema = (schema) => withComponentRefs(toJsonSchema(schema, "output"), named);
  const paths: OpenApiDocument["paths"] = {};
  for (const spec of operations) {
    paths[spec.path] ??= {};
    (paths[spec.path] as Record<string, Json>)[spec.method.toLowerCase()] = operationObject(
      spec,
      input.rateLimits,
      input.auth,
      out,
    );
  }
  const components = buildComponents();
  const schemes: Json = {};
  if (input.auth.mode === "api-key") schemes.apiKey = { type: "apiKey", in: "header", name: input.auth.header };
  if (input.auth.mode === "bearer") {
    schemes.bearerAuth = { type: "http", scheme: "bearer", description: "A key of INCORPORATE_API_KEYS." };
  }
  for (const name of Object.keys(SECURITY_SCHEMES) as (keyof typeof SECURITY_SCHEMES)[]) {
    if (operations.some((op) => tokenSchemes(op).includes(name))) schemes[name] = SECURITY_SCHEMES[name];
  }
  const securitySchemes = Object.keys(schemes).length > 0 ? { securitySchemes: schemes } : {};
  return {
    openapi: OPENAPI_VERSION,
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: service.name,
      version: service.version,
      summary: "Directory, one-call incorporation and tamper-evident audit log for Argentine sociedades-IA.",
      description: [
        service.description,
        "Recommended crawl order for agents: GET /.well-known/agents.json, then this description, then verify the client package's provenance, then POST /api/auto-incorporate.",
        "Every error except an operation's own 422 validation failure is application/problem+json (RFC 9457) with a stable `code` member.",
      ].join("\n\n"),
      license: { name: service.license, identifier: service.license },
      ...(input.contactEmail ? { contact: { email: input.contactEmail } } : {}),
    },
    servers: [{ url: input.baseUrl }],
    tags: TAGS.map(({ name, description }) => ({ name, description })),
    paths,
    components: {
      ...components,
      schemas: {
        ...components.schemas,
        // Each component references the others it contains, never itself.
        ...Object.fromEntries(
          Object.entries(named).map(([name, schema]) => {
            const { [name]: _self, ...others } = named;
            return [name, withComponentRefs(schema, others)];
          }),
        ),
      },
      ...securitySchemes,
    },
  };
}
