import { ERROR_CODES, type ErrorCode } from "./error-codes";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

const API_ERROR = Symbol.for("sia.api-error");

/** An expected failure that becomes a problem+json response; `detail` is shown to the caller. */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  readonly [API_ERROR] = true;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    /** Extension members merged into the problem body (e.g. `errors`, `allowed`). */
    readonly extensions: Record<string, unknown> = {},
    /** Extra response headers (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.status = ERROR_CODES[code].status;
  }
}

/** Builds an RFC 9457 problem+json response for a code of the table. */
export function problem(
  code: ErrorCode,
  detail: string,
  options: { instance?: string; extensions?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Response {
  const { status, title } = ERROR_CODES[code];
  const body = {
    type: `urn:sociedades-ia:problem:${code}`,
    title,
    status,
    detail,
    code,
    ...(options.instance ? { instance: options.instance } : {}),
    ...options.extensions,
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": PROBLEM_CONTENT_TYPE, "cache-control": "no-store", ...options.headers },
  });
}

/** Recognises an ApiError by brand: lib/ may be bundled into several chunks (see isStoreUnavailable). */
export function isApiError(err: unknown): err is ApiError {
  return typeof err === "object" && err !== null && API_ERROR in err;
}
