import type { z } from "zod";
import type { RateLimitName } from "../config/config";
import type { ErrorCode } from "../http/error-codes";
import type { BodySchema } from "../http/raw-schema";
import type { AuthName } from "./authorize";

export interface SuccessResponse {
  description: string;
  /** Media type -> schema. Omit for a bodiless answer. */
  content?: Record<string, BodySchema>;
  /** Extra response headers, by name. */
  headers?: Record<string, { description: string; schema: Record<string, unknown> }>;
}

/** Responses shared through components/responses, referenced by name. */
export type SharedResponseName = "ValidationFailure" | "NotModified";

/**
 * One HTTP operation of the OpenAPI description, registered once in operations.ts. Request schemas
 * are the zod schemas the route handler validates with; errors are codes of lib/http/error-codes.ts
 * and become problem+json responses grouped by status.
 */
export interface OperationSpec {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI path: no query, parameters as {name}. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the operation reads (names as sent, e.g. `last-event-id`). */
  headers?: z.ZodObject;
  /**
   * JSON request body: serve() reads it (lib/http/read-json.ts: 415, 413 beyond `maxBytes`, 400) and
   * parses it with `schema` after the caller's checks and the rate limit.
   */
  body?: {
    schema: z.core.$ZodType;
    description?: string;
    /** The most bytes read; default 64 KiB. */
    maxBytes?: number;
  };
  /** Answers that are not problem+json errors, by status (a shared response by name). */
  responses: Record<number, SuccessResponse | SharedResponseName>;
  /** Problem codes the operation can answer with; internal_error (500) is added to every operation. */
  errors: ErrorCode[];
  /** Per-IP limit (RATE_LIMIT_<NAME>): adds RateLimit headers, the 429 and, for writes, the 503. */
  rateLimit?: { name: RateLimitName; write: boolean };
  /** Sends a strong ETag and answers If-None-Match with 304 (the 304 is added for you). */
  cacheable?: boolean;
  /** How callers authenticate (lib/endpoint/authorize.ts); the description states the matching schemes. */
  auth?: AuthName;
  /**
   * Members that a problem code adds to the problem body on this operation (`findings` on
   * `validation_failed`, `field` on `registry_duplicate`...). Loose objects: Problem stays open.
   */
  problemMembers?: Partial<Record<ErrorCode, z.ZodObject>>;
}

/** Identity function that checks an operation's shape where it is written. */
export function defineOperation(spec: OperationSpec): OperationSpec {
  return spec;
}
