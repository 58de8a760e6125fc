import { route } from "@/lib/http/handler";
import { ApiError } from "@/lib/http/problem";

// Any other path under /api – a 404 problem like every API error, rather than the site's HTML page
const notFound = route(
  async () => {
    throw new ApiError("not_found", "No API endpoint has this path; see /api/discovery?format=openapi for the list.");
  },
  { cors: true },
);

export { notFound as DELETE, notFound as GET, notFound as PATCH, notFound as POST, notFound as PUT };
