import { type RouteOptions, route } from "./handler";
import { ApiError } from "./problem";

/** The methods a route answers; Next answers any other with an empty 400. */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export type Method = (typeof METHODS)[number];

/**
 * Handlers for the methods a route does not serve: a 405 problem whose Allow header lists `allow`,
 * instead of Next's bare empty 405. A route file exports them beside its own handlers:
 *
 *   export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
 *
 * With GET, list HEAD too: Next answers HEAD with the GET handler unless the route exports a HEAD.
 */
export function methodNotAllowed<const A extends readonly Method[]>(allow: A, options: RouteOptions = {}) {
  const served: readonly Method[] = allow;
  if (served.includes("GET") && !served.includes("HEAD")) throw new Error("methodNotAllowed: GET also serves HEAD");
  const allowed = served.join(", ");
  const handler = route(async (request) => {
    throw new ApiError(
      "method_not_allowed",
      `This path does not take ${request.method}; it takes ${allowed}.`,
      {},
      { allow: allowed },
    );
  }, options);
  const handlers = Object.fromEntries(METHODS.filter((m) => !served.includes(m)).map((m) => [m, handler]));
  return handlers as Record<Exclude<Method, A[number]>, typeof handler>;
}
