import { isStoreUnavailable } from "../store/types";
import { withCors } from "./cors";
import { isApiError, problem } from "./problem";

type Handler<C> = (request: Request, context: C) => Promise<Response>;

export interface RouteOptions {
  /** Public read API: add CORS headers for any origin. */
  cors?: boolean;
}

/**
 * Wraps a route handler: expected failures (ApiError) become their problem+json, an unreachable
 * store a 503, and anything else a 500 that reveals nothing internal (the error is logged).
 */
export function route<C = unknown>(fn: Handler<C>, options: RouteOptions = {}): Handler<C> {
  return async (request, context) => {
    let response: Response;
    try {
      response = await fn(request, context);
    } catch (err) {
      response = errorResponse(err, new URL(request.url).pathname);
    }
    return options.cors ? withCors(response) : response;
  };
}

export function errorResponse(err: unknown, instance?: string): Response {
  if (isApiError(err)) {
    return problem(err.code, err.detail, { instance, extensions: err.extensions, headers: err.headers });
  }
  if (isStoreUnavailable(err)) {
    console.error(`[store] ${err.message}`);
    const detail = err.outcomeUnknown
      ? "Storage did not confirm the change in time: it may or may not have been made. Read before repeating a request; an incorporation repeated with the same body or Idempotency-Key is never made twice."
      : "Storage is unreachable right now; nothing was changed. Try again shortly.";
    return problem("store_unavailable", detail, { instance, headers: { "retry-after": "5" } });
  }
  console.error(err);
  return problem("internal_error", "An unexpected error occurred; it has been logged. Try again later.", {
    instance,
  });
}

/** A JSON response with the given status and headers. */
export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return jsonText(JSON.stringify(body), init);
}

/**
 * A JSON response whose body is already serialised, as text or as its UTF-8 bytes. The body goes in
 * as bytes: a string body takes the Fetch API's longer way (a USVString conversion, then
 * TextEncoder), measurably slower for an incorporation's answer. Both replace a lone surrogate with
 * U+FFFD alike.
 */
export function jsonText(
  text: string | Uint8Array<ArrayBuffer>,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(typeof text === "string" ? Buffer.from(text, "utf8") : text, {
    status: init.status ?? 200,
    headers: { "content-type": "application/json; charset=utf-8", ...init.headers },
  });
}
