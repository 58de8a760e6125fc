import { route } from "./handler";
import { ApiError } from "./problem";

/** The error for a path under /api that no endpoint serves. */
export function notFoundError(): ApiError {
  return new ApiError("not_found", "No API endpoint has this path; see /api/discovery?format=openapi for the list.");
}

/** A 404 problem like every API error, rather than the site's HTML page. */
export const notFoundRoute = route(
  async () => {
    throw notFoundError();
  },
  { cors: true },
);
